#include "vgdl/lint.h"

#include <algorithm>
#include <sstream>
#include <string>

#include "vgdl/effect_catalog.h"
#include "vgdl/names.h"
#include "vgdl/sprite_catalog.h"
#include "vgdl/text.h"

namespace vgdl {

namespace {

// GVGAI ends every game at this tick whatever its terminations say.
constexpr int kGvgaiTickLimit = 2000;

bool AnyReachable(const GameDef& game, const std::vector<bool>& reachable, TypeId t) {
  if (t < 0 || t >= game.type_count()) return false;
  for (TypeId s : game.type(t).subtypes) {
    if (reachable[static_cast<size_t>(s)]) return true;
  }
  return false;
}

// Calls `run(id)` for every effect that some line can run while the types marked in
// `reachable` exist: pairs whose two groups can exist, and EOS and TIME lines of such types.
template <class RunFn>
void ForEachEffectThatCanRun(const GameDef& game, const std::vector<bool>& reachable,
                             const RunFn& run) {
  for (const InteractionPair& pair : game.pairs) {
    if (!AnyReachable(game, reachable, pair.first) || !AnyReachable(game, reachable, pair.second)) {
      continue;
    }
    for (EffectId id : pair.effects) run(id);
  }
  for (TypeId t : game.eos_types) {
    if (!AnyReachable(game, reachable, t)) continue;
    for (EffectId id : game.eos_effects[static_cast<size_t>(t)]) run(id);
  }
  for (const TimeEffectDef& timed : game.time_effects) {
    if (AnyReachable(game, reachable, timed.itype)) run(timed.effect);
  }
}

// Types a live sprite of `def` creates by itself (vgdl/sprite_catalog.h).
std::vector<TypeId> SpriteProducts(const SpriteDef& def) {
  switch (lang::TraitsOf(def.cls).makes) {
    case lang::SpriteMakes::kNothing:
      return {};
    case lang::SpriteMakes::kStype:
      return {def.stype};
    case lang::SpriteMakes::kStypeOrOwnType:
      return {def.stype != kNoType ? def.stype : def.id};
    case lang::SpriteMakes::kStypes:
      return def.stypes;
    case lang::SpriteMakes::kSpawnBehind:
      return {def.spawn_behind};
  }
  return {};
}

// Types an effect creates when it runs (vgdl/effect_catalog.h).
std::vector<TypeId> EffectProducts(const GameDef& game, const EffectDef& effect) {
  if (effect.kind == EffectKind::kAddTimer) {
    if (effect.timer_delegate >= 0) {
      return EffectProducts(game, game.effects[static_cast<size_t>(effect.timer_delegate)]);
    }
    return {};
  }
  const lang::EffectTraits& traits = lang::TraitsOf(effect.kind);
  if (traits.makes == lang::EffectMakes::kTransformsToChild) {
    // GVGAI picks among the named type's subtypes (its ancestors included), not itself.
    const TypeId parent = effect.*traits.made;
    std::vector<TypeId> children;
    if (parent >= 0 && parent < game.type_count()) {
      for (TypeId t : game.type(parent).subtypes) {
        if (t != parent) children.push_back(t);
      }
    }
    return children;
  }
  std::vector<TypeId> made;
  if (traits.made != nullptr) made.push_back(effect.*traits.made);
  if (traits.also_made != nullptr) made.push_back(effect.*traits.also_made);
  return made;
}

// A parameter value as a designer wrote it (0.05, not 0.050000).
std::string Number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

class Linter {
 public:
  Linter(const GameDef& game, const std::vector<const LevelDef*>& levels, std::string_view source)
      : game_(game),
        lines_(lang::SplitLines(source)),
        reachable_(ReachableTypes(game, levels)),
        levels_(levels) {}

