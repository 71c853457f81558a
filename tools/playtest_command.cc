// `vgdl playtest GAME [--level N] [--agents A,B,...] [--reps N] [-j N] [--budget-calls N]
// [--seed S] [--set NAME=VALUE] [--sweep NAME[=V1,...]] [--json]`: plays one level with a ladder of
// agents, from a random player to the strongest the project has, and reports for each the win rate
// with its 95% interval, the mean ticks to a win, the mean score and the most common way it lost:
// the sprites that collided with the avatar (or its sprites) on the tick the game ended, and when.
// A designer reads the ladder as a difficulty estimate: a level the random agent wins is easy, one
// only maastcts wins is hard, and a loss every agent meets the same way points at the sprite that
// makes it hard. With --sweep, the ladder plays once for each value of a GameSpace's parameter
// (GVGAI's game-design track), on the same episode seeds, and the table shows how each agent's
// win rate moves with the value.
//
// The episodes go through the runner (runner/): the same plan, seeds, rules and
// parallelism as `vgdl run`, each agent on the same episodes.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/state.h"
#include "runner/episode.h"
#include "runner/parallel.h"
#include "runner/plan.h"
#include "runner/rules.h"
#include "runner/summary.h"
#include "tools/budget_options.h"
#include "tools/commands.h"
#include "tools/game_flags.h"
#include "tools/jobs_flag.h"
#include "vgdl/suggest.h"

