#include "vgdl/load_context.h"

#include <limits>

#include "vgdl/effect_catalog.h"
#include "vgdl/names.h"
#include "vgdl/termination_catalog.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

bool IsWord(const Token& t) {
  return t.text.find('=') == std::string_view::npos;
}

}  // namespace

LineParts SplitParams(const Line& line, size_t first, DiagSink& sink) {
  LineParts parts;
  const auto& tokens = line.tokens;
  // A "key = value" written with spaces swallows its neighbouring words into one error, so
  // they are not reported again as stray class or effect names.
  const auto take_previous_word = [&](size_t i) {
    if (i > first && !parts.words.empty() && IsWord(tokens[i - 1]) && tokens[i - 1].text != ">" &&
        parts.words.back().column == tokens[i - 1].column) {
      parts.words.pop_back();
    }
  };
  const auto next_is_word = [&](size_t i) {
    return i + 1 < tokens.size() && IsWord(tokens[i + 1]) && tokens[i + 1].text != ">";
  };
  for (size_t i = first; i < tokens.size(); ++i) {
    const Token& token = tokens[i];
    const std::string_view text = token.text;
    const size_t eq = text.find('=');
    if (eq == std::string_view::npos) {
      parts.words.push_back(token);
      continue;
    }
    if (text == "=") {
      sink.Error(line, token, "spaces around '=' are not allowed",
                 "write parameters as key=value, without spaces");
      take_previous_word(i);
      if (next_is_word(i)) ++i;
      continue;
    }
    if (eq == 0) {
      sink.Error(line, token, "parameter " + Quote(text) + " has no name before '='",
                 "write parameters as key=value, without spaces");
      take_previous_word(i);
      continue;
    }
    if (eq + 1 == text.size()) {
      const bool spaced = next_is_word(i);
      sink.Error(line, token, "parameter " + Quote(text.substr(0, eq)) + " has no value after '='",
                 spaced ? "write parameters as key=value, without spaces"
                        : "GVGAI cannot read a parameter without a value");
      if (spaced) ++i;
      continue;
    }
    const std::string_view value = text.substr(eq + 1);
    if (value.find('=') != std::string_view::npos) {
      sink.Error(line, token, "the value of " + Quote(text.substr(0, eq)) + " contains '='",
                 "GVGAI would silently keep only the part before the second '='");
      continue;
    }
    Param p{text.substr(0, eq), value, &line, token};
    for (auto it = parts.params.begin(); it != parts.params.end(); ++it) {
      if (it->key == p.key) {
        sink.At(Severity::kNote, line, token,
                "parameter " + Quote(p.key) +
                    " is given twice on this line; GVGAI uses the last value");
        parts.params.erase(it);
        break;
      }
    }
    parts.params.push_back(p);
  }
  return parts;
}

Token ValueToken(const Param& p, size_t offset, size_t length) {
  Token t;
  size_t start = p.key.size() + 1 + offset;
  if (start + length > p.token.text.size()) {
    // A value a GameSpace parameter was substituted into: point at the value as written.
    start = std::min(p.key.size() + 1, p.token.text.size());
    length = p.token.text.size() - start;
  }
  t.text = p.token.text.substr(start, length);
  t.column = p.token.column + CharCount(p.token.text, start);
  t.length = CharCount(t.text);
  return t;
}

std::vector<std::string_view> SplitJava(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t at = s.find(separator, start);
    if (at == std::string_view::npos) {
      parts.push_back(s.substr(start));
      break;
    }
    parts.push_back(s.substr(start, at - start));
    start = at + 1;
  }
  if (s.empty()) return parts;  // Java: "".split(",") is {""}
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

std::vector<std::string_view> SplitCommas(std::string_view s) {
  return SplitJava(s, ',');
}

void LoadContext::SubstituteParameters(LineParts& parts) {
  if (!game_.game_space) return;
  // A singleton=NAME that this warning explains is dropped here: GVGAI cannot store the name in
  // the boolean field either, and the type check would report the same word again.
  std::erase_if(parts.params, [&](const Param& p) {
    if (p.key != "singleton") return false;
    for (std::string_view element : SplitCommas(p.value)) {
      if (parameter_text.count(element) == 0) continue;
      sink_.Warning(*p.line, p.token,
                    "GVGAI reads singleton before it puts in the parameters' values: " +
                        Quote(element) + " is not 'true', so the sprite is no singleton",
                    "write singleton=True or leave it out");
      return true;
    }
    return false;
  });
  for (Param& p : parts.params) {
    if (p.key == "singleton") continue;
    const std::vector<std::string_view> elements = SplitCommas(p.value);
    std::string rebuilt;
    for (size_t i = 0; i < elements.size(); ++i) {
      if (i > 0) rebuilt += ',';
      const auto found = parameter_text.find(elements[i]);
      rebuilt += found == parameter_text.end() ? std::string(elements[i]) : found->second;
    }
    if (rebuilt.empty() || rebuilt == p.value) continue;
    p.value = substituted_.emplace_back(std::move(rebuilt));
  }
}

