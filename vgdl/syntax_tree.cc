#include "vgdl/syntax_tree.h"

#include <string>
#include <tao/pegtl.hpp>

#include "vgdl/grammar.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace pegtl = tao::pegtl;

namespace {

struct LexState {
  std::string_view text;
  std::vector<Line> lines;
  Line current;
  size_t line_start = 0;
  // Character count up to a byte offset of the current line, advanced token by token so that
  // a huge line with many tokens costs linear time.
  size_t cursor_bytes = 0;
  int cursor_chars = 0;

  int ColumnOf(size_t byte_in_line) {
    const std::string_view rest = text.substr(line_start + cursor_bytes);
    cursor_chars += CharCount(rest, byte_in_line - cursor_bytes);
    cursor_bytes = byte_in_line;
    return cursor_chars + 1;
  }

  void FinishLine(size_t end) {
    current.number = static_cast<int>(lines.size()) + 1;
    current.raw = text.substr(line_start, end - line_start);
    lines.push_back(std::move(current));
    current = Line{};
    cursor_bytes = 0;
    cursor_chars = 0;
  }
};

template <typename Rule>
struct LexAction : pegtl::nothing<Rule> {};

template <>
struct LexAction<grammar::indent> {
  template <typename Input>
  static void apply(const Input& in, LexState& s) {
    s.current.indent = static_cast<int>(in.size());  // blanks are single-byte characters
  }
};

template <>
struct LexAction<grammar::token> {
  template <typename Input>
  static void apply(const Input& in, LexState& s) {
    const size_t begin = static_cast<size_t>(in.begin() - s.text.data()) - s.line_start;
    Token token;
    token.text = std::string_view(in.begin(), in.size());
    token.column = s.ColumnOf(begin);
    token.length = CharCount(token.text);
    s.cursor_bytes += token.text.size();
    s.cursor_chars += token.length;
    s.current.tokens.push_back(token);
  }
};

template <>
struct LexAction<grammar::eol> {
  template <typename Input>
  static void apply(const Input& in, LexState& s) {
    s.FinishLine(static_cast<size_t>(in.begin() - s.text.data()));
    s.line_start = static_cast<size_t>(in.end() - s.text.data());
  }
};

std::vector<Line> Lex(std::string_view text, DiagSink& sink) {
  LexState state;
  state.text = text;
  try {
    pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), sink.file());
    pegtl::parse<grammar::file, LexAction>(in, state);
  } catch (const pegtl::parse_error& e) {
    // The grammar accepts every input; this only guards against a grammar bug.
    sink.AtFile(Severity::kError, std::string("internal error in the VGDL grammar: ") + e.what());
    return {};
  }
  // Java's readLine does not report an empty line after the last end-of-line.
  if (state.line_start < text.size()) state.FinishLine(text.size());
  return std::move(state.lines);
}

// Lines with bytes that no VGDL file contains are reported once and then ignored.
void DropUnreadableTokens(Line& line, DiagSink& sink) {
  for (const Token& token : line.tokens) {
    const size_t control = FindControlChar(token.text);
    if (control != std::string_view::npos) {
      const auto byte = static_cast<unsigned char>(token.text[control]);
      Token at = token;
      at.column = token.column + CharCount(token.text, control);
      at.length = 1;
      sink.Error(line, at,
                 "unexpected control character " +
                     Quote(std::string_view(&token.text[control], 1)) + " (byte " +
                     std::to_string(byte) + "); is this a VGDL game file?");
      line.tokens.clear();
      return;
    }
    if (!IsValidUtf8(token.text)) {
      sink.Error(line, token,
                 "invalid UTF-8 in " + Quote(token.text) + "; is this a VGDL game file?");
      line.tokens.clear();
      return;
    }
  }
}

// Whether GVGAI's parser stops on this line: it drops a comment with line.split("#")[0], and
// Java's split drops trailing empty strings, so a line of only '#' leaves an empty array and
// the index throws (spec §15.1). Here such a line is a comment, with a warning, so that a game
// written here still loads in GVGAI.
bool CrashesGvgaisParser(const Line& line) {
  return !line.raw.empty() && line.raw.find_first_not_of('#') == std::string_view::npos;
}

std::string Characters(int n) {
  return std::to_string(n) + (n == 1 ? " character" : " characters");
}

// True when the line's indentation holds a tab.
bool TabIndented(const Line& line) {
  return line.raw.substr(0, static_cast<size_t>(line.indent)).find('\t') != std::string_view::npos;
}

// True when some lines are indented with a tab and others with spaces: there GVGAI's reading
// (a tab is one column) differs from what an editor shows.
bool MixesTabsAndSpaces(const std::vector<Line>& lines) {
  bool tabs = false;
  bool spaces = false;
  for (const Line& line : lines) {
    if (line.tokens.empty() || line.indent == 0) continue;
    (TabIndented(line) ? tabs : spaces) = true;
  }
  return tabs && spaces;
}