namespace vgdl::tools {
namespace playtest {
namespace {

using nlohmann::json;

// The ladder: a random player, one step of lookahead, a breadth-first novelty search, plain
// MCTS, and MCTS with every enhancement of Soemers' thesis (the project's strongest agent).
const std::vector<std::string> kDefaultLadder = {"random", "osla", "iw1", "mcts", "maastcts"};

struct Args {
  std::string game;
  std::string games_dir;
  int level = 0;
  std::vector<std::string> agents;
  int reps = 10;
  int jobs = 0;  // 0: every usable core
  BudgetOptions budget;
  uint64_t seed = 1;
  bool json = false;
  std::vector<std::string> settings;  // --set NAME=VALUE
  std::string sweep;                  // --sweep NAME[=V1,V2,...]
};

// How an episode was lost: when the avatar died, the pairs of sprite types that collided on
// its last tick (the events GVGAI records: the avatar's and its sprites' collisions), the
// killing one among them; when it survived, a termination that counts or times ended the game.
struct Loss {
  std::string cause;                 // "avatar trap", "time limit (2000 ticks)", ...
  std::vector<std::string> sprites;  // the types named in `cause`, sorted
  int tick = 0;
};

std::string TypeName(const GameDef& game, TypeId t) {
  return t >= 0 && t < game.type_count() ? game.type(t).name : "?";
}

bool AvatarAlive(const State& state) {
  const SpriteRef avatar = state.player(0).avatar;
  return avatar != kNoSprite && !state.sprite(avatar).disabled();
}

// The collisions of the tick `state` ended on, as "active passive" pairs in GVGAI's event
// order, each pair once, with the types they name.
void LastTickCollisions(const State& state, const GameDef& game, Loss& loss) {
  const std::vector<Event> events = state.events().ToVector();
  std::vector<std::string> pairs;
  for (auto it = events.rbegin(); it != events.rend() && it->tick == loss.tick; ++it) {
    const std::string pair =
        TypeName(game, it->active_type) + " " + TypeName(game, it->passive_type);
    if (std::find(pairs.begin(), pairs.end(), pair) == pairs.end()) {
      pairs.insert(pairs.begin(), pair);
    }
    for (TypeId t : {it->active_type, it->passive_type}) {
      const std::string name = TypeName(game, t);
      if (std::find(loss.sprites.begin(), loss.sprites.end(), name) == loss.sprites.end()) {
        loss.sprites.push_back(name);
      }
    }
  }
  std::sort(loss.sprites.begin(), loss.sprites.end());
  for (const std::string& pair : pairs) loss.cause += (loss.cause.empty() ? "" : ", ") + pair;
}

Loss LossOf(const State& state, const GameDef& game) {
  Loss loss;
  loss.tick = std::max(0, state.tick() - 1);  // the last tick processed, as results count
  if (AvatarAlive(state)) {
    loss.cause = state.tick() >= kMaxTicks
                     ? "time limit (" + std::to_string(kMaxTicks) + " ticks)"
                     : "avatar alive at the end (a Timeout or counting termination)";
    return loss;
  }
  LastTickCollisions(state, game, loss);
  if (loss.cause.empty()) loss.cause = "avatar gone without a collision on the last tick";
  return loss;
}

struct Played {
  EpisodeResult result;
  std::optional<Loss> loss;  // for an episode not won
};

// One agent's line of the report.
struct AgentReport {
  std::string agent;  // as the command line names it
  std::string spec;   // canonical, with every option
  int episodes = 0;
  int wins = 0;
  Interval win_ci;
  std::optional<double> mean_ticks_to_win;
  double mean_score = 0.0;
  int losses = 0;
  // The most common loss: its cause, how many losses it ended, and their ticks.
  std::optional<Loss> common_loss;
  int common_loss_count = 0;
  std::vector<int> common_loss_ticks;
};

AgentReport Report(const std::string& name, const std::string& agent,
                   const std::vector<Played>& played) {
  AgentReport a;
  a.agent = name;
  a.spec = agent;
  double win_ticks = 0.0;
  std::map<std::string, std::vector<const Loss*>> by_cause;
  std::vector<std::string> cause_order;  // first seen first: ties go to the earliest
  for (const Played& p : played) {
    if (p.result.agent != agent) continue;
    ++a.episodes;
    a.mean_score += p.result.score;
    if (p.result.win) {
      ++a.wins;
      win_ticks += p.result.ticks;
      continue;
    }
    ++a.losses;
    auto& list = by_cause[p.loss->cause];
    if (list.empty()) cause_order.push_back(p.loss->cause);
    list.push_back(&*p.loss);
  }
  if (a.episodes > 0) a.mean_score /= a.episodes;
  a.win_ci = WilsonInterval(a.wins, a.episodes);
  if (a.wins > 0) a.mean_ticks_to_win = win_ticks / a.wins;
  for (const std::string& cause : cause_order) {
    const auto& list = by_cause[cause];
    if (static_cast<int>(list.size()) <= a.common_loss_count) continue;
    a.common_loss = *list.front();
    a.common_loss_count = static_cast<int>(list.size());
    a.common_loss_ticks.clear();
    for (const Loss* loss : list) a.common_loss_ticks.push_back(loss->tick);
  }
  return a;
}

// Loads the game with `settings` (--set); refuses a level it does not have.
RunGame LoadGame(const Args& args, const std::vector<std::string>& settings) {
  std::string error;
  const std::filesystem::path dir = GamesDirFor(args.games_dir, VGDL_SOURCE_DIR);
  std::optional<RunGame> game =
      LoadRunGame(args.game, dir, &error, LoadOptions{.parameter_settings = settings});
  if (!game) FailWithUserError("playtest", error);
  const auto level = static_cast<size_t>(args.level);
  if (args.level < 0 || level >= game->levels.size() || !game->levels[level]) {
    const std::string why = args.level >= 0 && level < game->level_errors.size()
                                ? game->level_errors[level]
                                : std::string(RunGame::kNoLevelFile);
    FailWithUserError("playtest", "level " + std::to_string(args.level) + ": " + why);
  }
  return std::move(*game);
}

// The agents as the command line names them, and their canonical specs.
struct Ladder {
  std::vector<std::string> names;
  std::vector<std::string> specs;
};

Ladder Agents(const Args& args) {
  std::vector<std::string> specs;
  for (const std::string& item : args.agents.empty() ? kDefaultLadder : args.agents) {
    std::stringstream list(item);
    for (std::string spec; std::getline(list, spec, ',');) {
      if (!spec.empty()) specs.push_back(spec);
    }
  }
  Ladder ladder;
  for (const std::string& spec : specs) {
    std::string error;
    const std::string name = CanonicalAgentSpec(spec, &error);
    if (name.empty() || CreateAgent(spec, 0, &error) == nullptr) {
      FailWithUserError("playtest", error);
    }
    ladder.names.push_back(spec);
    ladder.specs.push_back(name);
  }
  return ladder;
}

std::vector<Played> PlayAll(const RunGame& game, const std::vector<EpisodeTask>& plan,
                            const Rules& rules, int jobs) {
  std::vector<Played> played(plan.size());
  const auto play = [&](size_t i) {
    const EpisodeTask& task = plan[i];
    const AgentFactory factory = [&task](uint64_t seed) {
      std::string error;
      auto agent = CreateAgent(task.agent, seed, &error);
      if (agent == nullptr) throw std::runtime_error(error);
      return agent;
    };
    const GameDef& def = *game.GameOfLevel(static_cast<size_t>(task.level));
    Loss loss;
    const EpisodeResult result =
        RunEpisode(game, task, factory, rules,
                   [&](const State& final_state) { loss = LossOf(final_state, def); });
    played[i].result = result;
    if (result.win) return;
    if (result.disqualified)
      loss = {"disqualified (" + result.disqualified_for + ")", {}, result.ticks};
    if (!result.error.empty()) loss = {"error: " + result.error, {}, result.ticks};
    played[i].loss = loss;
  };
  RunParallel(plan.size(), jobs, play);
  return played;
}

std::string Fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

std::string TicksText(const std::vector<int>& ticks) {
  std::vector<int> sorted = ticks;
  std::sort(sorted.begin(), sorted.end());
  if (sorted.front() == sorted.back()) return "tick " + std::to_string(sorted.front());
  return "ticks " + std::to_string(sorted.front()) + "-" + std::to_string(sorted.back());
}

void PrintTable(const Args& args, const std::string& game, const Rules& rules,
                const std::vector<AgentReport>& reports) {
  std::cout << "playtest " << game << " level " << args.level << ": " << args.reps
            << " episode(s) per agent, seed " << args.seed << ", " << rules.Describe() << "\n";
  size_t width = 5;
  for (const AgentReport& a : reports) width = std::max(width, a.agent.size());
  std::cout << std::left << std::setw(static_cast<int>(width)) << "agent"
            << "  wins   win rate [95% interval]  ticks to win   score  most common loss\n";
  for (const AgentReport& a : reports) {
    const double rate = a.episodes ? 100.0 * a.wins / a.episodes : 0.0;
    std::ostringstream line;
    line << std::left << std::setw(static_cast<int>(width)) << a.agent << "  " << std::right
         << std::setw(2) << a.wins << "/" << std::left << std::setw(3) << a.episodes << " "
         << std::right << std::setw(5) << Fixed(rate, 1) << "% [" << std::setw(5)
         << Fixed(100 * a.win_ci.low, 1) << ", " << std::setw(5) << Fixed(100 * a.win_ci.high, 1)
         << "]  " << std::setw(12)
         << (a.mean_ticks_to_win ? Fixed(*a.mean_ticks_to_win, 1) : std::string("-")) << "  "
         << std::setw(6) << Fixed(a.mean_score, 2) << "  ";
    if (a.common_loss) {
      line << a.common_loss_count << "/" << a.losses << " losses: " << a.common_loss->cause << " ("
           << TicksText(a.common_loss_ticks) << ")";
    } else {
      line << "-";
    }
    std::cout << line.str() << "\n";
  }
}

json ReportJson(const AgentReport& a) {
  json out = {{"agent", a.agent},
              {"spec", a.spec},
              {"episodes", a.episodes},
              {"wins", a.wins},
              {"win_rate", a.episodes ? static_cast<double>(a.wins) / a.episodes : 0.0},
              {"win_interval", {a.win_ci.low, a.win_ci.high}},
              {"mean_ticks_to_win", a.mean_ticks_to_win ? json(*a.mean_ticks_to_win) : json()},
              {"mean_score", a.mean_score},
              {"losses", a.losses},
              {"most_common_loss", nullptr}};
  if (a.common_loss) {
    out["most_common_loss"] = {{"cause", a.common_loss->cause},
                               {"sprites", a.common_loss->sprites},
                               {"count", a.common_loss_count},
                               {"ticks", a.common_loss_ticks}};
  }
  return out;
}

// The agents' reports on one game: every agent on the same episodes.
std::vector<AgentReport> PlayLadder(const Args& args, const Ladder& ladder, const Rules& rules,
                                    const RunGame& game) {
  PlanInput input;
  input.agents = ladder.specs;
  input.games = {game.name};
  input.levels = {{args.level}};
  input.reps = args.reps;
  input.seed = args.seed;
  const std::vector<EpisodeTask> plan = PlanEpisodes(input);
  const std::vector<Played> played = PlayAll(game, plan, rules, ThreadsFor(args.jobs));
  std::vector<AgentReport> reports;
  for (size_t i = 0; i < ladder.specs.size(); ++i) {
    reports.push_back(Report(ladder.names[i], ladder.specs[i], played));
  }
  for (const Played& p : played) {
    if (!p.result.error.empty()) {
      std::cerr << "vgdl playtest: " << p.result.agent << " rep " << p.result.rep << ": "
                << p.result.error << "\n";
    }
  }
  return reports;
}

json SettingsJson(const GameDef& game) {
  json out = json::object();
  for (const auto& [name, value] : ChosenParameters(game)) out[name] = value;
  return out;
}

// --sweep NAME[=V1,V2,...]: the parameter and the values to play it with (every value it
// takes when none are listed), each checked by loading the game with it.
struct Sweep {
  const GameParameter* parameter = nullptr;
  std::vector<std::string> values;
};

Sweep SweepOf(const Args& args, const RunGame& game) {
  const size_t eq = args.sweep.find('=');
  const std::string name = args.sweep.substr(0, eq);
  Sweep sweep;
  std::vector<std::string_view> names;
  for (const GameParameter& p : game.def->parameters) {
    names.push_back(p.name);
    if (p.name == name) sweep.parameter = &p;
  }
  if (sweep.parameter == nullptr) {
    if (names.empty()) FailWithUserError("playtest", "--sweep: the game has no ParameterSet");
    std::string listing;
    for (std::string_view n : names) listing += (listing.empty() ? "" : ", ") + std::string(n);
    const std::string hint = lang::DidYouMean(name, names);
    FailWithUserError("playtest", "--sweep: the game has no parameter '" + name + "' (" +
                                      (hint.empty() ? "" : hint + " ") + "the parameters are " +
                                      listing + ")");
  }
  for (const std::string& setting : args.settings) {
    if (setting.substr(0, setting.find('=')) == name) {
      FailWithUserError("playtest",
                        "--sweep " + name + " and --set " + setting + " exclude each other");
    }
  }
  if (eq == std::string::npos) {
    sweep.values = sweep.parameter->shown;
  } else {
    std::stringstream list(args.sweep.substr(eq + 1));
    for (std::string value; std::getline(list, value, ',');) {
      if (!value.empty()) sweep.values.push_back(value);
    }
    if (sweep.values.empty()) FailWithUserError("playtest", "--sweep " + name + "= lists no value");
  }
  return sweep;
}

// The game loaded with --set and `name`=`value`; a value the parameter does not take is a
// user error naming what it takes.
RunGame LoadSwept(const Args& args, const std::string& name, const std::string& value) {
  std::vector<std::string> settings = args.settings;
  settings.push_back(name + "=" + value);
  return LoadGame(args, settings);
}

void PrintSweep(const Args& args, const RunGame& game, const Rules& rules, const Sweep& sweep,
                const std::vector<std::vector<AgentReport>>& rows) {
  const GameParameter& p = *sweep.parameter;
  std::cout << "playtest " << game.name << " level " << args.level << ": sweep " << p.name;
  if (!p.description.empty()) std::cout << " (" << p.description << ")";
  std::cout << " over " << sweep.values.size() << " value(s), " << args.reps
            << " episode(s) per agent and value, seed " << args.seed << ", " << rules.Describe()
            << "\n";
  for (const auto& [name, value] : ChosenParameters(*game.def)) {
    std::cout << "with " << name << "=" << value << "\n";
  }
  std::cout << "win rate of each agent [95% interval] as " << p.name << " moves:\n";
  size_t width = std::max<size_t>(p.name.size(), 5);
  for (const std::string& v : sweep.values) width = std::max(width, v.size());
  std::vector<size_t> columns;
  std::cout << std::left << std::setw(static_cast<int>(width)) << p.name;
  for (size_t j = 0; j < rows.front().size(); ++j) {
    const std::string& agent = rows.front()[j].agent;
    columns.push_back(std::max<size_t>(agent.size(), 22));
    std::cout << "  "
              << std::setw(j + 1 < rows.front().size() ? static_cast<int>(columns.back()) : 0)
              << agent;
  }
  std::cout << "\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    std::cout << std::left << std::setw(static_cast<int>(width)) << sweep.values[i];
    for (size_t j = 0; j < rows[i].size(); ++j) {
      const AgentReport& a = rows[i][j];
      const double rate = a.episodes ? 100.0 * a.wins / a.episodes : 0.0;
      const std::string cell = Fixed(rate, 1) + "% [" + Fixed(100 * a.win_ci.low, 1) + ", " +
                               Fixed(100 * a.win_ci.high, 1) + "]";
      // The last column unpadded: no trailing blanks.
      const int pad = j + 1 < rows[i].size() ? static_cast<int>(columns[j]) : 0;
      std::cout << "  " << std::setw(pad) << cell;
    }
    std::cout << "\n";
  }
}

void Playtest(const Args& args) {
  if (args.reps < 1)
    FailWithUserError("playtest",
                      "--reps must be at least 1 (got " + std::to_string(args.reps) + ")");
  CheckJobs("playtest", args.jobs, JobsZero::kEveryCore);
  const Ladder ladder = Agents(args);
  const Rules rules = args.budget.ToRules("playtest");
  const RunGame game = LoadGame(args, args.settings);
  if (args.sweep.empty()) {
    const std::vector<AgentReport> reports = PlayLadder(args, ladder, rules, game);
    if (args.json) {
      json out = {{"game", game.name}, {"level", args.level},        {"reps", args.reps},
                  {"seed", args.seed}, {"budget", rules.Describe()}, {"agents", json::array()}};
      if (!ChosenParameters(*game.def).empty()) out["parameters"] = SettingsJson(*game.def);
      for (const AgentReport& a : reports) out["agents"].push_back(ReportJson(a));
      std::cout << out.dump(2) << "\n";
    } else {
      PrintTable(args, game.name, rules, reports);
    }
    return;
  }
  const Sweep sweep = SweepOf(args, game);
  const std::string name = sweep.parameter->name;
  // Every value is checked before any episode is played.
  std::vector<RunGame> games;
  for (const std::string& value : sweep.values) games.push_back(LoadSwept(args, name, value));
  std::vector<std::vector<AgentReport>> rows;
  for (const RunGame& swept : games) rows.push_back(PlayLadder(args, ladder, rules, swept));
  if (!args.json) {
    PrintSweep(args, game, rules, sweep, rows);
    return;
  }
  json values = json::array();
  for (size_t i = 0; i < rows.size(); ++i) {
    json agents = json::array();
    for (const AgentReport& a : rows[i]) agents.push_back(ReportJson(a));
    values.push_back({{"value", sweep.values[i]}, {"agents", agents}});
  }
  json out = {{"game", game.name},
              {"level", args.level},
              {"reps", args.reps},
              {"seed", args.seed},
              {"budget", rules.Describe()},
              {"parameters", SettingsJson(*game.def)},
              {"sweep", {{"parameter", name}, {"values", values}}}};
  std::cout << out.dump(2) << "\n";
}

}  // namespace
}  // namespace playtest

