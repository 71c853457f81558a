// Hover, completion and go-to-definition (features.h).
#include "tools/lsp/features.h"

#include <algorithm>
#include <cctype>

#include "tools/lsp/reference.h"
#include "vgdl/effect_catalog.h"
#include "vgdl/names.h"
#include "vgdl/sprite_catalog.h"
#include "vgdl/termination_catalog.h"
#include "vgdl/text.h"

namespace vgdl::tools::lsp {

namespace {

using lang::Section;

// The part of a token the cursor is on: the whole word, or in "key=value" the key or the
// element of the value's comma list.
struct Word {
  std::string_view text;
  int column = 0;  // 0-based, in characters
  int line = 0;
  bool is_key = false;
  const lang::Token* token = nullptr;
};

std::optional<Word> WordAt(const Outline& outline, Position at) {
  const lang::Line* line = outline.LineAt(at.line);
  if (line == nullptr) return std::nullopt;
  const int column = CharColumn(line->raw, at.character);
  const lang::Token* token = outline.TokenAt(at.line, column);
  if (token == nullptr) return std::nullopt;
  const std::string_view text = token->text;
  const size_t cursor =
      lang::ByteOffsetOfChar(text, static_cast<size_t>(column - token->column + 1));
  const auto chars = [&](size_t bytes) { return token->column - 1 + lang::CharCount(text, bytes); };
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos) return Word{text, token->column - 1, at.line, false, token};
  if (cursor <= eq) return Word{text.substr(0, eq), token->column - 1, at.line, true, token};
  // The list element around the cursor.
  size_t start = text.rfind(',', cursor == 0 ? 0 : cursor - 1);
  start = (start == std::string_view::npos || start < eq) ? eq + 1 : start + 1;
  size_t end = text.find(',', cursor);
  if (end == std::string_view::npos) end = text.size();
  return Word{text.substr(start, end - start), chars(start), at.line, false, token};
}

Range RangeOf(const Outline& outline, int line, int column, int length) {
  const std::string_view raw = outline.LineAt(line)->raw;
  return {{line, Utf16Column(raw, column)}, {line, Utf16Column(raw, column + length)}};
}

bool IsOwnerToken(const Outline& outline, const Word& word) {
  const std::string_view owner = outline.OwnerOf(word.line);
  return !word.is_key && !owner.empty() && owner.data() == word.token->text.data();
}

bool IsCatalogued(std::string_view name) {
  return FindSpriteClass(name) || FindEffectKind(name) || FindTerminationKind(name);
}

std::string SpriteHover(const SpriteDefinition& def, std::string_view name) {
  return "sprite `" + std::string(name) + "`, defined on line " + std::to_string(def.line + 1) +
         ":\n\n```\n" + std::string(def.raw_line) + "\n```";
}

// --- Completion ----------------------------------------------------------------------------

struct Typed {
  std::vector<std::string_view> before;  // the words before the one being typed
  std::string_view partial;              // the word typed so far (may be empty)
  int indent = 0;
};

// The line up to the cursor, in words; nullopt inside a comment.
std::optional<Typed> TypedAt(const Outline& outline, Position at) {
  const lang::Line* line = outline.LineAt(at.line);
  if (line == nullptr) return Typed{};
  const std::string_view raw = line->raw;
  const std::string_view head = raw.substr(
      0, lang::ByteOffsetOfChar(raw, static_cast<size_t>(CharColumn(raw, at.character))));
  if (head.find('#') != std::string_view::npos) return std::nullopt;
  Typed typed;
  while (typed.indent < static_cast<int>(head.size()) &&
         std::isspace(static_cast<unsigned char>(head[static_cast<size_t>(typed.indent)]))) {
    ++typed.indent;
  }
  size_t i = 0;
  std::vector<std::string_view> words;
  while (i < head.size()) {
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i]))) ++i;
    const size_t start = i;
    while (i < head.size() && !std::isspace(static_cast<unsigned char>(head[i]))) ++i;
    if (i > start) words.push_back(head.substr(start, i - start));
  }
  if (!words.empty() && !head.empty() && !std::isspace(static_cast<unsigned char>(head.back()))) {
    typed.partial = words.back();
    words.pop_back();
  }
  typed.before = std::move(words);
  return typed;
}

