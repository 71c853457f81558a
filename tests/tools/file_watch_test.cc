// FileWatch (tools/file_watch.h): an edit, a file that goes away and one that comes back are
// each a change, once.
#include "tools/file_watch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "tests/temp_dir.h"

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

TEST(FileWatchTest, SeesEditsRemovalsAndReturnsOnce) {
  const vgdl::testing::TempDir dir("vgdl_file_watch");
  const fs::path game = dir / "game.txt";
  const fs::path level = dir / "game_lvl0.txt";
  std::ofstream(game) << "BasicGame\n";
  std::ofstream(level) << "wA.w\n";
  FileWatch watch({game, level});
  EXPECT_TRUE(watch.Changed().empty());

  // Same length, same second: only the contents tell.
  std::ofstream(level) << "w.Aw\n";
  EXPECT_EQ(watch.Changed(), std::vector<fs::path>{level});
  EXPECT_TRUE(watch.Changed().empty());

  fs::remove(game);
  EXPECT_EQ(watch.Changed(), std::vector<fs::path>{game});
  std::ofstream(game) << "BasicGame\n";
  EXPECT_EQ(watch.Changed(), std::vector<fs::path>{game});
  EXPECT_TRUE(watch.Changed().empty());
}

}  // namespace
}  // namespace vgdl::tools
