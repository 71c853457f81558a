// Helpers shared by the language tests: where the GVGAI reference data and the test data
// live, and loading a game that must load.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>

#include "vgdl/loader.h"

namespace vgdl::testing {

// The GVGAI reference folder: $VGDL_GVGAI_DIR, else ../shared/gvgai beside the repository;
// empty when it does not exist (tests then skip).
inline std::filesystem::path GvgaiDir() {
  std::filesystem::path dir;
  if (const char* env = std::getenv("VGDL_GVGAI_DIR"); env != nullptr && *env != '\0') {
    dir = env;
  } else {
    dir = std::filesystem::path(VGDL_SOURCE_DIR) / ".." / "shared" / "gvgai";
  }
  std::error_code ec;
  return std::filesystem::is_directory(dir / "games", ec) ? dir : std::filesystem::path();
}

inline std::filesystem::path TestDataDir() {
  return VGDL_TEST_DATA_DIR;
}

inline std::string FormatAll(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.items()) out += Format(d);
  return out;
}

// Loads `text`; the test fails (with the diagnostics) unless it loads without any diagnostic.
inline std::shared_ptr<const GameDef> LoadClean(std::string_view text) {
  GameLoad load = LoadGameFromText(text, "test.txt");
  EXPECT_TRUE(load.diagnostics.items().empty()) << FormatAll(load.diagnostics);
  return load.game;
}

inline const SpriteDef& TypeNamed(const GameDef& game, std::string_view name) {
  const TypeId id = game.FindType(name);
  EXPECT_NE(id, kNoType) << name;
  return game.type(id == kNoType ? kWallType : id);
}

}  // namespace vgdl::testing

#define VGDL_REQUIRE_GVGAI(dir)                                  \
  const std::filesystem::path dir = ::vgdl::testing::GvgaiDir(); \
  if (dir.empty()) GTEST_SKIP() << "GVGAI reference data not found (set VGDL_GVGAI_DIR)"
