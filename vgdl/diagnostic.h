// Diagnostics for VGDL game and level files: where (file, line, column, length), what, and a
// hint ("did you mean 'killSprite'?"). Loading never throws for bad input; it returns these.
#pragma once

#include <string>
#include <vector>

namespace vgdl {

enum class Severity { kError, kWarning, kNote };

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string file;
  int line = 0;    // 1-based; 0 when the diagnostic concerns the whole file
  int column = 0;  // 1-based character column in the raw line
  int length = 0;  // characters to underline (0: a caret only)
  std::string message;
  std::string hint;         // optional, e.g. "did you mean 'killSprite'?"
  std::string source_line;  // the raw line, for the caret display
  // For long lines source_line is an excerpt around the column ("...text..."): the caret
  // goes under its character (column - 1 - source_offset). 0 when it is the whole line.
  int source_offset = 0;
};

// An error about a whole file, such as one that cannot be read: no line, no column.
Diagnostic FileError(std::string file, std::string message);

// Renders "file:line:col: error: message", then the source line with the token underlined and
// the hint, the way compilers print them.
std::string Format(const Diagnostic& d);

class Diagnostics {
 public:
  void Add(Diagnostic d) { items_.push_back(std::move(d)); }
  const std::vector<Diagnostic>& items() const { return items_; }
  bool HasErrors() const;
  int ErrorCount() const;
  int WarningCount() const;
  void Append(const Diagnostics& other);

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace vgdl
