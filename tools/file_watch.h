// Which of a few files changed on disk since they were last read: `vgdl check --watch` checks
// a game again whenever its game or level files change.
//
// Polled, comparing whole contents: game and level files are a few kilobytes, reading them a
// few times a second costs nothing, and a content comparison sees every edit, where a file's
// modification time can stay the same across two quick saves on a coarse clock, and needs no
// platform's notification interface.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace vgdl::tools {

class FileWatch {
 public:
  // Starts watching `files` as they are now.
  explicit FileWatch(std::vector<std::filesystem::path> files) : files_(std::move(files)) {
    for (const auto& file : files_) contents_.push_back(Read(file));
  }

  const std::vector<std::filesystem::path>& files() const { return files_; }

  // The files whose contents differ from the last look (a file that appeared or went away
  // counts), and takes their new contents as the reference.
  std::vector<std::filesystem::path> Changed() {
    std::vector<std::filesystem::path> changed;
    for (size_t i = 0; i < files_.size(); ++i) {
      std::optional<std::string> now = Read(files_[i]);
      if (now == contents_[i]) continue;
      contents_[i] = std::move(now);
      changed.push_back(files_[i]);
    }
    return changed;
  }

 private:
  // The file's bytes; nullopt when it cannot be read (not there, or being replaced).
  static std::optional<std::string> Read(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  std::vector<std::filesystem::path> files_;
  std::vector<std::optional<std::string>> contents_;
};

}  // namespace vgdl::tools
