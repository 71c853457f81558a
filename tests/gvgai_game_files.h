// The game files of a GVGAI games folder, for tests that go over every game.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace vgdl::testing {

// Every game file (*.txt that is not a level) under `gvgai`/games, recursively, sorted.
inline std::vector<std::filesystem::path> GvgaiGameFiles(const std::filesystem::path& gvgai) {
  std::vector<std::filesystem::path> games;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(gvgai / "games")) {
    const std::string stem = entry.path().stem().string();
    if (entry.path().extension() == ".txt" && stem.find("_lvl") == std::string::npos) {
      games.push_back(entry.path());
    }
  }
  std::sort(games.begin(), games.end());
  return games;
}

}  // namespace vgdl::testing
