// Helpers of the window tests that run the built `vgdl` (VGDL_BINARY) through the shell.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace vgdl::window::testing {

struct ShellResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `script` with /bin/sh; stdout and stderr are captured together.
inline ShellResult RunShell(const std::string& script) {
  ShellResult r;
  const std::string command = "( " + script + " ) 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf;
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::string Quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

inline std::string Vgdl() {
  return Quote(VGDL_BINARY);
}

inline std::filesystem::path Data() {
  return std::filesystem::path(VGDL_TEST_DATA_DIR) / "window";
}

inline std::string DataFile(const std::string& name) {
  return Quote((Data() / name).string());
}

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline bool HaveProgram(const std::string& name) {
  return RunShell("command -v " + name + " >/dev/null").exit_code == 0;
}

}  // namespace vgdl::window::testing
