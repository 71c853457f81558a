// Collects the diagnostics of one file: positions them, drops exact duplicates, and keeps the
// report short: after kMaxErrors errors reading stops (a binary file gives a few lines, not a
// flood), and after kMaxDiagnostics further warnings and notes are counted out of the report
// while loading goes on.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <tuple>

#include "vgdl/diagnostic.h"
#include "vgdl/tokens.h"

namespace vgdl::lang {

class DiagSink {
 public:
  static constexpr int kMaxErrors = 50;
  static constexpr int kMaxDiagnostics = 200;

  DiagSink(std::string file, Diagnostics* out) : file_(std::move(file)), out_(out) {}

  void Report(Severity severity, int line, int column, int length, std::string_view source_line,
              std::string message, std::string hint = {});
  void Error(const Line& line, const Token& token, std::string message, std::string hint = {}) {
    At(Severity::kError, line, token, std::move(message), std::move(hint));
  }
  void Warning(const Line& line, const Token& token, std::string message, std::string hint = {}) {
    At(Severity::kWarning, line, token, std::move(message), std::move(hint));
  }
  void At(Severity severity, const Line& line, const Token& token, std::string message,
          std::string hint = {});
  // A problem with the line as a whole: the caret goes under its first token.
  void AtLine(Severity severity, const Line& line, std::string message, std::string hint = {});
  // A problem with the whole file (no position).
  void AtFile(Severity severity, std::string message, std::string hint = {});

  // True once kMaxErrors errors were reported; callers stop looking for more problems.
  bool full() const { return full_; }
  // Drops every later report: the rest of the file is not read (LoadContext::GvgaiStopsAt).
  void Mute() { muted_ = true; }
  bool has_errors() const { return errors_ > 0; }
  const std::string& file() const { return file_; }

 private:
  std::string file_;
  Diagnostics* out_;
  int errors_ = 0;
  int count_ = 0;
  bool full_ = false;
  bool muted_ = false;
  bool dropped_ = false;
  std::set<std::tuple<int, int, int, std::string>> seen_;
};

}  // namespace vgdl::lang
