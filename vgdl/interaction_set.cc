// The InteractionSet (spec §2.7, §8.3): "s1 s2 [s3 ...] > effect key=value ...". One EffectDef
// per line, shared by every pair the line lists; EOS and TIME lines; addTimer's delegate.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "vgdl/effect_catalog.h"
#include "vgdl/names.h"
#include "vgdl/sections.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

// A larger repeat is almost surely a typo, and each repetition is stored.
constexpr int kMaxRepeat = 1000;

bool IsEos(std::string_view name) {
  return EqualsIgnoreCase(name, "EOS");
}
bool IsTime(std::string_view name) {
  return EqualsIgnoreCase(name, "TIME");
}

struct InteractionLine {
  Token first;
  std::vector<Token> seconds;
  Token effect;
  std::vector<Param> params;
};

class InteractionReader {
 public:
  explicit InteractionReader(LoadContext& ctx) : ctx_(ctx) {
    for (size_t i = 0; i < ctx.game().pairs.size(); ++i) {
      const InteractionPair& pair = ctx.game().pairs[i];
      pair_index_[{pair.first, pair.second}] = i;
    }
  }

  void Read(const Line& line);

 private:
  std::optional<InteractionLine> Parse(const Line& line);
  // Builds the line's effect (and addTimer's delegate); returns its id or -1.
  EffectId BuildEffect(const Line& line, const InteractionLine& parsed, EffectKind kind,
                       bool timed);
  std::optional<EffectDef> BuildTimerDelegate(const Line& line, const InteractionLine& parsed,
                                              const EffectDef& timer);
  std::set<std::string, std::less<>> ApplyEffectParams(const InteractionLine& parsed,
                                                       EffectDef& def, bool timed);
  bool CheckRequired(const Line& line, const InteractionLine& parsed, EffectKind kind,
                     const std::set<std::string, std::less<>>& assigned);
  void Register(const Line& line, const InteractionLine& parsed, EffectId effect, bool timed);
  TypeId Sprite(const Line& line, const Token& name);
  // A sprite of a pair line, where GVGAI throws on an unknown name (on EOS and TIME lines it
  // does not: Sprite).
  TypeId PairSprite(const Line& line, const Token& name);
  void AddPair(TypeId first, TypeId second, EffectId effect);

  LoadContext& ctx_;
  std::map<std::pair<TypeId, TypeId>, size_t> pair_index_;
};

