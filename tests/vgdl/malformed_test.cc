// The malformed-file corpus: each tests/data/malformed/<case>.txt holds one mistake and
// <case>.expected the exact diagnostics the loader prints for it. Set VGDL_UPDATE_GOLDEN=1 to
// rewrite the .expected files (then review the diff).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;

fs::path MalformedDir() {
  return testing::TestDataDir() / "malformed";
}

std::vector<std::string> Cases() {
  std::vector<std::string> cases;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(MalformedDir(), ec)) {
    if (entry.path().extension() == ".txt") cases.push_back(entry.path().stem().string());
  }
  std::sort(cases.begin(), cases.end());
  return cases;
}

std::string ReadBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class MalformedTest : public ::testing::TestWithParam<std::string> {};

TEST_P(MalformedTest, DiagnosticsMatchTheExpectedFile) {
  const fs::path game = MalformedDir() / (GetParam() + ".txt");
  const fs::path expected_file = MalformedDir() / (GetParam() + ".expected");
  GameLoad load = LoadGameFromText(ReadBytes(game), game.filename().string());
  // And as GVGAI would load it (LoadOptions::gvgai_subset): loaded only when its one error is a
  // line GVGAI's parser stops at.
  const GameLoad subset =
      LoadGameFromText(ReadBytes(game), game.filename().string(),
                       LoadOptions{.gvgai_subset = true, .parameter_settings = {}});
  const std::string actual =
      testing::FormatAll(load.diagnostics) +
      (load.game ? "result: loaded\n" : "result: not loaded\n") + "with --gvgai-subset: " +
      (!subset.game ? "not loaded\n"
       : subset.game->gvgai_stop_line == 0
           ? "loaded\n"
           : "loaded, up to line " + std::to_string(subset.game->gvgai_stop_line) + "\n");
  if (const char* update = std::getenv("VGDL_UPDATE_GOLDEN"); update && *update == '1') {
    std::ofstream(expected_file, std::ios::binary) << actual;
  }
  ASSERT_TRUE(fs::exists(expected_file)) << expected_file;
  EXPECT_EQ(actual, ReadBytes(expected_file)) << game;
  EXPECT_EQ(load.game == nullptr, load.diagnostics.HasErrors());
}

INSTANTIATE_TEST_SUITE_P(Files, MalformedTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           return param_info.param;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MalformedTest);

TEST(MalformedCorpus, IsPresent) {
  EXPECT_GE(Cases().size(), 30u);
}

}  // namespace
}  // namespace vgdl