  Diagnostics Run(bool have_levels) {
    if (game_.terminations.empty()) {
      Warn({}, {},
           "the game has no terminations; only GVGAI's " + std::to_string(kGvgaiTickLimit) +
               "-tick limit ends it");
    }
    // What can exist is only known from the levels.
    if (have_levels) {
      CheckTypes();
      CheckSizes();
      CheckSelfCreatingUpdates();
      CheckInteractions();
      CheckLinesGvgaiOnlyWarnsAbout();
      CheckTerminations();
    }
    return std::move(out_);
  }

 private:
  bool Reachable(TypeId t) const { return AnyReachable(game_, reachable_, t); }
  std::string Name(TypeId t) const {
    return t >= 0 && t < game_.type_count() ? "'" + game_.type(t).name + "'" : "?";
  }

  void Warn(SourceLoc loc, std::string_view token, std::string message) {
    Diagnostic d;
    d.severity = Severity::kWarning;
    d.file = game_.path.empty() ? game_.name : game_.path;
    d.line = loc.line;
    d.column = loc.column;
    d.length = lang::CharCount(token);
    if (loc.line > 0 && static_cast<size_t>(loc.line) <= lines_.size()) {
      d.source_line = std::string(lines_[static_cast<size_t>(loc.line - 1)]);
    }
    d.message = std::move(message);
    out_.Add(std::move(d));
  }

  // Types that stand for resources (amounts held by sprites) need no sprites of their own.
  std::vector<bool> ResourceTypes() const {
    std::vector<bool> resource(game_.types.size());
    const auto mark = [&](TypeId t) {
      if (t >= 0 && t < game_.type_count()) resource[static_cast<size_t>(t)] = true;
    };
    for (const EffectDef& effect : game_.effects) {
      if (effect.raw_params.count("resource")) mark(effect.resource);
      if (effect.raw_params.count("heldResource")) mark(effect.held_resource);
    }
    for (const SpriteDef& def : game_.types) {
      for (TypeId t : def.ammo) mark(t);
    }
    return resource;
  }

  void CheckTypes() {
    const std::vector<bool> resources = ResourceTypes();
    for (const SpriteDef& def : game_.types) {
      if (!def.declared || !def.is_leaf || reachable_[static_cast<size_t>(def.id)]) continue;
      if (resources[static_cast<size_t>(def.id)]) continue;
      Warn(def.loc, def.name,
           "sprite type '" + def.name +
               "' never exists: no checked level places it and nothing creates it");
    }
  }

  // A size multiplier that rounds a sprite to no pixels at a level's block size. GVGAI sizes
  // sprites as (int) (block * wMult): such a sprite collides with nothing, and its end-of-screen
  // test (Rectangle.contains) never finds it inside the screen. With no height GVGAI stops on
  // a division by zero when it places the sprite; this engine runs it as an empty sprite.
  void CheckSizes() {
    for (const SpriteDef& def : game_.types) {
      if (!def.declared || !def.is_leaf || !reachable_[static_cast<size_t>(def.id)]) continue;
      for (const LevelDef* level : levels_) {
        const int block = level->block_size;
        const int w = def.width_at(block);
        const int h = def.height_at(block);
        if (w > 0 && h > 0) continue;
        const std::string size =
            std::to_string(w) + "x" + std::to_string(h) + " pixels (wMult=" + Number(def.w_mult) +
            ", hMult=" + Number(def.h_mult) + " of a " + std::to_string(block) + "-pixel block)";
        Warn(def.loc, def.name,
             "sprite type '" + def.name + "' is " + size +
                 ": it collides with nothing and its EOS effects fire on every tick" +
                 (h <= 0 ? "; GVGAI stops with a division by zero when it places it" : ""));
        break;
      }
    }
  }

  // A sprite that creates sprites of its own type as it updates (`fire > Spreader` with no
  // stype, a SpawnPoint of its own type). GVGAI updates a type's sprites with a for-each over
  // that type's list, and adding to the list under it throws ConcurrentModificationException
  // (spec §15.13); here the new sprites wait for the next tick. Avatars are updated apart.
  void CheckSelfCreatingUpdates() {
    for (const SpriteDef& def : game_.types) {
      if (!def.declared || !def.is_leaf || def.is_avatar) continue;
      if (!reachable_[static_cast<size_t>(def.id)]) continue;
      const std::vector<TypeId> products = SpriteProducts(def);
      if (std::ranges::find(products, def.id) == products.end()) continue;
      Warn(def.loc, def.name,
           "sprite type '" + def.name + "' (" + std::string(SpriteClassName(def.cls)) +
               ") creates sprites of its own type as it updates: GVGAI stops there with a "
               "ConcurrentModificationException (here the new sprites wait for the next tick)");
    }
  }

