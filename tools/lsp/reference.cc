// Hover text from the reference (reference.h).
#include "tools/lsp/reference.h"

#include <vector>

#include "vgdl/effect_catalog.h"
#include "vgdl/names.h"
#include "vgdl/param_typing.h"
#include "vgdl/sprite_catalog.h"
#include "vgdl/termination_catalog.h"
#include "vgdl/text.h"

namespace vgdl::tools::lsp {

namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool IsHeading(std::string_view line) {
  return StartsWith(line, "## ") || StartsWith(line, "### ");
}

// The lines under the heading `heading` (the whole heading line), up to the next heading.
std::vector<std::string_view> Section(std::string_view heading) {
  const std::vector<std::string_view> lines = lang::SplitLines(ReferenceText());
  std::vector<std::string_view> out;
  bool inside = false;
  for (std::string_view line : lines) {
    if (IsHeading(line)) {
      if (inside) break;
      inside = line == heading;
    }
    if (inside) out.push_back(line);
  }
  return out;
}

std::string Joined(const std::vector<std::string_view>& lines) {
  std::string out;
  for (std::string_view line : lines) {
    out += line;
    out += '\n';
  }
  while (!out.empty() && (out.back() == '\n')) out.pop_back();
  return out;
}

// The lines of `section` about `key`: a table row naming it, or a bullet naming it with the
// indented lines that continue the bullet.
std::vector<std::string_view> LinesAbout(const std::vector<std::string_view>& section,
                                         std::string_view key) {
  const std::string quoted = "`" + std::string(key) + "`";
  std::vector<std::string_view> out;
  std::vector<std::string_view> table_head;  // a table's heading row and rule, once
  for (size_t i = 0; i < section.size(); ++i) {
    const std::string_view line = section[i];
    if (StartsWith(line, "|") && table_head.size() < 2) table_head.push_back(line);
    const bool row = StartsWith(line, "|") && line.find(quoted) != std::string_view::npos;
    const bool bullet = StartsWith(line, "- ") && line.find(quoted) != std::string_view::npos;
    if (!row && !bullet) continue;
    if (row && table_head.size() == 2) {
      out.insert(out.end(), table_head.begin(), table_head.end());
      table_head.push_back({});  // shown
    }
    out.push_back(line);
    while (bullet && i + 1 < section.size() && StartsWith(section[i + 1], "  ")) {
      out.push_back(section[++i]);
    }
  }
  return out;
}

struct Owner {
  std::string kind;                  // "sprite class", "effect", "termination"
  bool has_field = false;            // the catalogue knows `key` for it
  std::string field_type;            // its Java type
  std::vector<std::string> entries;  // the reference entries to look in, most specific first
  std::vector<std::string> common;   // the headings of the parameters they all accept
};

// The game line's parameters are those of the reference's game-line table (its own entries
// are GVGAI's BasicGame fields that a VGDL file can set).
Owner GameLineOwner(std::string_view key) {
  Owner o;
  o.kind = "game line";
  o.common = {"### 1.1 Layout"};
  o.has_field = !LinesAbout(Section(o.common.front()), key).empty();
  o.field_type = "see the table";
  return o;
}

std::optional<Owner> FindOwner(std::string_view owner, std::string_view key) {
  if (owner == "BasicGame" || owner == "GameSpace") return GameLineOwner(key);
  Owner o;
  if (const auto cls = FindSpriteClass(owner)) {
    o.kind = "sprite class";
    const lang::SpriteField* field = lang::FindSpriteField(*cls, key);
    o.has_field = field != nullptr;
    if (field) o.field_type = lang::FieldTypeName(field->type);
    const std::vector<SpriteClass> chain = lang::SpriteClassChain(*cls);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      o.entries.push_back("### " + std::string(SpriteClassName(*it)));
    }
    o.common = {"## 4. Avatar classes", "## 2. Common sprite parameters"};
    return o;
  }
  if (const auto kind = FindEffectKind(owner)) {
    o.kind = "effect";
    const lang::EffectField* field = lang::FindEffectField(*kind, key);
    if (field == nullptr) field = lang::FindTimeEffectField(key);
    o.has_field = field != nullptr;
    if (field) o.field_type = lang::FieldTypeName(field->type);
    o.entries = {"### " + std::string(owner)};
    o.common = {"### 5.0 Parameters every effect accepts"};
    return o;
  }
  if (const auto kind = FindTerminationKind(owner)) {
    o.kind = "termination";
    const lang::TerminationField* field = lang::FindTerminationField(*kind, key);
    o.has_field = field != nullptr;
    if (field) o.field_type = lang::FieldTypeName(field->type);
    o.entries = {"### " + std::string(owner)};
    o.common = {"## 6. Terminations"};
    return o;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> ReferenceEntry(std::string_view name) {
  const std::vector<std::string_view> lines = Section("### " + std::string(name));
  if (lines.empty()) return std::nullopt;
  return Joined(lines);
}

std::optional<std::string> ParameterEntry(std::string_view owner, std::string_view key) {
  const std::optional<Owner> o = FindOwner(owner, key);
  if (!o) return std::nullopt;
  const std::string head =
      "`" + std::string(key) + "` on " + o->kind + " `" + std::string(owner) + "`";
  if (!o->has_field) {
    return head + ": not a parameter of it (GVGAI logs \"Unknown field\" and ignores it)";
  }
  std::string out = o->kind == "game line" ? head : head + " (Java type " + o->field_type + ")";
  for (const std::vector<std::string>* headings : {&o->entries, &o->common}) {
    for (const std::string& heading : *headings) {
      const std::vector<std::string_view> about = LinesAbout(Section(heading), key);
      if (about.empty()) continue;
      out += "\n\n" + heading.substr(heading.find(' ') + 1) + ":\n\n" + Joined(about);
      return out;
    }
  }
  return out;
}

}  // namespace vgdl::tools::lsp
