// The reference entries the editor shows on hover: docs/vgdl-reference.md, built into the
// binary (reference_text.cc.in), split at its headings, with the parameter catalogues of vgdl/
// (sprite_catalog.h, effect_catalog.h, termination_catalog.h) deciding which entries a
// parameter is looked up in and whether it is a parameter at all.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace vgdl::tools::lsp {

// The text of docs/vgdl-reference.md as it was when the binary was built.
std::string_view ReferenceText();

// The entry headed "### `name`" (a sprite class, avatar class, effect or termination), up to
// the next heading; nullopt when the reference has none.
std::optional<std::string> ReferenceEntry(std::string_view name);

// What the reference says about parameter `key` on a line whose class, effect or termination
// is `owner`: the field's type from the catalogue, then the lines mentioning `key` in the
// owner's entry, its parent classes' entries, or the parameters every sprite, effect or
// termination accepts. A message saying so when `owner` has no such field; nullopt when
// `owner` is none of those.
std::optional<std::string> ParameterEntry(std::string_view owner, std::string_view key);

}  // namespace vgdl::tools::lsp
