// A game being played or replayed in the window, without the window: loading (and reloading)
// the game and level files, the real-game loop with its action recording, the players (keys,
// an agent, or an action file), and the status the window shows. Tested without a display.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "engine/render.h"
#include "engine/state.h"
#include "gvgai/action_file.h"
#include "runner/rules.h"
#include "tools/window/command_args.h"
#include "tools/window/key_input.h"
#include "vgdl/game_def.h"

namespace vgdl::window {

struct SessionConfig {
  std::string game;                 // a game name or file, as `vgdl play` takes it
  std::filesystem::path games_dir;  // where names are looked up
  int level = 0;
  std::filesystem::path level_file;  // overrides `level` when set
  // The level's text, read instead of a file (`vgdl edit` plays its grid); level_file or
  // `level` then only name it.
  std::optional<std::string> level_text;
  bool gvgai_subset = false;          // LoadOptions::gvgai_subset
  std::vector<std::string> settings;  // LoadOptions::parameter_settings
  std::optional<int64_t> seed;        // fixed seed; otherwise a new random one per game
  std::string agent;                  // agent spec for player 0; empty: human players only
  Rules rules = Rules::Competition();
  std::optional<ActionFile> replay;  // replays this file instead of asking players
};

// The session of `choice`'s game at `level` (GameChoice::Level), its name looked up as
// GamesDirFor says.
SessionConfig SessionConfigFor(const GameChoice& choice, int level,
                               const std::filesystem::path& source_dir);

class GameSession {
 public:
  explicit GameSession(SessionConfig config);

  // Loads the game and level files from disk and starts a game. False when they do not load:
  // errors() then holds the formatted diagnostics; the previous game, if any, is dropped.
  bool Load();
  // F5: Load() again, keeping the current seed.
  bool Reload();
  // A new game of the same level: the fixed seed, or a new random one.
  void Restart();
  // From now on replays `file` (its seed, its actions) instead of asking the players.
  void Replay(ActionFile file);

  // One tick of the real game. Human players' actions come from `input`; an agent or the
  // replayed file decide for the players they control. Does nothing once the game is over.
  void Tick(HumanInput& input);
  // Escape: player 0 chooses ACTION_ESCAPE (GVGAI's abort); the tick runs, the game is over.
  void Abort();

  bool loaded() const { return state_.has_value(); }
  bool over() const;
  const std::string& errors() const { return errors_; }
  // Whether the last Load failed on the contents of existing files (a designer can fix them
  // and reload) rather than on a missing game or level.
  bool fixable() const { return fixable_; }
  const State* state() const { return state_ ? &*state_ : nullptr; }
  const GameDef* game() const { return def_.get(); }
  const RenderMemory& memory() const { return memory_; }
  int64_t seed() const { return seed_; }
  int players() const;
  bool pulse_keys() const;
  bool has_agent() const { return !config_.agent.empty(); }
  bool replaying() const { return config_.replay.has_value(); }
  std::string game_name() const;
  int level() const { return config_.level; }
  const std::filesystem::path& game_file() const { return game_file_; }
  // The files the last Load read or tried to: the game file (the name given, when it did not
  // resolve) and the level file, once one was chosen. `vgdl play --watch` reloads when they
  // change.
  std::vector<std::filesystem::path> SourceFiles() const {
    std::vector<std::filesystem::path> files{
        game_file_.empty() ? std::filesystem::path(config_.game) : game_file_};
    if (!level_path_.empty()) files.push_back(level_path_);
    return files;
  }

  // The game so far as an action file (seed, result, actions).
  ActionFile Record() const { return recorder_.File(*state_); }
  // How many games this session has started (1 for the first).
  int games_started() const { return games_started_; }
  // The result line for the window ("WIN", "LOSE", "ABORTED", "replay out of actions", ...).
  std::string Outcome() const;
  // The HUD's text lines: score, tick, result; the agent's action and statistics or the replay
  // position.
  std::vector<std::string> StatusLines() const;
  // Replays: the replayed result against the file's first line, once the replay is over.
  std::optional<bool> ReplayMatches() const;

 private:
  void Start(int64_t seed);
  bool StartAgent();
  Action AgentAction();

  SessionConfig config_;
  std::filesystem::path game_file_;
  std::filesystem::path level_path_;
  std::shared_ptr<const GameDef> def_;
  std::optional<LevelDef> level_def_;
  std::optional<State> state_;
  std::string errors_;
  bool fixable_ = false;
  int64_t seed_ = 0;
  int games_started_ = 0;
  ActionRecorder recorder_;
  RenderMemory memory_;
  bool aborted_ = false;
  std::unique_ptr<Agent> agent_;
  std::string agent_error_;
  Action agent_action_ = Action::kNil;
  AgentStats agent_stats_;
  double agent_ms_ = 0.0;
  int64_t overspent_ = 0;
  std::optional<ActionReplay> replay_;
  bool replay_starved_ = false;
};

// A random seed as GVGAI makes one (new Random().nextInt(): any 32-bit int).
int64_t RandomSeed();

}  // namespace vgdl::window
