// The editor features of `vgdl lsp` on a game file's text: hover (the reference entry of a
// class, effect, termination or parameter, or where a sprite is defined), completion (class,
// effect, termination and parameter names where they can be written, and the sprites the file
// defines), and go-to-definition (from a sprite's use to its name in the SpriteSet).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lsp/outline.h"

namespace vgdl::tools::lsp {

struct HoverText {
  std::string markdown;
  Range range;  // the word hovered
};
std::optional<HoverText> Hover(std::string_view text, Position at);

// LSP's CompletionItemKind values for the items offered.
enum class CompletionKind { kClass = 7, kFunction = 3, kField = 5, kVariable = 6, kKeyword = 14 };

struct CompletionItem {
  std::string label;
  CompletionKind kind = CompletionKind::kVariable;
  std::string detail;       // "sprite class", "effect", ..., "sprite (line 4)"
  std::string insert_text;  // empty: the label ("cooldown=" for a parameter)
};
// What may be written at `at`, those starting with the word typed so far.
std::vector<CompletionItem> Complete(std::string_view text, Position at);

// The definition of the sprite named by the word at `at` (a pair, a mapping, a parameter
// value such as stype=coin, or a list element); nullopt when the word names no sprite the
// file defines.
std::optional<Range> Definition(std::string_view text, Position at);

}  // namespace vgdl::tools::lsp