void AddPlaytestCommand(CLI::App& app) {
  auto args = std::make_shared<playtest::Args>();
  CLI::App* cmd = app.add_subcommand(
      "playtest",
      "Play a level with a ladder of agents (random to maastcts): win rate with its 95% "
      "interval, ticks to win, score and the most common loss of each, a difficulty estimate");
  cmd->add_option("game", args->game, "Game file, bundled game name, or a name inside --games-dir")
      ->required();
  AddGamesDirOption(cmd, args->games_dir);
  cmd->add_option("--level", args->level, "Level number (default 0)");
  cmd->add_option("--agents", args->agents,
                  "Agent specs, comma separated (default: random,osla,iw1,mcts,maastcts)");
  cmd->add_option("--reps", args->reps, "Episodes per agent (default 10)");
  AddJobsOption(cmd, args->jobs, "Episodes in parallel (default 0)", JobsZero::kEveryCore);
  args->budget.AddTo(cmd);
  cmd->add_option("--seed", args->seed,
                  "Run seed; every episode's seed derives from it (default 1)");
  AddSetOption(cmd, args->settings);
  cmd->add_option("--sweep", args->sweep,
                  "Play the ladder once for each value of a GameSpace's parameter NAME (or "
                  "only V1,V2,...) and show how each agent's win rate moves with it; the same "
                  "episode seeds for every value")
      ->type_name("NAME[=V1,V2,...]");
  cmd->add_flag("--json", args->json, "Print one JSON object instead of the table");
  cmd->callback([args] { playtest::Playtest(*args); });
}

}  // namespace vgdl::tools