// The indent of the nearest section keyword line above `line`, -1 when there is none.
int SectionIndent(const Outline& outline, int line) {
  for (int l = line - 1; l >= 0; --l) {
    if (outline.IsSectionKeyword(l)) return outline.LineAt(l)->indent;
  }
  return -1;
}

class Completions {
 public:
  explicit Completions(std::string_view prefix) : prefix_(prefix) {}

  void Add(std::string_view label, CompletionKind kind, std::string detail,
           std::string insert = {}) {
    if (label.substr(0, prefix_.size()) != prefix_) return;
    if (std::any_of(items_.begin(), items_.end(),
                    [&](const CompletionItem& item) { return item.label == label; })) {
      return;
    }
    items_.push_back({std::string(label), kind, std::move(detail), std::move(insert)});
  }
  void AddAll(const std::vector<std::string_view>& labels, CompletionKind kind,
              const std::string& detail) {
    for (std::string_view label : labels) Add(label, kind, detail);
  }
  void AddParameters(const std::vector<std::string_view>& names, const std::string& detail) {
    for (std::string_view name : names) {
      Add(name, CompletionKind::kField, detail, std::string(name) + "=");
    }
  }
  void AddSprites(const Outline& outline) {
    for (const auto& [name, def] : outline.sprites()) {
      Add(name, CompletionKind::kVariable, "sprite (line " + std::to_string(def.line + 1) + ")");
    }
    // The loader defines these two for every game (GVGAI's defaults).
    Add("avatar", CompletionKind::kVariable, "sprite (GVGAI default MovingAvatar)");
    Add("wall", CompletionKind::kVariable, "sprite (GVGAI default)");
  }
  std::vector<CompletionItem> Take() { return std::move(items_); }

 private:
  std::string_view prefix_;
  std::vector<CompletionItem> items_;
};

void AddSectionKeywords(Completions& out) {
  for (Section s : {Section::kSpriteSet, Section::kLevelMapping, Section::kInteractionSet,
                    Section::kTerminationSet}) {
    out.Add(lang::SectionName(s), CompletionKind::kKeyword, "section");
  }
}

// The parameters of the class, effect or termination `owner`.
void AddParametersOf(Completions& out, std::string_view owner, bool timed) {
  if (const auto cls = FindSpriteClass(owner)) {
    out.AddParameters(lang::SpriteFieldNames(*cls), "parameter of " + std::string(owner));
  } else if (const auto kind = FindEffectKind(owner)) {
    out.AddParameters(lang::EffectFieldNames(*kind, timed), "parameter of " + std::string(owner));
  } else if (const auto term = FindTerminationKind(owner)) {
    out.AddParameters(lang::TerminationFieldNames(*term), "parameter of " + std::string(owner));
  }
}

// After "key=": the sprites, for every parameter but the image names (no parameter takes a
// value the file defines otherwise).
void AddValues(Completions& out, const Outline& outline, std::string_view key) {
  if (key == "img" || key == "orientedImg" || key == "color") return;
  out.AddSprites(outline);
}

void AddAfterArrow(Completions& out, const Outline& outline, Section section, const Typed& typed,
                   size_t arrow) {
  const bool first_after = arrow + 1 == typed.before.size();
  switch (section) {
    case Section::kSpriteSet:
      if (first_after) {
        out.AddAll(lang::SpriteClassNames(), CompletionKind::kClass, "sprite class");
      } else {
        AddParametersOf(out, typed.before[arrow + 1], false);
      }
      return;
    case Section::kInteractionSet:
      if (first_after) {
        out.AddAll(lang::EffectNames(), CompletionKind::kFunction, "effect");
      } else {
        const bool timed = std::any_of(typed.before.begin(),
                                       typed.before.begin() + static_cast<std::ptrdiff_t>(arrow),
                                       [](std::string_view w) { return w == "TIME"; });
        AddParametersOf(out, typed.before[arrow + 1], timed);
      }
      return;
    case Section::kLevelMapping:
      out.AddSprites(outline);
      return;
    default:
      return;
  }
}

