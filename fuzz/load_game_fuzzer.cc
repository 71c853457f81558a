// Feeds arbitrary bytes to the VGDL front end: as a game file (then, if it loads, a fixed
// level with it), and as a level file of a fixed game. Besides the sanitizers, it traps when a
// loaded GameDef breaks the invariants the engine relies on.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/check.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"

namespace {

constexpr std::string_view kFixedGame = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable
    wall > Immovable
    box > Passive
    gem > Resource limit=3
    avatar > ShootAvatar stype=shot ammo=gem
    shot > Missile singleton=True
    hunter > Chaser stype=avatar
  InteractionSet
    avatar wall > stepBack
    box avatar > bounceForward
    gem avatar > collectResource
    shot EOS > killSprite
  LevelMapping
    . > floor
    b > floor box
    g > floor gem
    h > floor hunter
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

constexpr std::string_view kFixedLevel = "wwwwwwww\nw.Abg.hw\nw..1234w\nwwwwwwww\n";

using vgdl::fuzz::Check;

bool ValidType(const vgdl::GameDef& game, vgdl::TypeId t) {
  return t >= 0 && t < game.type_count();
}

// What the engine assumes of every GameDef the loader returns.
void CheckInvariants(const vgdl::GameDef& game) {
  Check(game.type_count() >= 2);
  for (const vgdl::SpriteDef& def : game.types) {
    Check(ValidType(game, def.id) && &game.type(def.id) == &def);
    Check(!def.itypes.empty() && def.itypes.back() == def.id);
    for (vgdl::TypeId t : def.subtypes) Check(ValidType(game, t));
    Check(def.cooldown >= 1);
    Check(def.hidden.size() >= static_cast<size_t>(game.no_players));
  }
  Check(!game.sprite_order.empty() && game.sprite_order.back() == vgdl::kAvatarType);
  for (vgdl::TypeId t : game.sprite_order) Check(ValidType(game, t));
  for (const auto& mapping : game.char_mapping) {
    for (vgdl::TypeId t : mapping) Check(ValidType(game, t));
  }
  const auto valid_effect = [&](vgdl::EffectId e) {
    return e >= 0 && static_cast<size_t>(e) < game.effects.size();
  };
  for (const vgdl::InteractionPair& pair : game.pairs) {
    Check(ValidType(game, pair.first) && ValidType(game, pair.second));
    for (vgdl::EffectId e : pair.effects) Check(valid_effect(e));
  }
  Check(game.eos_effects.size() == game.types.size());
  for (vgdl::TypeId t : game.eos_types) Check(ValidType(game, t));
  // A repeating timer below 1 would be due again as soon as it ran: the tick would never end.
  const auto ends = [](const vgdl::EffectDef& timer) {
    return !timer.repeating || timer.timer >= 1;
  };
  for (const vgdl::TimeEffectDef& timed : game.time_effects) {
    Check(valid_effect(timed.effect) && ValidType(game, timed.itype));
    Check(ends(game.effects[static_cast<size_t>(timed.effect)]));
  }
  for (const vgdl::EffectDef& effect : game.effects) {
    if (effect.kind != vgdl::EffectKind::kAddTimer) continue;
    Check(valid_effect(effect.timer_delegate) && ends(effect));
  }
  Check(game.resource_limit.size() == game.types.size());
}

void Exercise(const vgdl::GameDef& game, std::string_view level_text, std::string_view source) {
  const vgdl::LevelLoad level = vgdl::LoadLevelFromText(game, level_text, "fuzz_lvl.txt");
  Check(level.level.has_value() != level.diagnostics.HasErrors());
  for (const vgdl::Diagnostic& d : level.diagnostics.items()) (void)vgdl::Format(d);
  if (!level.level) return;
  Check(level.level->height == static_cast<int>(level.level->rows.size()));
  for (const std::string& row : level.level->rows) {
    Check(row.size() == static_cast<size_t>(level.level->width));
  }
  Check(level.level->block_size >= 1);
  // A level with its own LevelMapping is played with the game remapped to that mapping.
  Check((level.remapped_game != nullptr) == (level.level->char_mapping != nullptr));
  Check(!level.remapped_game || level.remapped_game->char_mapping == *level.level->char_mapping);
  (void)vgdl::CountInitialSprites(game, *level.level);
  const vgdl::Diagnostics lint = vgdl::LintGame(game, {&*level.level}, source);
  for (const vgdl::Diagnostic& d : lint.items()) (void)vgdl::Format(d);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const vgdl::GameLoad load = vgdl::LoadGameFromText(text, "fuzz.txt");
  Check((load.game != nullptr) != load.diagnostics.HasErrors());
  for (const vgdl::Diagnostic& d : load.diagnostics.items()) (void)vgdl::Format(d);
  if (load.game) {
    CheckInvariants(*load.game);
    Exercise(*load.game, kFixedLevel, text);
  }
  // A GameSpace with values chosen (--set): every parameter at its last value, and the first at
  // a value made of the input's first bytes, which is one of its values or refused.
  if (load.game && !load.game->parameters.empty()) {
    const std::vector<vgdl::GameParameter>& parameters = load.game->parameters;
    std::vector<std::string> last;
    for (const vgdl::GameParameter& p : parameters) last.push_back(p.name + "=" + p.shown.back());
    const std::vector<std::string> odd = {parameters.front().name + "=" +
                                          std::string(text.substr(0, 12))};
    for (const std::vector<std::string>& settings : {last, odd}) {
      const vgdl::GameLoad chosen = vgdl::LoadGameFromText(
          text, "fuzz.txt",
          vgdl::LoadOptions{.gvgai_subset = false, .parameter_settings = settings});
      Check((chosen.game != nullptr) != chosen.diagnostics.HasErrors());
      for (const vgdl::Diagnostic& d : chosen.diagnostics.items()) (void)vgdl::Format(d);
      if (!chosen.game) continue;
      Check(chosen.game->parameters.size() == parameters.size());
      CheckInvariants(*chosen.game);
      Exercise(*chosen.game, kFixedLevel, text);
    }
  }
  // As GVGAI loads it: everything that loads strictly loads the same way, and a game cut short
  // at a line GVGAI stops at must hold together as well as any other.
  const vgdl::GameLoad subset = vgdl::LoadGameFromText(
      text, "fuzz.txt", vgdl::LoadOptions{.gvgai_subset = true, .parameter_settings = {}});
  Check((subset.game != nullptr) != subset.diagnostics.HasErrors());
  if (load.game) {
    Check(subset.game != nullptr && subset.game->gvgai_stop_line == 0);
    Check(subset.diagnostics.items().size() == load.diagnostics.items().size());
  }
  if (subset.game && subset.game->gvgai_stop_line > 0) {
    Check(vgdl::GvgaiStopWarning(subset) != nullptr);
    CheckInvariants(*subset.game);
    Exercise(*subset.game, kFixedLevel, text);
  }
  static const vgdl::GameLoad fixed = vgdl::LoadGameFromText(kFixedGame, "fixed.txt");
  Check(fixed.game != nullptr);
  Exercise(*fixed.game, text, kFixedGame);
  return 0;
}
