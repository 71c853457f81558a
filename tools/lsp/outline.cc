// The text analysis behind hover, completion and go-to-definition (outline.h).
#include "tools/lsp/outline.h"

#include <algorithm>

#include "vgdl/diag_sink.h"
#include "vgdl/text.h"

namespace vgdl::tools::lsp {

namespace {

// Bytes of the UTF-8 sequence a lead byte starts (1 for invalid bytes, counted as one
// character each, as vgdl/text.h counts them).
size_t SequenceLength(unsigned char lead) {
  if (lead >= 0xF0 && lead < 0xF8) return 4;
  if (lead >= 0xE0) return lead < 0xF0 ? 3 : 1;
  if (lead >= 0xC0) return 2;
  return 1;
}

}  // namespace

int Utf16Column(std::string_view line, int chars) {
  int units = 0;
  size_t i = 0;
  for (int c = 0; c < chars && i < line.size(); ++c) {
    const size_t n = std::min(SequenceLength(static_cast<unsigned char>(line[i])), line.size() - i);
    units += n == 4 ? 2 : 1;  // a code point beyond U+FFFF is a surrogate pair
    i += n;
  }
  return units + std::max(0, chars - lang::CharCount(line));
}

int CharColumn(std::string_view line, int utf16) {
  int chars = 0;
  int units = 0;
  size_t i = 0;
  while (units < utf16 && i < line.size()) {
    const size_t n = std::min(SequenceLength(static_cast<unsigned char>(line[i])), line.size() - i);
    units += n == 4 ? 2 : 1;
    i += n;
    ++chars;
  }
  return chars + std::max(0, utf16 - units);
}

Outline::Outline(std::string_view text) {
  lang::DiagSink sink("", &ignored_);
  tree_ = lang::ParseSyntaxTree(text, sink);
  node_of_line_.assign(tree_.lines.size(), -1);
  for (size_t n = 0; n < tree_.nodes.size(); ++n) {
    node_of_line_[static_cast<size_t>(tree_.nodes[n].line)] = static_cast<int>(n);
  }
  for (const lang::Node& node : tree_.nodes) {
    const lang::Line& line = tree_.lines[static_cast<size_t>(node.line)];
    if (node.section != lang::Section::kSpriteSet || lang::SectionKeyword(line)) continue;
    const lang::Token& name = line.tokens.front();
    if (name.text == ">") continue;
    sprites_.try_emplace(std::string(name.text),
                         SpriteDefinition{line.number - 1, name.column - 1, name.length, line.raw});
  }
}

const lang::Line* Outline::LineAt(int line) const {
  if (line < 0 || static_cast<size_t>(line) >= tree_.lines.size()) return nullptr;
  return &tree_.lines[static_cast<size_t>(line)];
}

lang::Section Outline::SectionOf(int line) const {
  const int last = std::min(line, static_cast<int>(tree_.lines.size()) - 1);
  for (int l = last; l >= 0; --l) {
    const int node = node_of_line_[static_cast<size_t>(l)];
    if (node >= 0) return tree_.node(node).section;
  }
  return lang::Section::kGame;
}

const lang::Token* Outline::TokenAt(int line, int column) const {
  const lang::Line* l = LineAt(line);
  if (l == nullptr) return nullptr;
  for (const lang::Token& token : l->tokens) {
    const int start = token.column - 1;
    if (column >= start && column <= start + token.length) return &token;
  }
  return nullptr;
}

bool Outline::IsSectionKeyword(int line) const {
  const lang::Line* l = LineAt(line);
  return l != nullptr && lang::SectionKeyword(*l).has_value();
}

std::string_view Outline::OwnerOf(int line) const {
  const lang::Line* l = LineAt(line);
  if (l == nullptr || l->tokens.empty() || IsSectionKeyword(line)) return {};
  switch (SectionOf(line)) {
    case lang::Section::kTerminationSet:
      return l->tokens.front().text;
    case lang::Section::kGame:  // the game line: BasicGame key=value ...
      return l->tokens.front().text;
    case lang::Section::kSpriteSet:
    case lang::Section::kInteractionSet:
      for (size_t i = 0; i + 1 < l->tokens.size(); ++i) {
        if (l->tokens[i].text == ">") return l->tokens[i + 1].text;
      }
      return {};
    default:
      return {};
  }
}

}  // namespace vgdl::tools::lsp
