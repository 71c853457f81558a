// The shared arguments of the window's commands (tools/window/command_args.h).
#include "tools/window/command_args.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/temp_dir.h"

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;

// `vgdl play --screenshots DIR` with a DIR that does not exist failed at the first F12 with
// SFML's "Failed to save image": the folder is made at start, with its parents.
TEST(PrepareScreenshotFolderTest, MakesAMissingFolderWithItsParents) {
  const vgdl::testing::TempDir dir("vgdl_shots");
  const fs::path shots = dir / "new" / "shots";
  std::string error;
  EXPECT_TRUE(PrepareScreenshotFolder(shots, &error)) << error;
  EXPECT_TRUE(fs::is_directory(shots));
  EXPECT_TRUE(PrepareScreenshotFolder(shots, &error)) << error;  // already there
  EXPECT_TRUE(PrepareScreenshotFolder("", &error)) << error;     // the current folder
}

TEST(PrepareScreenshotFolderTest, RefusesWhatCannotBeAFolder) {
  const vgdl::testing::TempDir dir("vgdl_shots_bad");
  const fs::path file = dir / "notes.txt";
  std::ofstream(file) << "a file\n";
  std::string error;
  EXPECT_FALSE(PrepareScreenshotFolder(file, &error));
  EXPECT_NE(error.find("is not a folder"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(PrepareScreenshotFolder(file / "inside", &error));
  EXPECT_NE(error.find("cannot make the folder"), std::string::npos) << error;
}

}  // namespace
}  // namespace vgdl::window
