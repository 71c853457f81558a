// PNG goldens of the window tests (tests/data/window/golden/): a rendered image compared pixel
// for pixel; VGDL_UPDATE_GOLDEN=1 replaces the golden with the new image (check it by eye).
#pragma once

#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "tests/temp_dir.h"
#include "tests/window/command_util.h"

namespace vgdl::window::testing {

inline bool UpdateGoldens() {
  const char* env = std::getenv("VGDL_UPDATE_GOLDEN");
  return env != nullptr && *env != '\0' && std::string(env) != "0";
}

// Compares `out` (an image made in `dir`) with golden/<golden>; on a difference `dir` is kept
// so that the new image can be looked at.
inline void ExpectMatchesGolden(const std::filesystem::path& out, const std::string& golden,
                                vgdl::testing::TempDir& dir) {
  const std::filesystem::path expected_path = Data() / "golden" / golden;
  if (UpdateGoldens()) {
    std::filesystem::create_directories(expected_path.parent_path());
    std::filesystem::copy_file(out, expected_path,
                               std::filesystem::copy_options::overwrite_existing);
    std::cout << "updated " << expected_path << "\n";
  }
  sf::Image actual;
  sf::Image expected;
  ASSERT_TRUE(actual.loadFromFile(out.string()));
  ASSERT_TRUE(expected.loadFromFile(expected_path.string()))
      << expected_path << " is missing: run with VGDL_UPDATE_GOLDEN=1 to create it";
  ASSERT_EQ(actual.getSize(), expected.getSize()) << golden;
  for (unsigned y = 0; y < actual.getSize().y; ++y) {
    for (unsigned x = 0; x < actual.getSize().x; ++x) {
      if (actual.getPixel(x, y) != expected.getPixel(x, y)) {
        dir.Keep();
        FAIL() << golden << " differs first at (" << x << ", " << y << "); the new image is " << out
               << " (VGDL_UPDATE_GOLDEN=1 accepts it)";
      }
    }
  }
}

}  // namespace vgdl::window::testing
