// The game line (spec §2.3): "BasicGame square_size=32 key_handler=Pulse obs=wall ...".
#include <array>
#include <span>

#include "vgdl/sections.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

using D = GameDef;
using FT = FieldType;

constexpr int kMaxCounters = 64;

void SetKeyHandler(D& game, const JavaValue& v, ParamSite& site) {
  if (EqualsIgnoreCase(v.text, "Pulse")) {
    game.key_handler = "Pulse";
  } else {
    game.key_handler.clear();
    site.Warn("key_handler=" + std::string(v.text) +
              " is not 'Pulse'; GVGAI keeps its default key handler");
  }
}

// The public fields of BasicGame (and Game).
constexpr std::array<Field<GameDef>, 11> kGameFields = {{
    {"square_size", FT::kInt, &SetInt<D, &D::square_size>},
    {"no_players", FT::kInt, &SetInt<D, &D::no_players>},
    {"no_counters", FT::kInt, &SetInt<D, &D::no_counters>},
    {"key_handler", FT::kString, &SetKeyHandler},
    {"obs", FT::kString, &Handled<D>},  // names sprites: resolved after the SpriteSet
    {"humanPlayer", FT::kOther, nullptr},
    {"parameters", FT::kOther, nullptr},
    {"kill_list", FT::kOther, nullptr},
    {"counter", FT::kOther, nullptr},
    {"wi", FT::kOther, nullptr},
    {"ki", FT::kOther, nullptr},
}};

std::vector<std::string_view> GameFieldNames() {
  std::vector<std::string_view> names;
  for (const auto& field : kGameFields) names.push_back(field.name);
  return names;
}

const Param* FindParam(const GameLine& game_line, std::string_view key) {
  for (const Param& p : game_line.params) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

}  // namespace

GameLine ReadGameLine(LoadContext& ctx, const Line& line) {
  GameLine result;
  const Token& cls = line.tokens.front();
  ctx.game().game_space = cls.text == "GameSpace";
  if (cls.text != "BasicGame" && cls.text != "GameSpace") {
    std::string hint = DidYouMean(cls.text, {"BasicGame", "GameSpace"});
    if (hint.empty()) hint = "a game file starts with: BasicGame key=value ...";
    ctx.sink().Error(line, cls, "expected 'BasicGame' at the start of the game line", hint);
  }
  LineParts parts = SplitParams(line, 1, ctx.sink());
  for (const Token& word : parts.words) {
    ctx.sink().Error(line, word, "unexpected " + Quote(word.text) + " on the game line",
                     "the game line holds only key=value parameters");
  }
  result.params = std::move(parts.params);
  return result;
}

void ApplyGameLine(LoadContext& ctx, const GameLine& game_line) {
  GameDef& game = ctx.game();
  const auto assigned = ApplyParams(
      ctx, game_line.params, game,
      [](std::string_view name) -> const Field<GameDef>* {
        return FindField<GameDef>({std::span<const Field<GameDef>>(kGameFields)}, name);
      },
      GameFieldNames(), "BasicGame", UnknownParams::kWarn);
  const auto report = [&](std::string_view key, const std::string& message) {
    if (const Param* p = FindParam(game_line, key)) ctx.sink().Error(*p->line, p->token, message);
  };
  if (assigned.count("square_size") && game.square_size != -1 && game.square_size < 1) {
    report("square_size", "square_size must be a positive number of pixels");
    game.square_size = -1;
  }
  if (game.no_players < 1 || game.no_players > kMaxPlayers) {
    report("no_players", "no_players must be between 1 and " + std::to_string(kMaxPlayers));
    game.no_players = 1;
  }
  if (game.no_counters < 0 || game.no_counters > kMaxCounters) {
    report("no_counters", "no_counters must be between 0 and " + std::to_string(kMaxCounters));
    game.no_counters = 0;
  }
}

void ResolveObstacles(LoadContext& ctx, const GameLine& game_line) {
  const Param* obs = FindParam(game_line, "obs");
  if (obs == nullptr) return;
  // Only a String reaches the field: a value GVGAI reads as a number or constant is dropped
  // (and was reported by ApplyGameLine).
  if (TypeValue(obs->key, obs->value).kind != JavaKind::kString) return;
  ParamSiteImpl site(ctx, *obs);
  ctx.game().obs = site.SpriteList(obs->value);
}

}  // namespace vgdl::lang