// The first tab-indented line, in a file that mixes tabs and spaces, whose indentation is a
// problem: the diagnostics about indentation and sections that follow from it are otherwise a
// puzzle. (A tab that happens to work, as in GVGAI's own aliens, is not worth a word.) GVGAI's
// indentTreeParser calls line.replaceAll("\t", "    ") and drops the result, so a tab counts
// as one column.
void WarnAboutTheFirstTab(const Line& line, DiagSink& sink) {
  const int column = static_cast<int>(line.raw.find('\t')) + 1;
  const Token tab{line.raw.substr(static_cast<size_t>(column - 1), 1), column, 1};
  sink.Warning(line, tab,
               "a tab in the indentation: GVGAI counts a tab as one column (its tab-to-spaces "
               "replacement has no effect), so this line is indented by " +
                   Characters(line.indent) + " while other lines are indented with spaces",
               "indent with spaces only");
}

}  // namespace

std::string_view SectionName(Section s) {
  switch (s) {
    case Section::kGame:
      return "game line";
    case Section::kSpriteSet:
      return "SpriteSet";
    case Section::kInteractionSet:
      return "InteractionSet";
    case Section::kLevelMapping:
      return "LevelMapping";
    case Section::kTerminationSet:
      return "TerminationSet";
    case Section::kParameterSet:
      return "ParameterSet";
  }
  return "?";
}

std::optional<Section> SectionKeyword(const Line& line) {
  if (line.tokens.size() != 1) return std::nullopt;
  for (Section s : {Section::kSpriteSet, Section::kInteractionSet, Section::kLevelMapping,
                    Section::kTerminationSet, Section::kParameterSet}) {
    if (EqualsIgnoreCase(line.tokens[0].text, SectionName(s))) return s;
  }
  return std::nullopt;
}

SyntaxTree ParseSyntaxTree(std::string_view text, DiagSink& sink) {
  SyntaxTree tree;
  tree.lines = Lex(text, sink);
  Section current = Section::kGame;
  int last = -1;
  // Said once, at the first tab-indented line whose indentation is a problem.
  bool warn_tab = MixesTabsAndSpaces(tree.lines);
  const auto explain_tab = [&](const Line& line) {
    if (!warn_tab || !TabIndented(line)) return;
    WarnAboutTheFirstTab(line, sink);
    warn_tab = false;
  };
  for (size_t i = 0; i < tree.lines.size() && !sink.full(); ++i) {
    Line& line = tree.lines[i];
    if (CrashesGvgaisParser(line)) {
      sink.AtLine(Severity::kWarning, line,
                  "a line of only '#' is a comment here, but GVGAI's parser stops on it with "
                  "an ArrayIndexOutOfBoundsException",
                  "leave the line blank, or write text after the '#'");
    }
    if (line.tokens.empty()) continue;
    DropUnreadableTokens(line, sink);
    if (line.tokens.empty()) continue;
    if (const auto keyword = SectionKeyword(line)) current = *keyword;

    Node node;
    node.line = static_cast<int>(i);
    node.section = current;
    if (tree.nodes.empty()) {
      tree.nodes.push_back(std::move(node));
      last = 0;
      continue;
    }
    // Walk up from the previous node to the nearest one indented less than this line.
    int parent = last;
    while (parent != -1 && tree.line_of(parent).indent >= line.indent) {
      parent = tree.node(parent).parent;
    }
    if (parent == -1) {
      explain_tab(line);
      sink.AtLine(Severity::kError, line,
                  "this line is not indented more than the game line (line " +
                      std::to_string(tree.line_of(0).number) +
                      "); GVGAI stops with \"Root node too indented?\"",
                  "indent every line after the game line");
      continue;
    }
    node.parent = parent;
    const int index = static_cast<int>(tree.nodes.size());
    Node& parent_node = tree.nodes[static_cast<size_t>(parent)];
    if (!parent_node.children.empty()) {
      const Line& first = tree.line_of(parent_node.children.front());
      if (first.indent != line.indent) {
        explain_tab(line);
        sink.AtLine(Severity::kWarning, line,
                    "indented by " + Characters(line.indent) +
                        (TabIndented(line) ? " (a tab counts as one)" : "") +
                        " but its first sibling (line " + std::to_string(first.number) + ") by " +
                        std::to_string(first.indent) +
                        "; GVGAI accepts it but logs \"children indentations must match\"");
      }
    }
    parent_node.children.push_back(index);
    tree.nodes.push_back(std::move(node));
    last = index;
  }
  return tree;
}

}  // namespace vgdl::lang