void LoadContext::GvgaiStopsAt(const Line& line, const Token& token, std::string message,
                               std::string hint) {
  if (stopped()) return;
  if (!gvgai_subset_) {
    // The way out is worth telling only where it would load the game: at the first such
    // line, with no error before it.
    if (!sink_.has_errors() && !stop_noted_) {
      if (!hint.empty()) hint += ' ';
      hint +=
          "GVGAI logs this and reads nothing after this line; --gvgai-subset loads what "
          "GVGAI loads";
    }
    stop_noted_ = true;
    sink_.Error(line, token, std::move(message), std::move(hint));
    return;
  }
  if (!hint.empty()) hint += ' ';
  sink_.Warning(line, token, std::move(message),
                hint +
                    "GVGAI reads nothing after this line, and neither does this load "
                    "(--gvgai-subset)");
  stop_line_ = line.number;
  // What GVGAI does not read cannot be wrong: the rest of this line and of the file.
  sink_.Mute();
}

bool LoadContext::GvgaiThrowsWithout(std::string_view field) const {
  if (const auto* effect = std::get_if<EffectKind>(&building)) {
    return lang::GvgaiThrowsWithout(*effect, field);
  }
  if (const auto* termination = std::get_if<TerminationKind>(&building)) {
    return lang::GvgaiThrowsWithout(*termination, field);
  }
  return false;
}

TypeId LoadContext::FindType(std::string_view name) const {
  const auto it = ids_.find(name);
  return it == ids_.end() ? kNoType : it->second;
}

TypeId LoadContext::RegisterType(std::string_view name) {
  if (const TypeId id = FindType(name); id != kNoType) return id;
  if (names_.size() >= static_cast<size_t>(std::numeric_limits<TypeId>::max())) return kNoType;
  const auto id = static_cast<TypeId>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(std::string(name), id);
  return id;
}

std::vector<std::string_view> LoadContext::TypeNameViews() const {
  return {names_.begin(), names_.end()};
}

// --- ParamSiteImpl ---------------------------------------------------------------------------

Token ParamSiteImpl::ElementToken(std::string_view element) const {
  // `element` is a view into the parameter's value.
  const auto offset = static_cast<size_t>(element.data() - param_.value.data());
  return ValueToken(param_, offset, element.size());
}

TypeId ParamSiteImpl::SpriteAt(std::string_view name, bool strict) {
  const TypeId id = ctx_.FindType(name);
  if (id != kNoType) return id;
  const Token where = ElementToken(name);
  std::string message = "unknown sprite " + Quote(name) + " in " + std::string(param_.key) + "=";
  if (strict && ctx_.GvgaiThrowsWithout(param_.key)) {
    ctx_.GvgaiStopsAt(*param_.line, where, message + "; GVGAI's constructor throws on it",
                      DidYouMean(name, ctx_.TypeNameViews()));
  } else if (strict) {
    // GVGAI's constructor keeps -1 without a check, loads, and indexes an array with it when
    // the sprite or effect first uses the type (an ArrayIndexOutOfBoundsException).
    ctx_.sink().Error(*param_.line, where,
                      message +
                          "; GVGAI reads it as -1 and loads, then stops with an exception the "
                          "first time the game uses it",
                      DidYouMean(name, ctx_.TypeNameViews()));
  } else {
    ctx_.sink().Warning(*param_.line, where, message + "; GVGAI never reads this parameter",
                        DidYouMean(name, ctx_.TypeNameViews()));
  }
  return kNoType;
}

TypeId ParamSiteImpl::Sprite(std::string_view name) {
  return SpriteAt(name, true);
}

TypeId ParamSiteImpl::SpriteOrMinusOne(std::string_view name, std::string_view consequence) {
  const TypeId id = ctx_.FindType(name);
  if (id != kNoType) return id;
  ctx_.sink().Warning(*param_.line, ElementToken(name),
                      "unknown sprite " + Quote(name) + " in " + std::string(param_.key) +
                          "=; GVGAI reads it as -1 and loads: " + std::string(consequence),
                      DidYouMean(name, ctx_.TypeNameViews()));
  return kNoType;
}

std::vector<TypeId> ParamSiteImpl::SpriteListOrMinusOne(std::string_view list,
                                                        std::string_view consequence) {
  std::vector<TypeId> ids;
  for (std::string_view name : SplitCommas(list))
    ids.push_back(SpriteOrMinusOne(name, consequence));
  return ids;
}

std::vector<TypeId> ParamSiteImpl::SpriteList(std::string_view list) {
  std::vector<TypeId> ids;
  for (std::string_view name : SplitCommas(list)) ids.push_back(SpriteAt(name, true));
  return ids;
}

