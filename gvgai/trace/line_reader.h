// What the readers of the trace files share (traces, statistics tables, observation records):
// their lines one at a time with their numbers, and whole numbers as written.
#pragma once

#include <charconv>
#include <string>
#include <string_view>

#include "gvgai/trace/trace.h"

namespace vgdl::trace {

// Reads the lines of a file's text one at a time (a '\r' before a '\n' dropped), tracking the
// line number for errors. `text` and `file` must outlive the reader.
class LineReader {
 public:
  LineReader(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  bool Next() {
    if (pos_ >= text_.size()) return false;
    const size_t nl = text_.find('\n', pos_);
    const size_t end = nl == std::string_view::npos ? text_.size() : nl;
    line_ = text_.substr(pos_, end - pos_);
    if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  std::string_view line() const { return line_; }
  int number() const { return number_; }
  [[noreturn]] void Fail(const std::string& message) const {
    throw TraceError(file_, number_, message);
  }

 private:
  std::string_view text_;
  const std::string& file_;
  size_t pos_ = 0;
  std::string_view line_;
  int number_ = 0;
};

// `text` as a number of type Number, all of it (no sign but '-', no spaces).
template <typename Number>
bool ParseNumber(std::string_view text, Number& out) {
  if (text.empty()) return false;
  const auto res = std::from_chars(text.data(), text.data() + text.size(), out);
  return res.ec == std::errc() && res.ptr == text.data() + text.size();
}

}  // namespace vgdl::trace
