// State shared by the section readers while one game file is loaded: the GameDef being
// built, the sprite-name registry, the diagnostics, and the generic "key=value" machinery
// (splitting tokens into parameters, GVGAI's typing and field assignment).
#pragma once

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "vgdl/diag_sink.h"
#include "vgdl/field_setters.h"
#include "vgdl/game_def.h"
#include "vgdl/param_site.h"
#include "vgdl/suggest.h"
#include "vgdl/syntax_tree.h"

namespace vgdl::lang {

// One "key=value" token.
struct Param {
  std::string_view key;
  std::string_view value;
  const Line* line = nullptr;
  Token token;  // the whole "key=value"
};

// The tokens of a line after the first ones a section reader consumed: parameters, and the
// other words (class or effect names) in order.
struct LineParts {
  std::vector<Param> params;  // in line order; a repeated key is reported and the last kept
  std::vector<Token> words;
};
// Splits tokens[first..] of `line`; malformed parameters ("k=", "=v", "k=v=w", "a = b") are
// reported as errors and left out.
LineParts SplitParams(const Line& line, size_t first, DiagSink& sink);

// The characters of `value` at [offset, offset+length) inside a parameter token, for carets.
Token ValueToken(const Param& p, size_t offset, size_t length);

// Java's String.split of a one-character separator: trailing empty strings are removed; ""
// gives {""}.
std::vector<std::string_view> SplitJava(std::string_view s, char separator);
// SplitJava(s, ','), GVGAI's comma lists.
std::vector<std::string_view> SplitCommas(std::string_view s);

class LoadContext {
 public:
  LoadContext(GameDef& game, DiagSink& sink, bool gvgai_subset = false)
      : game_(game), sink_(sink), gvgai_subset_(gvgai_subset) {}

  GameDef& game() { return game_; }
  DiagSink& sink() { return sink_; }

  // A line on which GVGAI's parser throws (an unknown effect or termination, an unknown sprite
  // in a pair, a missing or unknown sprite where a constructor looks one up): GVGAI logs it
  // and reads nothing after it, neither the rest of the section nor the sections below it
  // (§15.5). An error; with LoadOptions::gvgai_subset, a warning, and reading stops there as
  // GVGAI's does.
  void GvgaiStopsAt(const Line& line, const Token& token, std::string message,
                    std::string hint = {});
  // Whether reading stopped at such a line (gvgai_subset only), and on which line number.
  bool stopped() const { return stop_line_ > 0; }
  int stop_line() const { return stop_line_; }

  // The sprite registry: wall=0 and avatar=1 first, then SpriteSet order.
  TypeId FindType(std::string_view name) const;
  TypeId RegisterType(std::string_view name);  // kNoType when the registry is full
  const std::vector<std::string>& type_names() const { return names_; }
  std::vector<std::string_view> TypeNameViews() const;
  // Per type id: why GVGAI cannot create sprites of the type ("" when it can).
  std::vector<std::string> uncreatable;
  // The GVGAI object whose parameters are being applied, an effect or a termination: a sprite
  // name its constructor cannot do without (GvgaiThrowsWithout) is a line GVGAI stops at.
  std::variant<std::monostate, EffectKind, TerminationKind> building;
  bool GvgaiThrowsWithout(std::string_view field) const;
  // Parameter tokens (line, column) already reported: a parameter inherited by many sprites
  // is reported once.
  std::set<std::pair<int, int>> reported_params;

  // A GameSpace's parameters (§2.9), name -> the text GVGAI writes for the value played.
  std::map<std::string, std::string, std::less<>> parameter_text;
  // In a GameSpace, GVGAI rewrites every value of a sprite, effect or termination before the
  // object is built: split at commas as Java's split(",") does, each element that names a
  // parameter replaced by its text, joined again. Applied to a line's parameters after
  // SplitParams. `singleton` is left as written: GVGAI reads it before rewriting.
  void SubstituteParameters(LineParts& parts);

 private:
  GameDef& game_;
  DiagSink& sink_;
  bool gvgai_subset_ = false;
  int stop_line_ = 0;
  bool stop_noted_ = false;  // without gvgai_subset: a line GVGAI stops at was reported
  std::map<std::string, TypeId, std::less<>> ids_;
  std::vector<std::string> names_;
  std::deque<std::string> substituted_;  // the rewritten values the Params point into
};

// While the parameters of an effect or a termination are applied: which GVGAI constructor
// reads them (LoadContext::building).
class Building {
 public:
  template <typename Kind>
  Building(LoadContext& ctx, Kind kind) : ctx_(ctx), saved_(ctx.building) {
    ctx_.building = kind;
  }
  ~Building() { ctx_.building = saved_; }
  Building(const Building&) = delete;
  Building& operator=(const Building&) = delete;

