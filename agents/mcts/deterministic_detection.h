// Deterministic Game Detection (DGD), the game classification of Soemers 2016, §4.2.5 ("Game
// Classification"): at the start of a game, M random action sequences of N actions are each
// played R times on copies of the initial state s_0, every copy with a fresh random stream (as
// GVGAI's copies have). The game is deterministic iff, for every sequence, the R final states
// are equal, and no state generated on the way (s_0 included) shows an NPC. The MCTS agent
// then uses MixMax in its selection (mixmax.h) and keeps old statistics when it reuses its tree.
//
// M, N and R: the thesis gives no values; 5 sequences of 5 actions, each played 3 times, are
// those of MaastCTS2 (KnowledgeBase.classifyGame: numRandomActionSequences = 5,
// randomActionSequenceLength = 5, numRepetitionsPerActionSequence = 3).
//
// Choices where the thesis is silent (docs/agents.md, "Deterministic game detection"):
//   - States are compared with SameGameState (engine/observation.h): tick, game over, counters,
//     every player's score and win state, every sprite of every type in creation order with its
//     rectangle, orientation, speed, health and flags, and every resource record. It leaves
//     out sprite ids and the game's random generator, which differ between copies of equal
//     games, and the internals an agent may not see. (MaastCTS2 hashes each observation's
//     position and type only; scores, orientations and resources are compared here too.)
//   - An NPC is a sprite of GVGAI's NPC category (ObsCategory::kNpc) that the player can see,
//     as getNPCPositions reports it. Every state generated is tested, as the thesis says
//     (MaastCTS2 tests s_0 and the final states only).
//   - The actions are those the avatar offers in s_0 (GVGAI's getAvailableActions, no NIL), the
//     same for the whole sequence, as in MaastCTS2; ACTION_NIL alone when s_0 offers none.
//   - A sequence stops early at game over, and the R final states are then compared as they
//     are.
//   - Every forward-model step asks the budget first and is counted. When the budget runs out
//     before the classification is complete, the game is classified as not deterministic
//     (Determinism::kOutOfBudget): DGD only changes the search when it is sure.
#pragma once

#include <cstdint>
#include <string_view>

#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "engine/state.h"

namespace vgdl {

struct DeterminismOptions {
  int sequences = 5;  // M, random action sequences (MaastCTS2)
  int length = 5;     // N, actions per sequence (MaastCTS2)
  int repeats = 3;    // R, plays of each sequence (MaastCTS2)

  // At most sequences * length * repeats forward-model calls.
  int64_t max_calls() const { return int64_t{sequences} * length * repeats; }
};

// Throws std::invalid_argument naming the valid ranges: sequences and length in [1, 1000],
// repeats in [2, 1000] (one play has nothing to be compared with).
void ValidateDeterminismOptions(const DeterminismOptions& options);

// The classification, and why a game is not deterministic.
enum class Determinism : uint8_t {
  kDeterministic,  // every sequence reached the same final state each time, no NPC seen
  kDiffers,        // some sequence reached different final states
  kNpc,            // a state showed an NPC
  kOutOfBudget,    // the budget ran out before the classification was complete
};

std::string_view DeterminismName(Determinism d);

// Classifies the game of `s0` (see the top of this file). `a` and `b` are scratch states whose
// memory is reused (no other allocation than the copies into them); the action sequences are
// drawn from `rng`, and so are the seeds of the copies' random streams.
Determinism ClassifyDeterminism(const State& s0, const DeterminismOptions& options, Budget& budget,
                                AgentRandom& rng, SimState& a, SimState& b);

// Whether `state` has a sprite of GVGAI's NPC category that player 0 can see.
bool ShowsNpc(const State& state);

}  // namespace vgdl
