// Macro actions (Frydenberg, Andersen, Risi and Togelius 2015, §V-B; after Powley, Whitehouse
// and Cowling 2013): "each action is repeated a fixed number of times before a child node is
// created. That is, each branch corresponds to a series of identical actions." The paper's
// experiments repeat each action three times (§VII, "a repeat value of three").
//
// Choices where the paper is silent (docs/agents.md, "Macro actions"):
//   - Every edge of the tree is a macro: the edges followed in selection and the edges created
//     in expansion (with expand=playout every play-out step creates one, so each is a macro);
//     play-out steps that create no node stay single ticks, as the paper changes the
//     expansion only.
//   - Each repeated tick is simulated and counted against the budget (one forward-model call
//     each); the depth limit counts edges, so the tree reaches `repeat` times as many ticks
//     deeper ("a tree that reaches further into the search space").
//   - An edge stops early at game over (the later ticks do not exist) and when the budget has
//     no room for its next tick (the iteration is then cut short, as every iteration is).
//   - The action played is the best root child's action, the macro's first tick. The paper
//     says nothing of committing to the macro's other ticks in the real game; by default the
//     agent searches again at the next tick (the paper modifies the expansion only). The
//     commitment of Powley et al. (play the whole macro, the next decision k ticks later) is
//     an option, MacroCommitment below.
#pragma once

#include <optional>

#include "agents/common/budget.h"
#include "agents/common/simulation.h"
#include "engine/state.h"

namespace vgdl {

// §VII: "a repeat value of three (i.e. using the same action three times in a row)".
inline constexpr int kMacroRepeat = 3;
inline constexpr int kMaxMacroRepeat = 64;

// Throws std::invalid_argument naming the valid range: [1, kMaxMacroRepeat].
void ValidateMacroRepeat(int repeat);

struct MacroStepResult {
  int ticks = 0;          // ticks simulated (fewer than the repeat at game over or no room)
  bool in_budget = true;  // false when a tick found no room in the budget
};

// One macro edge: `step_once()` (a forward-model step of the caller, counted against the
// budget; false when the budget had no room) called up to `repeat` times on `state`, stopping
// at game over or at the first tick without room.
template <typename StepOnce>
MacroStepResult StepMacro(const State& state, int repeat, StepOnce&& step_once) {
  MacroStepResult result;
  for (int i = 0; i < repeat && !state.ended(); ++i) {
    if (!step_once()) {
      result.in_budget = false;
      break;
    }
    ++result.ticks;
  }
  return result;
}

// StepMacro with SimulateStepWithin of `action`.
MacroStepResult StepMacro(State& state, Action action, int repeat, Budget& budget);

// The option of committing to a macro in the real game: after the agent plays the first tick
// of the macro chosen at `tick`, the next `repeat - 1` ticks play the same action without a
// decision, as long as the game goes on tick by tick (a skipped tick, another action played,
// or a new game end the commitment).
class MacroCommitment {
 public:
  // The agent played `action` (an index) at `tick` as the first tick of a macro of `repeat`.
  void Start(int action, int tick, int repeat);
  // The committed action for an observation at `tick`, or nullopt when the agent must decide
  // (no commitment, the macro played out, or `tick` is not the next tick).
  std::optional<int> Next(int tick);
  void Clear() { remaining_ = 0; }
  bool committed() const { return remaining_ > 0; }

 private:
  int action_ = -1;
  int last_tick_ = -1;  // the tick the action was last played at
  int remaining_ = 0;   // ticks of the macro still to play
};

}  // namespace vgdl
