// Every game of the GVGAI reference corpus loads as GVGAI loads it: no errors, no warnings
// GVGAI would not report, every level builds, and what the loader resolves matches the
// reference data (type counts, avatar classes, level sizes, block sizes, and the sprites and
// sprite order of each level's first traced tick).
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "tests/gvgai_game_files.h"
#include "tests/vgdl/lang_test_util.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"
#include "vgdl/names.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::FormatAll;

std::vector<fs::path> LevelFiles(const fs::path& game) {
  std::vector<fs::path> levels;
  for (int n = 0;; ++n) {
    fs::path level =
        game.parent_path() / (game.stem().string() + "_lvl" + std::to_string(n) + ".txt");
    if (!fs::exists(level)) break;
    levels.push_back(level);
  }
  return levels;
}

// Diagnostics of the corpus, by file name, that GVGAI also has reason to report (or that are
// notes on what GVGAI silently accepts).
const std::map<std::string, std::vector<std::string>>& ExpectedDiagnostics() {
  static const auto* expected = new std::map<std::string, std::vector<std::string>>{
      {"themole.txt",
       {"note: sprite 'underEnemy' is declared again (first at line 24); GVGAI uses this last "
        "declaration"}},
      {"vortex.txt",
       {"note: sprite 'wall' is declared again (first at line 19); GVGAI uses this last "
        "declaration"}},
      {"witnessprotected.txt",
       {"note: unknown sprite 'running'; GVGAI fails on any level that uses 'n'"}},
      {"shipwreck_lvl4.txt",
       {"warning: row 4 has 23 characters, more than the first row's 22; GVGAI ignores the extra "
        "ones",
        "warning: row 10 has 23 characters, more than the first row's 22; GVGAI ignores the "
        "extra ones"}},
      {"waves_lvl4.txt",
       {"warning: row 7 has 33 characters, more than the first row's 32; GVGAI ignores the extra "
        "ones"}},
  };
  return *expected;
}

std::vector<std::string> Messages(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics.items()) {
    const char* severity = d.severity == Severity::kError     ? "error: "
                           : d.severity == Severity::kWarning ? "warning: "
                                                              : "note: ";
    out.push_back(severity + d.message);
  }
  return out;
}

void ExpectDiagnostics(const fs::path& file, const Diagnostics& diagnostics) {
  const auto& expected = ExpectedDiagnostics();
  const auto it = expected.find(file.filename().string());
  const std::vector<std::string> want =
      it == expected.end() ? std::vector<std::string>{} : it->second;
  EXPECT_EQ(Messages(diagnostics), want) << file << "\n" << FormatAll(diagnostics);
}

TEST(Corpus, EveryGameAndLevelLoadsWithExactlyTheExpectedDiagnostics) {
  VGDL_REQUIRE_GVGAI(dir);
  const std::vector<fs::path> games = testing::GvgaiGameFiles(dir);
  EXPECT_GE(games.size(), 91u);
  int levels = 0;
  for (const fs::path& file : games) {
    GameLoad load = LoadGameFromFile(file);
    ASSERT_TRUE(load.game) << file << "\n" << FormatAll(load.diagnostics);
    ExpectDiagnostics(file, load.diagnostics);
    for (const fs::path& level_file : LevelFiles(file)) {
      LevelLoad level = LoadLevelFromFile(*load.game, level_file);
      EXPECT_TRUE(level.level) << level_file << "\n" << FormatAll(level.diagnostics);
      ExpectDiagnostics(level_file, level.diagnostics);
      ++levels;
    }
  }
  EXPECT_GE(levels, 455);
}

// games.tsv: folder, game, ..., avatar_class_lvl0 (6), ..., lvl0_grid_WxH (8),
// lvl0_block_px (9), lvl0_sprites (10), sprite_types (11).
TEST(Corpus, MatchesTheGamesIndex) {
  VGDL_REQUIRE_GVGAI(dir);
  std::ifstream index(dir / "games.tsv");
  ASSERT_TRUE(index);
  std::string row;
  std::getline(index, row);  // header
  int checked = 0;
  while (std::getline(index, row)) {
    std::vector<std::string> cols;
    std::stringstream ss(row);
    for (std::string col; std::getline(ss, col, '\t');) cols.push_back(col);
    ASSERT_GE(cols.size(), 12u) << row;
    const fs::path file = dir / "games" / cols[0] / (cols[1] + ".txt");
    GameLoad load = LoadGameFromFile(file);
    ASSERT_TRUE(load.game) << file;
    const GameDef& game = *load.game;
    EXPECT_EQ(std::to_string(game.type_count()), cols[11]) << cols[1];
    LevelLoad level = LoadLevelFromFile(game, LevelFiles(file).at(0));
    ASSERT_TRUE(level.level) << cols[1];
    EXPECT_EQ(std::to_string(level.level->width) + "x" + std::to_string(level.level->height),
              cols[8])
        << cols[1];
    EXPECT_EQ(std::to_string(level.level->block_size), cols[9]) << cols[1];
    const std::vector<int> counts = CountInitialSprites(game, *level.level);
    int total = 0;
    std::string avatar_class;
    for (size_t t = 0; t < counts.size(); ++t) {
      total += counts[t];
      if (counts[t] > 0 && game.types[t].is_avatar) {
        avatar_class = std::string(SpriteClassName(game.types[t].cls));
      }
    }
    EXPECT_EQ(std::to_string(total), cols[10]) << cols[1];
    EXPECT_EQ(avatar_class, cols[6]) << cols[1];
    ++checked;
  }
  EXPECT_GE(checked, 91);
}

