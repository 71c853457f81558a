#include "vgdl/diag_sink.h"

#include <algorithm>
#include <utility>

#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

// Lines longer than this are shown as an excerpt around the column.
constexpr int kMaxShownChars = 160;
constexpr int kContextBefore = 60;
constexpr int kExcerptChars = 120;

void SetSourceExcerpt(Diagnostic& d, std::string_view line) {
  const size_t short_end = ByteOffsetOfChar(line, kMaxShownChars + 1);
  if (short_end == line.size() && CharCount(line) <= kMaxShownChars) {
    d.source_line = std::string(line);
    return;
  }
  const int start = std::max(0, d.column - 1 - kContextBefore);
  const size_t begin = ByteOffsetOfChar(line, static_cast<size_t>(start));
  const std::string_view rest = line.substr(begin);
  const size_t end = ByteOffsetOfChar(rest, kExcerptChars);
  d.source_line = (start > 0 ? "..." : "") + std::string(rest.substr(0, end)) +
                  (end < rest.size() ? "..." : "");
  d.source_offset = start > 0 ? start - 3 : 0;
}

}  // namespace

void DiagSink::Report(Severity severity, int line, int column, int length,
                      std::string_view source_line, std::string message, std::string hint) {
  if (full_ || muted_) return;
  if (severity != Severity::kError && count_ >= kMaxDiagnostics) {
    // Warnings do not stop loading: the rest are only left out of the report.
    if (!dropped_) {
      Diagnostic note;
      note.severity = Severity::kNote;
      note.file = file_;
      note.message = "more warnings and notes follow but are not shown";
      out_->Add(std::move(note));
      dropped_ = true;
    }
    return;
  }
  if (!seen_.emplace(static_cast<int>(severity), line, column, message).second) return;
  Diagnostic d;
  d.severity = severity;
  d.file = file_;
  d.line = line;
  d.column = column;
  d.length = length;
  d.message = std::move(message);
  d.hint = std::move(hint);
  SetSourceExcerpt(d, source_line);
  out_->Add(std::move(d));
  ++count_;
  if (severity == Severity::kError) ++errors_;
  if (errors_ >= kMaxErrors) {
    Diagnostic note;
    note.severity = Severity::kNote;
    note.file = file_;
    note.message = "too many errors; stopped reading this file";
    out_->Add(std::move(note));
    full_ = true;
  }
}

void DiagSink::At(Severity severity, const Line& line, const Token& token, std::string message,
                  std::string hint) {
  Report(severity, line.number, token.column, token.length, line.raw, std::move(message),
         std::move(hint));
}

void DiagSink::AtLine(Severity severity, const Line& line, std::string message, std::string hint) {
  if (line.tokens.empty()) {
    Report(severity, line.number, line.indent + 1, 0, line.raw, std::move(message),
           std::move(hint));
  } else {
    At(severity, line, line.tokens.front(), std::move(message), std::move(hint));
  }
}

void DiagSink::AtFile(Severity severity, std::string message, std::string hint) {
  Report(severity, 0, 0, 0, {}, std::move(message), std::move(hint));
}

}  // namespace vgdl::lang