// `word` with a space on each side of every '>' in it ("monster>" -> "monster >").
std::string SpacedArrows(std::string_view word) {
  std::string out;
  for (char c : word) {
    if (c != '>') {
      out += c;
      continue;
    }
    if (!out.empty() && out.back() != ' ') out += ' ';
    out += "> ";
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// An interaction line without a '>' word. GVGAI splits the line at spaces and looks for a
// word that is exactly '>', so a '>' glued to a name ("monster>", ">killSprite") is not one:
// the diagnostic points at that word and says so.
void ReportMissingArrow(const Line& line, DiagSink& sink) {
  for (const Token& glued : line.tokens) {
    if (glued.text.find('>') == std::string_view::npos) continue;
    std::string fixed;
    for (const Token& t : line.tokens) {
      fixed +=
          (fixed.empty() ? "" : " ") + (&t == &glued ? SpacedArrows(t.text) : std::string(t.text));
    }
    sink.Error(line, glued,
               Quote(glued.text) +
                   " is one word: '>' needs a space on each side (GVGAI splits "
                   "the line at spaces and looks for a word that is just '>')",
               "write: " + fixed);
    return;
  }
  sink.AtLine(Severity::kError, line, "expected '>' in this interaction",
              "write: sprite1 sprite2 > effect key=value ...");
}

std::optional<InteractionLine> InteractionReader::Parse(const Line& line) {
  DiagSink& sink = ctx_.sink();
  size_t arrow = 0;
  for (size_t i = 0; i < line.tokens.size() && arrow == 0; ++i) {
    if (line.tokens[i].text == ">") arrow = i;
  }
  if (line.tokens.front().text == ">") {
    sink.Error(line, line.tokens.front(), "expected two sprite names before '>'",
               "write: sprite1 sprite2 > effect key=value ...");
    return std::nullopt;
  }
  if (arrow == 0) {
    ReportMissingArrow(line, sink);
    return std::nullopt;
  }
  InteractionLine out;
  out.first = line.tokens.front();
  out.seconds.assign(line.tokens.begin() + 1, line.tokens.begin() + static_cast<long>(arrow));
  if (out.seconds.empty()) {
    sink.Error(line, line.tokens[arrow], "expected a second sprite (or EOS or TIME) before '>'",
               "write: sprite1 sprite2 > effect key=value ...");
    return std::nullopt;
  }
  LineParts parts = SplitParams(line, arrow + 1, sink);
  ctx_.SubstituteParameters(parts);
  if (parts.words.empty()) {
    sink.Error(line, line.tokens[arrow], "expected an effect name after '>'");
    return std::nullopt;
  }
  if (parts.words.size() > 1) {
    sink.Error(line, parts.words[1],
               "two effect names on one line (" + Quote(parts.words[0].text) + " and " +
                   Quote(parts.words[1].text) + ")",
               "write one effect per line; GVGAI would silently use the last one");
    return std::nullopt;
  }
  out.effect = parts.words.front();
  out.params = std::move(parts.params);
  return out;
}

std::set<std::string, std::less<>> InteractionReader::ApplyEffectParams(
    const InteractionLine& parsed, EffectDef& def, bool timed) {
  const EffectKind kind = def.kind;
  const std::string owner = "effect " + std::string(EffectKindName(kind));
  if (!timed) {
    return ApplyParams(
        ctx_, parsed.params, def, [&](std::string_view n) { return FindEffectField(kind, n); },
        EffectFieldNames(kind, false), owner, UnknownParams::kWarn);
  }
  // A TIME line builds the effect and its TimeEffect wrapper from the same parameters; GVGAI
  // logs nothing for names either lacks, so only names both lack are reported.
  return ApplyParams(
      ctx_, parsed.params, def,
      [&](std::string_view n) {
        const EffectField* field = FindEffectField(kind, n);
        return field != nullptr ? field : FindTimeEffectField(n);
      },
      EffectFieldNames(kind, true), owner, UnknownParams::kWarn);
}

bool InteractionReader::CheckRequired(const Line& line, const InteractionLine& parsed,
                                      EffectKind kind,
                                      const std::set<std::string, std::less<>>& assigned) {
  const auto missing = [&](std::string_view key) { return assigned.count(key) == 0; };
  const auto needs = [&](std::string_view key) {
    return std::string(EffectKindName(kind)) + " needs " + std::string(key) + "=...";
  };
  // shieldFrom hashes its ftype, which throws when it is missing (an unknown one is hashed).
  const auto throws = [&](std::string_view key) {
    return GvgaiThrowsWithout(kind, key) || (kind == EffectKind::kShieldFrom && key == "ftype");
  };
  bool ok = true;
  // First the parameters GVGAI's constructor throws without: where it throws, it reads on no
  // further.
  for (std::string_view key : RequiredEffectParams(kind)) {
    if (!missing(key) || !throws(key)) continue;
    ctx_.GvgaiStopsAt(line, parsed.effect,
                      needs(key) + "; GVGAI cannot build the effect without it");
    ok = false;
  }
  if (ctx_.stopped()) return false;
  for (std::string_view key : RequiredEffectParams(kind)) {
    if (!missing(key) || throws(key)) continue;
    ctx_.sink().Error(
        line, parsed.effect,
        needs(key) + "; GVGAI builds the effect without it, with no sprite type to use");
    ok = false;
  }
  return ok;
}

// addTimer queues an effect built from the same line's parameters with ftype as its name.
// Returns it, or nullopt (reported) when GVGAI could not build it.
std::optional<EffectDef> InteractionReader::BuildTimerDelegate(const Line& line,
                                                               const InteractionLine& parsed,
                                                               const EffectDef& timer) {
  const std::string owner = "effect addTimer";
  if (timer.ftype == EffectKind::kAddTimer) {
    ctx_.sink().Error(line, parsed.effect, "addTimer cannot queue another addTimer",
                      "GVGAI would recurse forever building it");
    return std::nullopt;
  }
  EffectDef delegate;
  delegate.kind = timer.ftype;
  delegate.name = std::string(EffectKindName(timer.ftype));
  delegate.loc = timer.loc;
  delegate.raw_params = timer.raw_params;
  ApplyEffectDefaults(timer.ftype, delegate);
  const Building building(ctx_, timer.ftype);
  const auto assigned = ApplyParams(
      ctx_, parsed.params, delegate,
      [&](std::string_view n) { return FindEffectField(timer.ftype, n); },
      EffectFieldNames(timer.ftype, false), owner, UnknownParams::kIgnore);
  // GVGAI logs nothing on an addTimer line; only names neither object has are reported.
  std::vector<std::string_view> names = EffectFieldNames(EffectKind::kAddTimer, false);
  for (std::string_view n : EffectFieldNames(timer.ftype, false)) names.push_back(n);
  for (const Param& p : parsed.params) {
    if (FindEffectField(EffectKind::kAddTimer, p.key) == nullptr &&
        FindEffectField(timer.ftype, p.key) == nullptr) {
      ReportUnknownParam(ctx_, p, owner + " (ftype=" + delegate.name + ")", names);
    }
  }
  if (!CheckRequired(line, parsed, timer.ftype, assigned)) return std::nullopt;
  return delegate;
}

EffectId InteractionReader::BuildEffect(const Line& line, const InteractionLine& parsed,
                                        EffectKind kind, bool timed) {
  GameDef& game = ctx_.game();
  EffectDef def;
  def.kind = kind;
  def.name = std::string(parsed.effect.text);
  def.loc = {line.number, parsed.effect.column};
  for (const Param& p : parsed.params) def.raw_params[std::string(p.key)] = std::string(p.value);
  ApplyEffectDefaults(kind, def);

  std::set<std::string, std::less<>> assigned;
  std::optional<EffectDef> delegate;
  const Building building(ctx_, kind);
  if (kind == EffectKind::kAddTimer) {
    assigned = ApplyParams(
        ctx_, parsed.params, def,
        [](std::string_view n) { return FindEffectField(EffectKind::kAddTimer, n); },
        EffectFieldNames(EffectKind::kAddTimer, false), "effect addTimer", UnknownParams::kIgnore);
    if (assigned.count("ftype") > 0 && !ctx_.stopped()) {
      delegate = BuildTimerDelegate(line, parsed, def);
      if (!delegate) return -1;
    }
  } else {
    assigned = ApplyEffectParams(parsed, def, timed);
  }
  // GVGAI's constructor threw: nothing of this line is registered.
  if (ctx_.stopped()) return -1;
  if (!CheckRequired(line, parsed, kind, assigned)) return -1;
  if (def.repeat > kMaxRepeat) {
    ctx_.sink().Error(line, parsed.effect,
                      "repeat=" + std::to_string(def.repeat) + " is too large (at most " +
                          std::to_string(kMaxRepeat) + ")");
    return -1;
  }
  // GVGAI reschedules a repeating timer at gameTick + timer inside the loop that runs the
  // timers due this tick: with timer below 1 it is due again at once, and the tick never ends.
  if (def.repeating && def.timer < 1 && (timed || kind == EffectKind::kAddTimer)) {
    ctx_.sink().Error(
        line, parsed.effect,
        "a repeating timed effect needs timer=1 or more; with timer=" + std::to_string(def.timer) +
            " GVGAI would run it again and again within one tick, for ever",
        "write: ... timer=N repeating=True, with N >= 1");
    return -1;
  }
  // A TIME effect given nextExecution (any value but -1) is planned at `timer`; otherwise it
  // first fires at tick 0 (§8.3).
  if (timed && def.next_execution != -1) def.next_execution = def.timer;

  const auto id = static_cast<EffectId>(game.effects.size());
  game.effects.push_back(std::move(def));
  if (delegate) {
    game.effects[static_cast<size_t>(id)].timer_delegate =
        static_cast<EffectId>(game.effects.size());
    game.effects.push_back(std::move(*delegate));
  }
  return id;
}

TypeId InteractionReader::Sprite(const Line& line, const Token& name) {
  const TypeId id = ctx_.FindType(name.text);
  if (id == kNoType) {
    ctx_.sink().Error(line, name, "unknown sprite " + Quote(name.text),
                      DidYouMean(name.text, ctx_.TypeNameViews()));
  }
  return id;
}

TypeId InteractionReader::PairSprite(const Line& line, const Token& name) {
  const TypeId id = ctx_.FindType(name.text);
  if (id == kNoType) {
    ctx_.GvgaiStopsAt(line, name, "unknown sprite " + Quote(name.text),
                      DidYouMean(name.text, ctx_.TypeNameViews()));
  }
  return id;
}

void InteractionReader::AddPair(TypeId first, TypeId second, EffectId effect) {
  GameDef& game = ctx_.game();
  const auto [it, added] = pair_index_.emplace(std::make_pair(first, second), game.pairs.size());
  if (added) game.pairs.push_back({first, second, {}});
  InteractionPair& pair = game.pairs[it->second];
  const int repeat = game.effects[static_cast<size_t>(effect)].repeat;
  for (int r = 0; r < repeat; ++r) pair.effects.push_back(effect);
}

// GVGAI's loop over the second sprites: a pair when both names are sprites, else an EOS or a
// TIME registration.
void InteractionReader::Register(const Line& line, const InteractionLine& parsed, EffectId effect,
                                 bool timed) {
  GameDef& game = ctx_.game();
  if (timed) {
    const bool time_first = IsTime(parsed.first.text);
    const Token& sprite = time_first ? parsed.seconds.front() : parsed.first;
    if (parsed.seconds.size() != 1 || IsTime(sprite.text) || IsEos(sprite.text)) {
      ctx_.sink().Error(line, parsed.seconds.back(), "a TIME interaction names exactly one sprite",
                        "write: sprite TIME > effect timer=N ...");
      return;
    }
    const TypeId id = Sprite(line, sprite);
    if (id != kNoType) game.time_effects.push_back({effect, id});
    return;
  }
  const bool first_eos = IsEos(parsed.first.text);
  for (const Token& second : parsed.seconds) {
    if (IsTime(second.text)) {
      ctx_.sink().Error(line, second, "TIME must be the only sprite after the first one",
                        "write: sprite TIME > effect timer=N ...");
      continue;
    }
    const bool second_eos = IsEos(second.text);
    if (first_eos && second_eos) {
      ctx_.sink().Error(line, second, "EOS cannot interact with EOS");
      continue;
    }
    if (first_eos || second_eos) {
      const TypeId id = Sprite(line, first_eos ? second : parsed.first);
      if (id == kNoType) continue;
      game.eos_types.push_back(id);
      game.eos_effects[static_cast<size_t>(id)].push_back(effect);
      continue;
    }
    // GVGAI throws at the first unknown name, after the pairs of the names before it.
    const TypeId first = PairSprite(line, parsed.first);
    const TypeId other = PairSprite(line, second);
    if (ctx_.stopped()) return;
    if (first != kNoType && other != kNoType) AddPair(first, other, effect);
  }
}

void InteractionReader::Read(const Line& line) {
  const std::optional<InteractionLine> parsed = Parse(line);
  if (!parsed) return;
  const std::optional<EffectKind> kind = FindEffectKind(parsed->effect.text);
  if (!kind) {
    ctx_.GvgaiStopsAt(line, parsed->effect, "unknown effect " + Quote(parsed->effect.text),
                      DidYouMean(parsed->effect.text, EffectNames()));
    return;
  }
  const bool timed = IsTime(parsed->first.text) || IsTime(parsed->seconds.front().text);
  const EffectId effect = BuildEffect(line, *parsed, *kind, timed);
  if (effect < 0) return;
  Register(line, *parsed, effect, timed);
}

}  // namespace

void ReadInteractionSet(LoadContext& ctx, const SyntaxTree& tree, int section_node) {
  GameDef& game = ctx.game();
  game.eos_effects.resize(game.types.size());
  InteractionReader reader(ctx);
  for (int child : tree.node(section_node).children) {
    if (ctx.sink().full() || ctx.stopped()) return;
    RejectNestedLines(ctx, tree, child);
    if (CheckLineSection(ctx, tree, child, Section::kInteractionSet))
      reader.Read(tree.line_of(child));
  }
}

bool CheckLineSection(LoadContext& ctx, const SyntaxTree& tree, int node, Section expected) {
  const Section actual = tree.node(node).section;
  if (actual == expected) return true;
  ctx.sink().AtLine(Severity::kError, tree.line_of(node),
                    "this line comes after the " + std::string(SectionName(actual)) +
                        " keyword but is indented under the " + std::string(SectionName(expected)),
                    "GVGAI reads it as a line of the " + std::string(SectionName(actual)) +
                        "; indent it under that keyword");
  return false;
}

void RejectNestedLines(LoadContext& ctx, const SyntaxTree& tree, int entry_node) {
  const Node& node = tree.node(entry_node);
  if (node.children.empty()) return;
  const Line& parent = tree.line_of(entry_node);
  ctx.sink().AtLine(Severity::kError, tree.line_of(node.children.front()),
                    "this line is indented under line " + std::to_string(parent.number) +
                        ", but only SpriteSet entries can have nested lines",
                    "GVGAI silently ignores nested lines here; align it with line " +
                        std::to_string(parent.number));
}

}  // namespace vgdl::lang
