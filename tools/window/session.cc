// The game session behind the window.
#include "tools/window/session.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <random>

#include "agents/registry.h"
#include "engine/observation.h"
#include "runner/seeds.h"
#include "vgdl/loader.h"

namespace vgdl::window {

namespace {

std::string FormatErrors(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.items()) {
    if (d.severity != Severity::kError) continue;
    if (!out.empty()) out += "\n";
    out += Format(d);
  }
  return out;
}

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string ScoreText(double score) {
  // Scores are usually whole numbers; show them without a fraction then.
  return score == static_cast<double>(static_cast<int64_t>(score)) ? Fixed(score, 0)
                                                                   : Fixed(score, 2);
}

}  // namespace

int64_t RandomSeed() {
  std::random_device device;
  return static_cast<int32_t>(device());
}

SessionConfig SessionConfigFor(const GameChoice& choice, int level,
                               const std::filesystem::path& source_dir) {
  SessionConfig config;
  config.game = choice.game;
  config.games_dir = tools::GamesDirFor(choice.games_dir, source_dir);
  config.level = level;
  config.level_file = choice.level_file;
  config.gvgai_subset = choice.gvgai_subset;
  config.settings = choice.settings;
  return config;
}

GameSession::GameSession(SessionConfig config) : config_(std::move(config)) {}

bool GameSession::Load() {
  state_.reset();
  def_.reset();
  level_def_.reset();
  errors_.clear();
  fixable_ = false;
  std::string error;
  const auto location = ResolveGame(config_.game, config_.games_dir, &error);
  if (!location) {
    errors_ = error.empty() ? "game '" + config_.game + "' not found" : error;
    return false;
  }
  game_file_ = location->game_file;
  GameLoad game = LoadGameFromFile(game_file_, LoadOptions{.gvgai_subset = config_.gvgai_subset,
                                                           .parameter_settings = config_.settings});
  if (!game.game) {
    fixable_ = true;
    errors_ = FormatErrors(game.diagnostics);
    if (errors_.empty()) errors_ = "'" + game_file_.string() + "' does not load";
    return false;
  }
  if (const Diagnostic* stop = GvgaiStopWarning(game)) {
    std::fprintf(stderr, "%s\n", Format(*stop).c_str());
  }
  level_path_ = config_.level_file;
  if (level_path_.empty() && !config_.level_text) {
    const auto l = static_cast<size_t>(config_.level);
    if (config_.level < 0 || l >= location->level_files.size() ||
        location->level_files[l].empty()) {
      errors_ =
          "game '" + game_file_.stem().string() + "' has no level " + std::to_string(config_.level);
      return false;
    }
    level_path_ = location->level_files[l];
  }
  LevelLoad level = config_.level_text
                        ? LoadLevelFromText(*game.game, *config_.level_text,
                                            level_path_.empty() ? "level" : level_path_.string())
                        : LoadLevelFromFile(*game.game, level_path_);
  if (!level.level) {
    fixable_ = true;
    errors_ = FormatErrors(level.diagnostics);
    if (errors_.empty()) errors_ = "'" + level_path_.string() + "' does not load";
    return false;
  }
  def_ = level.PlayedWith(game.game);
  level_def_ = std::move(level.level);
  Start(config_.seed ? *config_.seed : config_.replay ? config_.replay->seed : RandomSeed());
  return loaded();
}

bool GameSession::Reload() {
  const int64_t seed = seed_;
  const std::optional<int64_t> fixed = config_.seed;
  config_.seed = seed;  // a designer compares the same game before and after the edit
  const bool ok = Load();
  config_.seed = fixed;
  return ok;
}

void GameSession::Restart() {
  if (!def_ || !level_def_) return;
  Start(config_.seed ? *config_.seed : config_.replay ? config_.replay->seed : RandomSeed());
}

void GameSession::Replay(ActionFile file) {
  config_.replay = std::move(file);
  agent_.reset();
  if (def_ && level_def_) Start(config_.replay->seed);
}

