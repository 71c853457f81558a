// GameDef as JSON (tools/game_def_json.h).
#include "tools/game_def_json.h"

#include <vector>

#include "vgdl/level_chars.h"
#include "vgdl/names.h"

namespace vgdl::tools {

using nlohmann::json;

std::string TypeName(const GameDef& game, TypeId t) {
  return t >= 0 && t < game.type_count() ? game.type(t).name : "?";
}

namespace {

nlohmann::json Names(const GameDef& game, const std::vector<TypeId>& ids) {
  json names = json::array();
  for (TypeId t : ids) names.push_back(TypeName(game, t));
  return names;
}

nlohmann::json EffectJson(const EffectDef& effect) {
  return {{"effect", effect.name}, {"params", effect.raw_params}, {"line", effect.loc.line}};
}

// A GameSpace's parameters: the values each takes, its default and the value played.
json ParametersJson(const GameDef& game) {
  json out = json::array();
  for (const GameParameter& p : game.parameters) {
    const char* kind = p.kind == GameParameter::Kind::kInt      ? "int"
                       : p.kind == GameParameter::Kind::kDouble ? "double"
                                                                : "boolean";
    out.push_back({{"name", p.name},
                   {"kind", kind},
                   {"values", p.values},
                   {"choices", p.shown},
                   {"default", p.default_shown},
                   {"declared_value", p.declared.empty() ? json(nullptr) : json(p.declared)},
                   {"value", p.played},
                   {"set", p.chosen},
                   {"description", p.description},
                   {"line", p.loc.line}});
  }
  return out;
}

}  // namespace

nlohmann::json GameDefJson(const GameDef& game) {
  json types = json::array();
  for (const SpriteDef& def : game.types) {
    types.push_back(
        {{"id", def.id},
         {"name", def.name},
         {"class", SpriteClassName(def.cls)},
         {"parent", def.parent == kNoType ? json(nullptr) : json(TypeName(game, def.parent))},
         {"children", Names(game, def.children)},
         {"leaf", def.is_leaf},
         {"declared", def.declared},
         {"singleton", def.singleton},
         {"itypes", Names(game, def.itypes)},
         {"subtypes", Names(game, def.subtypes)},
         {"params", def.raw_params},
         {"line", def.loc.line}});
  }
  json pairs = json::array();
  for (const InteractionPair& pair : game.pairs) {
    json effects = json::array();
    for (EffectId id : pair.effects)
      effects.push_back(EffectJson(game.effects[static_cast<size_t>(id)]));
    pairs.push_back({{"first", TypeName(game, pair.first)},
                     {"second", TypeName(game, pair.second)},
                     {"effects", effects}});
  }
  json eos = json::array();
  for (TypeId t : game.eos_types) {
    for (EffectId id : game.eos_effects[static_cast<size_t>(t)]) {
      json e = EffectJson(game.effects[static_cast<size_t>(id)]);
      e["sprite"] = TypeName(game, t);
      eos.push_back(e);
    }
  }
  json timed = json::array();
  for (const TimeEffectDef& t : game.time_effects) {
    json e = EffectJson(game.effects[static_cast<size_t>(t.effect)]);
    e["sprite"] = TypeName(game, t.itype);
    timed.push_back(e);
  }
  json terms = json::array();
  for (const TerminationDef& term : game.terminations) {
    terms.push_back(
        {{"termination", term.name}, {"params", term.raw_params}, {"line", term.loc.line}});
  }
  json mapping = json::object();
  for (size_t c = 0; c < game.char_mapping.size(); ++c) {
    if (!game.char_mapping[c].empty()) {
      mapping[LevelCharText(static_cast<unsigned char>(c), game.wide_chars)] =
          Names(game, game.char_mapping[c]);
    }
  }
  json out = {{"name", game.name},
              {"path", game.path},
              {"square_size", game.square_size},
              {"no_players", game.no_players},
              {"no_counters", game.no_counters},
              {"key_handler", game.key_handler},
              {"obs", Names(game, game.obs)},
              {"types", types},
              {"sprite_order", Names(game, game.sprite_order)},
              {"time_effects", timed},
              {"eos_effects", eos},
              {"interactions", pairs},
              {"terminations", terms},
              {"level_mapping", mapping}};
  // Only a GameSpace with a ParameterSet has the key.
  if (!game.parameters.empty()) out["parameters"] = ParametersJson(game);
  return out;
}

}  // namespace vgdl::tools