  void CheckInteractions() {
    for (const TimeEffectDef& timed : game_.time_effects) {
      if (Reachable(timed.itype)) continue;
      const EffectDef& effect = game_.effects[static_cast<size_t>(timed.effect)];
      Warn(effect.loc, effect.name,
           "'" + effect.name + "' on " + Name(timed.itype) +
               " never runs: no such sprite ever exists");
    }
    std::vector<bool> eos_reported(game_.types.size());
    for (TypeId t : game_.eos_types) {
      if (Reachable(t) || eos_reported[static_cast<size_t>(t)]) continue;
      eos_reported[static_cast<size_t>(t)] = true;
      for (EffectId id : game_.eos_effects[static_cast<size_t>(t)]) {
        const EffectDef& effect = game_.effects[static_cast<size_t>(id)];
        Warn(effect.loc, effect.name,
             "'" + game_.type(t).name + " EOS > " + effect.name + "' never happens: no " + Name(t) +
                 " sprite ever exists");
      }
    }
    for (const InteractionPair& pair : game_.pairs) {
      const bool first = Reachable(pair.first);
      const bool second = Reachable(pair.second);
      if (first && second) continue;
      if (pair.effects.empty()) continue;
      const EffectDef& effect = game_.effects[static_cast<size_t>(pair.effects.front())];
      const TypeId missing = first ? pair.second : pair.first;
      Warn(effect.loc, effect.name,
           "'" + game_.type(pair.first).name + " " + game_.type(pair.second).name + " > " +
               effect.name + "' never happens: no " + Name(missing) + " sprite ever exists");
    }
  }

  // Lines whose effect GVGAI cannot apply where they run, so that each run only logs a
  // warning: an effect that needs a second sprite on an EOS or TIME line, one that needs any
  // sprite as an addTimer delegate (lang::SpritesGvgaiNeeds), and teleportToExit onto a sprite
  // with no exit. GVGAI's 26th logged message ends the game without a winner (spec quirk 11),
  // so such a game ends early there; here the line does nothing and the game goes on.
  void CheckLinesGvgaiOnlyWarnsAbout() {
    const std::string consequence =
        ": GVGAI does nothing but log a warning each time it runs, and its 26th logged message "
        "ends the game without a winner (spec quirk 11); here the line does nothing";
    const auto warn = [&](const EffectDef& effect, const std::string& line,
                          const std::string& why) {
      Warn(effect.loc, effect.name, "'" + line + "' " + why + consequence);
    };
    const std::vector<bool> runs = EffectsThatRun();
    std::vector<bool> eos_checked(game_.types.size());  // a type is listed once per EOS line
    for (TypeId t : game_.eos_types) {
      if (!Reachable(t) || eos_checked[static_cast<size_t>(t)]) continue;
      eos_checked[static_cast<size_t>(t)] = true;
      for (EffectId id : game_.eos_effects[static_cast<size_t>(t)]) {
        const EffectDef& effect = game_.effects[static_cast<size_t>(id)];
        if (!lang::SpritesGvgaiNeeds(effect.kind).second) continue;
        warn(effect, game_.type(t).name + " EOS > " + effect.name,
             "has no second sprite at the end of the screen");
      }
    }
    // A TIME line runs its effect on each sprite of its type (the loader requires one).
    for (const TimeEffectDef& timed : game_.time_effects) {
      const EffectDef& effect = game_.effects[static_cast<size_t>(timed.effect)];
      if (!runs[static_cast<size_t>(timed.effect)]) continue;
      if (!lang::SpritesGvgaiNeeds(effect.kind).second) continue;
      warn(effect, game_.type(timed.itype).name + " TIME > " + effect.name,
           "has no second sprite on a TIME line");
    }
    for (size_t id = 0; id < game_.effects.size(); ++id) {
      const EffectDef& timer = game_.effects[id];
      if (timer.kind != EffectKind::kAddTimer || timer.timer_delegate < 0 || !runs[id]) continue;
      const EffectDef& delegate = game_.effects[static_cast<size_t>(timer.timer_delegate)];
      const lang::SpritesNeeded needs = lang::SpritesGvgaiNeeds(delegate.kind);
      if (!needs.first && !needs.second) continue;
      warn(timer, "addTimer ftype=" + std::string(EffectKindName(delegate.kind)),
           "sets a timer that runs its ftype with no sprite");
    }
    CheckTeleportExits(warn);
  }

