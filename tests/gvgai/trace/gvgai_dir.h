// Where tests find the GVGAI reference material (../shared/gvgai beside the source tree, or
// $VGDL_GVGAI_DIR). Tests that need it skip when it is absent.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace vgdl::testing {

inline std::filesystem::path GvgaiDir() {
  if (const char* env = std::getenv("VGDL_GVGAI_DIR"); env != nullptr && *env != '\0') {
    return env;
  }
  return std::filesystem::path(VGDL_SOURCE_DIR) / ".." / "shared" / "gvgai";
}

inline bool HaveGvgai() {
  std::error_code ec;
  return std::filesystem::is_directory(GvgaiDir() / "traces", ec) &&
         std::filesystem::is_directory(GvgaiDir() / "games", ec);
}

}  // namespace vgdl::testing