 private:
  LoadContext& ctx_;
  std::variant<std::monostate, EffectKind, TerminationKind> saved_;
};

// The ParamSite of one parameter: names are resolved against the registry and problems are
// reported at the parameter's token.
class ParamSiteImpl : public ParamSite {
 public:
  ParamSiteImpl(LoadContext& ctx, const Param& param) : ctx_(ctx), param_(param) {}
  TypeId Sprite(std::string_view name) override;
  TypeId SpriteOrMinusOne(std::string_view name, std::string_view consequence) override;
  std::vector<TypeId> SpriteList(std::string_view list) override;
  std::vector<TypeId> SpriteListLenient(std::string_view list) override;
  std::vector<TypeId> SpriteListOrMinusOne(std::string_view list,
                                           std::string_view consequence) override;
  std::vector<int> IntList(std::string_view list) override;
  std::vector<bool> BoolList(std::string_view list) override;
  EffectKind Effect(std::string_view name) override;
  void Warn(std::string message) override;
  void Fail(std::string message) override;

 private:
  TypeId SpriteAt(std::string_view name, bool strict);
  Token ElementToken(std::string_view element) const;
  LoadContext& ctx_;
  const Param& param_;
};

// How unknown parameter names are treated.
enum class UnknownParams {
  kWarn,    // GVGAI logs "Unknown field"
  kIgnore,  // caller checks them itself (TIME lines, addTimer delegates)
};

// Stores `params` into `def` the way GVGAI's reflection does: unknown names, values of the
// wrong Java type and fields this engine does not model are reported as warnings. Returns the
// names of the fields that were assigned. `owner` names the object in messages
// ("Immovable 'wall'", "effect killSprite").
template <typename Def, typename FindFn>
std::set<std::string, std::less<>> ApplyParams(LoadContext& ctx, const std::vector<Param>& params,
                                               Def& def, FindFn&& find,
                                               const std::vector<std::string_view>& field_names,
                                               std::string_view owner, UnknownParams unknown);

// --- implementation details of ApplyParams -------------------------------------------------

// Reports "unknown parameter" with a suggestion.
void ReportUnknownParam(LoadContext& ctx, const Param& p, std::string_view owner,
                        const std::vector<std::string_view>& field_names);
// Types the value for a field of `type`; reports and returns nullopt when GVGAI would drop it.
std::optional<JavaValue> TypeForField(LoadContext& ctx, const Param& p, FieldType type,
                                      std::string_view owner);
void ReportUnmodelledField(LoadContext& ctx, const Param& p);

template <typename Def, typename FindFn>
std::set<std::string, std::less<>> ApplyParams(LoadContext& ctx, const std::vector<Param>& params,
                                               Def& def, FindFn&& find,
                                               const std::vector<std::string_view>& field_names,
                                               std::string_view owner, UnknownParams unknown) {
  std::set<std::string, std::less<>> assigned;
  // GVGAI assigns in hash order, which no field depends on (orientedImg wins over img either
  // way); source order keeps the diagnostics in reading order.
  std::vector<const Param*> ordered;
  for (const Param& p : params) ordered.push_back(&p);
  std::stable_sort(ordered.begin(), ordered.end(), [](const Param* a, const Param* b) {
    return a->line->number != b->line->number ? a->line->number < b->line->number
                                              : a->token.column < b->token.column;
  });
  for (const Param* p : ordered) {
    const std::string_view key = p->key;
    const Field<Def>* field = find(key);
    if (field == nullptr) {
      if (unknown == UnknownParams::kWarn) ReportUnknownParam(ctx, *p, owner, field_names);
      continue;
    }
    const std::optional<JavaValue> value = TypeForField(ctx, *p, field->type, owner);
    if (!value) continue;
    if (field->set == nullptr) {
      ReportUnmodelledField(ctx, *p);
      continue;
    }
    ParamSiteImpl site(ctx, *p);
    field->set(def, *value, site);
    assigned.emplace(key);
  }
  return assigned;
}

}  // namespace vgdl::lang