  template <class WarnFn>
  void CheckTeleportExits(const WarnFn& warn) {
    for (const InteractionPair& pair : game_.pairs) {
      if (!Reachable(pair.first) || !Reachable(pair.second)) continue;
      for (EffectId id : pair.effects) {
        const EffectDef& effect = game_.effects[static_cast<size_t>(id)];
        if (effect.kind != EffectKind::kTeleportToExit) continue;
        for (TypeId s : game_.type(pair.second).subtypes) {
          const SpriteDef& exit = game_.type(s);
          if (!reachable_[static_cast<size_t>(s)] || exit.has_itype_field) continue;
          warn(effect,
               game_.type(pair.first).name + " " + game_.type(pair.second).name + " > " +
                   effect.name,
               "meets " + Name(s) + " (" + std::string(SpriteClassName(exit.cls)) +
                   "), which has no exit type (GVGAI's itype)");
          break;
        }
      }
    }
  }

  std::vector<bool> EffectsThatRun() const {
    std::vector<bool> runs(game_.effects.size());
    ForEachEffectThatCanRun(game_, reachable_,
                            [&](EffectId id) { runs[static_cast<size_t>(id)] = true; });
    return runs;
  }

  int LiveBound(TypeId t) const { return Reachable(t) ? 1 : 0; }

  void CheckTerminations() {
    for (const TerminationDef& term : game_.terminations) {
      switch (term.kind) {
        case TerminationKind::kSpriteCounter:
          if (term.limit < 0) {
            Warn(term.loc, term.name,
                 term.name + " can never fire: a sprite count is never below 0");
          } else if (!Reachable(term.stype)) {
            Warn(term.loc, term.name,
                 term.name + " fires on the first tick: no " + Name(term.stype) +
                     " sprite ever exists");
          }
          break;
        case TerminationKind::kSpriteCounterMore:
          if (term.limit <= 0) {
            Warn(term.loc, term.name,
                 term.name + " fires on the first tick: every count is at least " +
                     std::to_string(term.limit));
          } else if (!Reachable(term.stype)) {
            Warn(term.loc, term.name,
                 term.name + " can never fire: no " + Name(term.stype) + " sprite ever exists");
          }
          break;
        case TerminationKind::kMultiSpriteCounter:
          CheckMultiCounter(term);
          break;
        case TerminationKind::kTimeout:
          if (term.limit > kGvgaiTickLimit) {
            Warn(term.loc, term.name,
                 "Timeout limit=" + std::to_string(term.limit) +
                     " never fires: GVGAI ends every game at tick " +
                     std::to_string(kGvgaiTickLimit));
          }
          break;
        default:
          break;
      }
    }
  }

  void CheckMultiCounter(const TerminationDef& term) {
    const bool any = LiveBound(term.stype1) + LiveBound(term.stype2) + LiveBound(term.stype3) > 0;
    if (term.limit < 0 && !term.min) {
      Warn(term.loc, term.name,
           term.name + " can never fire: a sum of sprite counts is never negative");
    } else if (!any && (term.limit == 0 || (term.min && term.limit < 0))) {
      Warn(term.loc, term.name,
           term.name + " fires on the first tick: none of its sprites ever exists");
    } else if (!any) {
      Warn(term.loc, term.name, term.name + " can never fire: none of its sprites ever exists");
    }
  }

