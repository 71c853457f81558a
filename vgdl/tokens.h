// The lexical units of a VGDL game file: lines of whitespace-separated tokens, each knowing
// where it was written so that diagnostics can point at it.
#pragma once

#include <string_view>
#include <vector>

namespace vgdl::lang {

struct Token {
  std::string_view text;
  int column = 0;  // 1-based character column in the raw line
  int length = 0;  // in characters
};

// One physical line after comment removal and tokenisation (GVGAI's Utils.formatString
// followed by split(" ")).
struct Line {
  int number = 0;             // 1-based
  std::string_view raw;       // the whole line without its end-of-line, comment included
  int indent = 0;             // GVGAI's indent: leading whitespace characters (a tab is one)
  std::vector<Token> tokens;  // empty for blank and comment-only lines
};

}  // namespace vgdl::lang