void AddBeforeArrow(Completions& out, const Outline& outline, Section section, const Typed& typed) {
  switch (section) {
    case Section::kInteractionSet:
      out.AddSprites(outline);
      if (!typed.before.empty()) {
        out.Add("EOS", CompletionKind::kKeyword, "end of screen");
        out.Add("TIME", CompletionKind::kKeyword, "a timed effect");
      }
      return;
    case Section::kTerminationSet:
      if (typed.before.empty()) {
        out.AddAll(lang::TerminationNames(), CompletionKind::kClass, "termination");
      } else {
        AddParametersOf(out, typed.before.front(), false);
      }
      return;
    default:
      return;
  }
}

}  // namespace

std::optional<HoverText> Hover(std::string_view text, Position at) {
  const Outline outline(text);
  const std::optional<Word> word = WordAt(outline, at);
  if (!word) return std::nullopt;
  const Range range = RangeOf(outline, at.line, word->column, lang::CharCount(word->text));
  if (word->is_key) {
    const std::optional<std::string> entry = ParameterEntry(outline.OwnerOf(at.line), word->text);
    if (!entry) return std::nullopt;
    return HoverText{*entry, range};
  }
  const auto sprite = outline.sprites().find(word->text);
  if (!IsOwnerToken(outline, *word) && sprite != outline.sprites().end()) {
    return HoverText{SpriteHover(sprite->second, word->text), range};
  }
  if (!IsCatalogued(word->text)) return std::nullopt;
  const std::optional<std::string> entry = ReferenceEntry(word->text);
  if (!entry) return std::nullopt;
  return HoverText{*entry, range};
}

std::vector<CompletionItem> Complete(std::string_view text, Position at) {
  const Outline outline(text);
  const std::optional<Typed> typed = TypedAt(outline, at);
  if (!typed) return {};
  const size_t eq = typed->partial.find('=');
  if (eq != std::string_view::npos) {
    const size_t comma = typed->partial.rfind(',');
    const size_t start = comma == std::string_view::npos || comma < eq ? eq + 1 : comma + 1;
    Completions out(typed->partial.substr(start));
    AddValues(out, outline, typed->partial.substr(0, eq));
    return out.Take();
  }
  Completions out(typed->partial);
  const Section section = outline.SectionOf(at.line);
  if (typed->before.empty()) {
    const int keyword_indent = SectionIndent(outline, at.line);
    if (keyword_indent < 0 || typed->indent <= keyword_indent) AddSectionKeywords(out);
    if (section == Section::kGame) out.Add("BasicGame", CompletionKind::kKeyword, "game line");
  }
  const auto arrow = std::find(typed->before.begin(), typed->before.end(), ">");
  if (arrow != typed->before.end()) {
    AddAfterArrow(out, outline, section, *typed,
                  static_cast<size_t>(arrow - typed->before.begin()));
  } else {
    AddBeforeArrow(out, outline, section, *typed);
  }
  return out.Take();
}

std::optional<Range> Definition(std::string_view text, Position at) {
  const Outline outline(text);
  const std::optional<Word> word = WordAt(outline, at);
  if (!word || word->is_key || IsOwnerToken(outline, *word)) return std::nullopt;
  const auto sprite = outline.sprites().find(word->text);
  if (sprite == outline.sprites().end()) return std::nullopt;
  const SpriteDefinition& def = sprite->second;
  return RangeOf(outline, def.line, def.column, def.length);
}

}  // namespace vgdl::tools::lsp