  const GameDef& game_;
  std::vector<std::string_view> lines_;
  std::vector<bool> reachable_;
  const std::vector<const LevelDef*>& levels_;
  Diagnostics out_;
};

}  // namespace

void ForEachPlacedSprite(const GameDef& game, const LevelDef& level,
                         const std::function<void(TypeId type, int x, int y, bool made)>& visit) {
  std::vector<int> made_count(game.types.size());
  // Whether `ancestor` is a singleton type with a sprite of it or of a subtype made already.
  const auto refuses = [&](TypeId ancestor) {
    if (!game.type(ancestor).singleton) return false;
    for (TypeId s : game.type(ancestor).subtypes) {
      if (made_count[static_cast<size_t>(s)] > 0) return true;
    }
    return false;
  };
  const CharMapping& mapping = MappingOf(game, level);
  for (int y = 0; y < level.height; ++y) {
    const std::string& row = level.rows[static_cast<size_t>(y)];
    for (int x = 0; x < level.width; ++x) {
      for (TypeId t : mapping[static_cast<unsigned char>(row[static_cast<size_t>(x)])]) {
        const auto& ancestors = game.type(t).itypes;
        const bool made = std::none_of(ancestors.begin(), ancestors.end(), refuses);
        if (made) ++made_count[static_cast<size_t>(t)];
        visit(t, x, y, made);
      }
    }
  }
}

std::vector<int> CountInitialSprites(const GameDef& game, const LevelDef& level) {
  std::vector<int> count(game.types.size());
  int avatars = 0;
  ForEachPlacedSprite(game, level, [&](TypeId t, int, int, bool made) {
    if (!made) return;
    if (game.type(t).is_avatar && ++avatars > game.no_players) return;  // removed after the build
    ++count[static_cast<size_t>(t)];
  });
  return count;
}

std::vector<bool> ReachableTypes(const GameDef& game, const std::vector<const LevelDef*>& levels) {
  std::vector<bool> reachable(game.types.size());
  for (const LevelDef* level : levels) {
    const CharMapping& mapping = MappingOf(game, *level);
    for (const std::string& row : level->rows) {
      for (const char ch : row) {
        for (TypeId t : mapping[static_cast<unsigned char>(ch)]) {
          reachable[static_cast<size_t>(t)] = true;
        }
      }
    }
  }
  bool changed = true;
  const auto mark = [&](TypeId t) {
    if (t >= 0 && t < game.type_count() && !reachable[static_cast<size_t>(t)]) {
      reachable[static_cast<size_t>(t)] = true;
      changed = true;
    }
  };
  const auto run = [&](EffectId id) {
    for (TypeId t : EffectProducts(game, game.effects[static_cast<size_t>(id)])) mark(t);
  };
  while (changed) {
    changed = false;
    for (const SpriteDef& def : game.types) {
      if (!reachable[static_cast<size_t>(def.id)]) continue;
      for (TypeId t : SpriteProducts(def)) mark(t);
    }
    ForEachEffectThatCanRun(game, reachable, run);
  }
  return reachable;
}

Diagnostics LintLevel(const GameDef& game, const LevelDef& level, const std::string& file) {
  Diagnostics out;
  const std::vector<bool> reachable = ReachableTypes(game, {&level});
  for (const SpriteDef& def : game.types) {
    if (def.is_avatar && reachable[static_cast<size_t>(def.id)]) return out;
  }
  Diagnostic d = FileError(file,
                           "the level has no avatar: it places none and nothing creates "
                           "one, so no player can act in it");
  d.severity = Severity::kWarning;
  out.Add(std::move(d));
  return out;
}

Diagnostics LintGame(const GameDef& game, const std::vector<const LevelDef*>& levels,
                     std::string_view source) {
  return Linter(game, levels, source).Run(!levels.empty());
}

}  // namespace vgdl
