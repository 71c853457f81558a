#include "vgdl/diagnostic.h"

#include <algorithm>
#include <utility>

#include "vgdl/text.h"

namespace vgdl {

namespace {

const char* SeverityName(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "note";
  }
  return "error";
}

// The spaces (tabs where the line has tabs, so that the caret lines up) before the caret.
std::string CaretPad(std::string_view line, int chars) {
  std::string pad;
  const size_t end = lang::ByteOffsetOfChar(line, static_cast<size_t>(std::max(0, chars)));
  const int available = lang::CharCount(line, end);
  for (size_t i = 0; i < end; ++i) {
    if (line[i] == '\t') {
      pad += '\t';
    } else if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) {
      pad += ' ';  // one per character: continuation bytes add nothing
    }
  }
  // A caret past the end of the line (e.g. at a missing token) still gets its column.
  pad.append(static_cast<size_t>(std::max(0, chars - available)), ' ');
  return pad;
}

}  // namespace

Diagnostic FileError(std::string file, std::string message) {
  Diagnostic d;
  d.severity = Severity::kError;
  d.file = std::move(file);
  d.message = std::move(message);
  return d;
}

std::string Format(const Diagnostic& d) {
  std::string out = d.file;
  if (d.line > 0) {
    out += ":" + std::to_string(d.line);
    if (d.column > 0) out += ":" + std::to_string(d.column);
  }
  out += ": ";
  out += SeverityName(d.severity);
  out += ": " + d.message + "\n";
  if (d.line > 0 && !d.source_line.empty()) {
    const std::string shown = lang::Printable(d.source_line);
    out += "  " + shown + "\n";
    if (d.column > 0) {
      const int caret = d.column - 1 - d.source_offset;
      const int room = std::max(1, lang::CharCount(shown) - caret);
      const int underline = std::clamp(d.length, 1, room);
      out += "  " + CaretPad(shown, caret) + "^" +
             std::string(static_cast<size_t>(underline - 1), '~') + "\n";
    }
  }
  if (!d.hint.empty()) out += "  " + d.hint + "\n";
  return out;
}

bool Diagnostics::HasErrors() const {
  return ErrorCount() > 0;
}

int Diagnostics::ErrorCount() const {
  return static_cast<int>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::kError;
  }));
}

int Diagnostics::WarningCount() const {
  return static_cast<int>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
    return d.severity == Severity::kWarning;
  }));
}

void Diagnostics::Append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

}  // namespace vgdl