void GameSession::Start(int64_t seed) {
  seed_ = seed;
  aborted_ = false;
  replay_starved_ = false;
  agent_error_.clear();
  agent_action_ = Action::kNil;
  agent_stats_ = {};
  agent_ms_ = 0.0;
  overspent_ = 0;
  memory_.Reset();
  try {
    state_.emplace(def_, *level_def_, seed);
  } catch (const std::exception& e) {
    state_.reset();
    fixable_ = true;
    errors_ = std::string("building the level: ") + e.what();
    return;
  }
  ++games_started_;
  recorder_ = ActionRecorder(seed, std::max(state_->player_count(), 1));
  memory_.Observe(*state_);
  if (config_.replay) replay_.emplace(*config_.replay);
  if (has_agent() && !replaying()) StartAgent();
}

bool GameSession::StartAgent() {
  std::string error;
  agent_ = CreateAgent(config_.agent, AgentSeed(static_cast<uint64_t>(seed_)), &error);
  if (agent_ == nullptr) {
    agent_error_ = error;
    return false;
  }
  try {
    Budget budget = config_.rules.InitBudget();
    agent_->Init(state_->Fork(), budget);
  } catch (const std::exception& e) {
    agent_error_ = std::string("agent init: ") + e.what();
    agent_.reset();
    return false;
  }
  return true;
}

Action GameSession::AgentAction() {
  if (agent_ == nullptr) return Action::kNil;
  try {
    Budget budget = config_.rules.ActBudget();
    const State observation = state_->Fork();  // the copy counts against the agent, as in GVGAI
    Action action = agent_->Act(observation, budget);
    const int64_t elapsed = budget.ElapsedNanos();
    agent_ms_ = static_cast<double>(elapsed) / static_cast<double>(kNanosPerMilli);
    agent_stats_ = agent_->LastStats();
    agent_stats_.fm_calls = std::max(agent_stats_.fm_calls, budget.calls());
    // The window never disqualifies (`vgdl run` does); an overspent action is NIL, as in GVGAI.
    if (JudgeAct(config_.rules, elapsed) != ActVerdict::kInTime) {
      ++overspent_;
      action = Action::kNil;
    }
    agent_action_ = action;
    return action;
  } catch (const std::exception& e) {
    agent_error_ = std::string("agent act: ") + e.what();
    agent_.reset();
    return Action::kNil;
  }
}

void GameSession::Tick(HumanInput& input) {
  if (!state_ || over()) return;
  if (replay_) {
    const auto step = replay_->Next(*state_, &recorder_);
    if (step == ActionReplay::Step::kOutOfActions) replay_starved_ = true;
    memory_.Observe(*state_);
    return;
  }
  std::vector<Action> chosen(static_cast<size_t>(std::max(state_->player_count(), 1)),
                             Action::kNil);
  for (int p = 0; p < state_->player_count(); ++p) {
    if (!PlayerAsked(*state_, p)) continue;
    const bool by_agent = p == 0 && has_agent();
    chosen[static_cast<size_t>(p)] = by_agent ? AgentAction() : input.NextAction(p);
  }
  aborted_ = PlayRealTick(*state_, chosen, &recorder_);
  memory_.Observe(*state_);
  if (over() && agent_ != nullptr) {
    try {
      agent_->Result(state_->Fork());
    } catch (const std::exception& e) {
      agent_error_ = std::string("agent result: ") + e.what();
    }
  }
}

void GameSession::Abort() {
  if (!state_ || over()) return;
  if (replay_) {
    aborted_ = true;
    return;
  }
  std::vector<Action> chosen(static_cast<size_t>(std::max(state_->player_count(), 1)),
                             Action::kNil);
  chosen[0] = Action::kEscape;
  PlayRealTick(*state_, chosen, &recorder_);
  memory_.Observe(*state_);
  aborted_ = true;  // also when player 0 was not asked: the player quit
}

bool GameSession::over() const {
  if (!state_) return true;
  return state_->ended() || aborted_ || replay_starved_ || (replay_ && replay_->aborted());
}

