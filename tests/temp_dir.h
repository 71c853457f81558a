// A temporary folder of one test's own, removed when the test is done with it.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace vgdl::testing {

// ctest runs every test in a process of its own, several at once, so a folder named after
// anything two processes can share (a fixed name, gtest's time-based seed, an object's
// address, which ASan makes the same in every process) lets one test delete another's
// files. mkdtemp picks a name no other process has.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "vgdl_test") {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "_XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed for " << pattern;
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    if (!keep_) std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // Leaves the folder in place, for whoever reads a failure that names a file in it.
  void Keep() { keep_ = true; }

  const std::filesystem::path& path() const { return path_; }
  operator const std::filesystem::path&() const { return path_; }  // NOLINT: a TempDir is its path
  std::filesystem::path operator/(const std::filesystem::path& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
  bool keep_ = false;
};

}  // namespace vgdl::testing
