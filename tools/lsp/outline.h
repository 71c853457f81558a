// What a VGDL game file's text says at a position, for the editor features: the section a
// line belongs to, the token under the cursor, and where each sprite is defined. Read from the
// indentation tree alone (vgdl/syntax_tree.h), so that it answers while the game has errors.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vgdl/diagnostic.h"
#include "vgdl/syntax_tree.h"

namespace vgdl::tools::lsp {

// A place in a file as LSP counts it: 0-based line, UTF-16 code units into the line.
struct Position {
  int line = 0;
  int character = 0;
};
struct Range {
  Position start;
  Position end;
};

// The UTF-16 column of the character `chars` characters into `line` (UTF-8), and back. LSP
// counts UTF-16 units by default, the loader counts characters; the two differ beyond the
// Basic Multilingual Plane only.
int Utf16Column(std::string_view line, int chars);
int CharColumn(std::string_view line, int utf16);

// A sprite's definition: its name token in the SpriteSet.
struct SpriteDefinition {
  int line = 0;    // 0-based
  int column = 0;  // 0-based, in characters
  int length = 0;  // in characters
  std::string_view raw_line;
};

class Outline {
 public:
  // Reads `text`, which must outlive the outline (tokens point into it).
  explicit Outline(std::string_view text);

  // The section `line` (0-based) is written in: its own node's section, or for a line that is
  // not a node (blank, being typed) the section the nearest node above it is in.
  lang::Section SectionOf(int line) const;

  // The physical line, nullptr past the end.
  const lang::Line* LineAt(int line) const;

  // The token of `line` that contains character `column` (0-based; its end counts, so that
  // the cursor just after a word is on it), nullptr when there is none.
  const lang::Token* TokenAt(int line, int column) const;

  // Every sprite the SpriteSet defines, by name (the first definition of a name).
  const std::map<std::string, SpriteDefinition, std::less<>>& sprites() const { return sprites_; }

  // The class, effect or termination a line names, the word parameters on it belong to:
  // the token after '>' in the SpriteSet and InteractionSet, the first token in the
  // TerminationSet and on the game line; empty when there is none.
  std::string_view OwnerOf(int line) const;

  // Whether `line` (0-based) is a section keyword line.
  bool IsSectionKeyword(int line) const;

 private:
  lang::SyntaxTree tree_;
  Diagnostics ignored_;            // the loader reports these; the outline only reads the tree
  std::vector<int> node_of_line_;  // -1 for lines that are not nodes
  std::map<std::string, SpriteDefinition, std::less<>> sprites_;
};

}  // namespace vgdl::tools::lsp