int GameSession::players() const {
  return state_ ? std::max(state_->player_count(), 1) : 1;
}

bool GameSession::pulse_keys() const {
  return def_ && def_->key_handler == "Pulse";
}

std::string GameSession::game_name() const {
  return game_file_.empty() ? config_.game : game_file_.stem().string();
}

std::string GameSession::Outcome() const {
  if (!state_) return "not loaded";
  if (replay_starved_) return "END OF RECORDED ACTIONS";
  if (aborted_ || (replay_ && replay_->aborted())) return "ABORTED";
  if (!state_->ended()) return "";
  if (state_->player_count() <= 1) {
    return state_->player_count() == 1 && state_->player(0).winner == Winner::kWins ? "YOU WIN"
                                                                                    : "GAME OVER";
  }
  std::string winners;
  for (int p = 0; p < state_->player_count(); ++p) {
    if (state_->player(p).winner == Winner::kWins) winners += " P" + std::to_string(p + 1);
  }
  return winners.empty() ? "GAME OVER: NO WINNER" : "WINNER:" + winners;
}

std::optional<bool> GameSession::ReplayMatches() const {
  if (!replay_ || !state_ || !over()) return std::nullopt;
  for (int p = 0; p < config_.replay->players; ++p) {
    if (!(ResultOf(*state_, p) == RecordedResult(*config_.replay, p))) return false;
  }
  return true;
}

std::vector<std::string> GameSession::StatusLines() const {
  std::vector<std::string> lines;
  if (!state_) return lines;
  std::string top;
  if (state_->player_count() <= 1) {
    top = "Score " + ScoreText(state_->player_count() == 1 ? state_->player(0).score : 0.0);
  } else {
    for (int p = 0; p < state_->player_count(); ++p) {
      top += (p > 0 ? "  " : "") + std::string("P") + std::to_string(p + 1) + " " +
             ScoreText(state_->player(p).score);
    }
  }
  top += "   Tick " + std::to_string(state_->tick());
  if (HasAvatar(*state_) && AvatarHealth(*state_) > 0) {
    top += "   Health " + std::to_string(AvatarHealth(*state_)) + "/" +
           std::to_string(AvatarMaxHealth(*state_));
  }
  for (const auto& [type, amount] : AvatarResources(*state_)) {
    top += "   " + def_->type(type).name + " " + std::to_string(amount);
  }
  const std::string outcome = Outcome();
  if (!outcome.empty()) top += "   " + outcome;
  lines.push_back(top);
  if (replay_) {
    std::string line = "Replay of seed " + std::to_string(seed_) + ", recorded " +
                       FormatResult(RecordedResult(*config_.replay, 0));
    if (const auto match = ReplayMatches()) line += *match ? "  (matches)" : "  (DIFFERS)";
    lines.push_back(line);
  } else if (has_agent()) {
    std::string line = "Agent " + config_.agent;
    if (!agent_error_.empty()) {
      line += ": " + agent_error_;
    } else {
      line += "   " + std::string(ActionName(agent_action_)) + "   iterations " +
              std::to_string(agent_stats_.iterations) + "   fm calls " +
              std::to_string(agent_stats_.fm_calls) + "   " + Fixed(agent_ms_, 1) + " ms";
      if (overspent_ > 0) line += "   overspent " + std::to_string(overspent_);
    }
    lines.push_back(line);
  }
  // The panel has room for two lines: after an agent's or a replay's line, the short form.
  if (const int tick = state_->sprite_limit_tick(); tick >= 0) {
    if (lines.size() == 1) {
      lines.push_back("Sprite limit (" + std::to_string(State::kMaxSprites) + ") reached at tick " +
                      std::to_string(tick) +
                      ": new sprites are refused; GVGAI ends the game after 25 warnings");
    } else {
      lines[1] += "   sprite limit reached at tick " + std::to_string(tick);
    }
  }
  return lines;
}

}  // namespace vgdl::window