std::vector<TypeId> ParamSiteImpl::SpriteListLenient(std::string_view list) {
  std::vector<TypeId> ids;
  for (std::string_view name : SplitCommas(list)) {
    const TypeId id = SpriteAt(name, false);
    if (id != kNoType) ids.push_back(id);
  }
  return ids;
}

std::vector<int> ParamSiteImpl::IntList(std::string_view list) {
  std::vector<int> values;
  for (std::string_view element : SplitCommas(list)) {
    const auto value = ParseJavaInt(element);
    if (!value) {
      ctx_.sink().Warning(*param_.line, ElementToken(element),
                          Quote(element) + " in " + std::string(param_.key) +
                              "= is not an integer; GVGAI counts it as 0 (and logs a warning each "
                              "time it is used)");
    }
    values.push_back(value.value_or(0));
  }
  if (values.empty()) {
    ctx_.sink().Warning(
        *param_.line, param_.token,
        std::string(param_.key) + "= has no value in its list; GVGAI counts it as 0");
    values.push_back(0);
  }
  return values;
}

std::vector<bool> ParamSiteImpl::BoolList(std::string_view list) {
  std::vector<bool> values;
  for (std::string_view element : SplitCommas(list)) {
    if (!EqualsIgnoreCase(element, "true") && !EqualsIgnoreCase(element, "false")) {
      ctx_.sink().Warning(*param_.line, ElementToken(element),
                          Quote(element) + " in " + std::string(param_.key) +
                              "= is neither True nor False; GVGAI reads it as False");
    }
    values.push_back(ParseJavaBoolean(element));
  }
  return values;
}

EffectKind ParamSiteImpl::Effect(std::string_view name) {
  if (const auto kind = FindEffectKind(name)) return *kind;
  std::string message = "unknown effect " + Quote(name) + " in " + std::string(param_.key) + "=";
  if (ctx_.GvgaiThrowsWithout(param_.key)) {
    ctx_.GvgaiStopsAt(*param_.line, ElementToken(name), std::move(message),
                      DidYouMean(name, EffectNames()));
  } else {
    ctx_.sink().Error(*param_.line, ElementToken(name), std::move(message),
                      DidYouMean(name, EffectNames()));
  }
  return EffectKind::kKillSprite;
}

void ParamSiteImpl::Warn(std::string message) {
  ctx_.sink().Warning(*param_.line, param_.token, std::move(message));
}

void ParamSiteImpl::Fail(std::string message) {
  ctx_.sink().Error(*param_.line, param_.token, std::move(message));
}

// --- ApplyParams helpers ---------------------------------------------------------------------

namespace {

bool FirstReport(LoadContext& ctx, const Param& p) {
  return ctx.reported_params.emplace(p.line->number, p.token.column).second;
}

}  // namespace

void ReportUnknownParam(LoadContext& ctx, const Param& p, std::string_view owner,
                        const std::vector<std::string_view>& field_names) {
  if (!FirstReport(ctx, p)) return;
  Token key = p.token;
  key.text = p.key;
  key.length = CharCount(p.key);
  ctx.sink().Warning(*p.line, key,
                     "unknown parameter " + Quote(p.key) + " for " + std::string(owner) +
                         "; GVGAI logs \"Unknown field\" and ignores it",
                     DidYouMean(p.key, field_names));
}

std::optional<JavaValue> TypeForField(LoadContext& ctx, const Param& p, FieldType type,
                                      std::string_view owner) {
  const JavaValue value = TypeValue(p.key, p.value);
  if (Assignable(type, value.kind)) return value;
  if (!FirstReport(ctx, p)) return std::nullopt;
  std::string reads =
      value.constant.empty()
          ? "reads " + Quote(p.value) + " as " + std::string(JavaKindName(value.kind))
          : "reads " + Quote(p.value) + " as the constant Types." + std::string(value.constant) +
                ", " + std::string(JavaKindName(value.kind));
  std::string hint;
  if (type == FieldType::kString && value.kind == JavaKind::kInt) {
    hint = "only a value GVGAI cannot read as a number stays a String, e.g. a list '" +
           std::string(p.value) + ",0'";
  }
  ctx.sink().Warning(*p.line, p.token,
                     std::string(p.key) + "=" + std::string(p.value) + " is ignored: GVGAI " +
                         reads + ", which the " + std::string(FieldTypeName(type)) + " field " +
                         Quote(p.key) + " of " + std::string(owner) +
                         " cannot hold (GVGAI drops it silently)",
                     hint);
  return std::nullopt;
}

void ReportUnmodelledField(LoadContext& ctx, const Param& p) {
  if (!FirstReport(ctx, p)) return;
  ctx.sink().Warning(*p.line, p.token,
                     Quote(p.key) +
                         " is an internal field of GVGAI's object; this engine does not model "
                         "it and ignores the value");
}

}  // namespace vgdl::lang