// The header of a reference trace: block size, level size and the sprites at tick 0, listed
// avatar first, then by sprite order from last to first (TRACES.md).
struct TraceHeader {
  std::string folder;
  int block = 0;
  int width = 0;
  int height = 0;
  std::vector<std::string> order;  // type names in listing order, each once
  std::map<std::string, int> counts;
};

std::optional<TraceHeader> ReadTraceHeader(const fs::path& path) {
  gzFile file = gzopen(path.string().c_str(), "rb");
  if (file == nullptr) return std::nullopt;
  TraceHeader header;
  char buffer[4096];
  while (gzgets(file, buffer, sizeof buffer) != nullptr) {
    std::istringstream line(buffer);
    std::string tag;
    line >> tag;
    if (tag == "t") break;
    if (tag == "folder") line >> header.folder;
    if (tag == "block") line >> header.block;
    if (tag == "size") line >> header.width >> header.height;
    if (tag == "s") {
      std::string type;
      line >> type;
      if (header.counts[type]++ == 0) header.order.push_back(type);
    }
  }
  gzclose(file);
  return header;
}

TEST(Corpus, LevelsMatchTheFirstTickOfEveryReferenceTrace) {
  VGDL_REQUIRE_GVGAI(dir);
  std::map<std::string, std::shared_ptr<const GameDef>> games;
  std::set<std::string> seen;
  for (const auto& entry : fs::directory_iterator(dir / "traces")) {
    const std::string name = entry.path().filename().string();  // <game>_lvl<N>_s<K>.trace.gz
    const size_t lvl = name.rfind("_lvl");
    const size_t s = name.rfind("_s");
    if (lvl == std::string::npos || s == std::string::npos || s < lvl) continue;
    const std::string game_name = name.substr(0, lvl);
    const std::string level_number = name.substr(lvl + 4, s - lvl - 4);
    if (!seen.insert(game_name + "/" + level_number).second) continue;
    const std::optional<TraceHeader> header = ReadTraceHeader(entry.path());
    ASSERT_TRUE(header) << name;
    const fs::path game_file = dir / "games" / header->folder / (game_name + ".txt");
    auto& game = games[game_name];
    if (!game) game = LoadGameFromFile(game_file).game;
    ASSERT_TRUE(game) << game_file;
    LevelLoad level = LoadLevelFromFile(
        *game, game_file.parent_path() / (game_name + "_lvl" + level_number + ".txt"));
    ASSERT_TRUE(level.level) << name;
    EXPECT_EQ(level.level->block_size, header->block) << name;
    EXPECT_EQ(level.level->width, header->width) << name;
    EXPECT_EQ(level.level->height, header->height) << name;

    const std::vector<int> counts = CountInitialSprites(*game, *level.level);
    std::map<std::string, int> by_name;
    TypeId avatar = kNoType;
    for (size_t t = 0; t < counts.size(); ++t) {
      if (counts[t] == 0) continue;
      by_name[game->types[t].name] = counts[t];
      if (game->types[t].is_avatar) avatar = static_cast<TypeId>(t);
    }
    EXPECT_EQ(by_name, header->counts) << name;
    std::vector<std::string> order;
    if (avatar != kNoType) order.push_back(game->type(avatar).name);
    for (auto it = game->sprite_order.rbegin(); it != game->sprite_order.rend(); ++it) {
      if (counts[static_cast<size_t>(*it)] == 0) continue;
      if (*it == avatar && counts[static_cast<size_t>(*it)] == 1) continue;
      order.push_back(game->type(*it).name);
    }
    EXPECT_EQ(order, header->order) << name;
  }
  EXPECT_GE(seen.size(), 455u);
}

}  // namespace
}  // namespace vgdl
