// GVGAI's indentation tree (spec §2.2): each content line becomes a node; a line is a child of
// the nearest previous line with a smaller indent; the first content line is the root (the
// game line). Each node also remembers the section GVGAI was reading when it met the line,
// since GVGAI switches sections textually (independent of indentation).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "vgdl/diag_sink.h"
#include "vgdl/tokens.h"

namespace vgdl::lang {

enum class Section : uint8_t {
  kGame,
  kSpriteSet,
  kInteractionSet,
  kLevelMapping,
  kTerminationSet,
  kParameterSet,
};
std::string_view SectionName(Section s);  // "SpriteSet", ...

// The section a line names if it is a section keyword (the whole line, any case, as GVGAI's
// updateSet compares it).
std::optional<Section> SectionKeyword(const Line& line);

struct Node {
  int line = -1;  // index into SyntaxTree::lines
  int parent = -1;
  std::vector<int> children;
  Section section = Section::kGame;
};

struct SyntaxTree {
  std::vector<Line> lines;  // every physical line, blank ones included
  std::vector<Node> nodes;  // nodes[0] is the root when there is any content

  const Line& line_of(int node) const {
    return lines[static_cast<size_t>(nodes[static_cast<size_t>(node)].line)];
  }
  const Node& node(int index) const { return nodes[static_cast<size_t>(index)]; }
};

// Tokenises `text` with the PEGTL grammar and builds the tree. Lines with control characters or
// invalid UTF-8, and lines indented no more than the root, are reported and left out.
SyntaxTree ParseSyntaxTree(std::string_view text, DiagSink& sink);

}  // namespace vgdl::lang
