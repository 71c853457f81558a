// Lets every agent decide on the games the loader accepts (read as play_game_fuzzer reads
// them), with small forward-model call budgets and small tables, under AddressSanitizer and
// UndefinedBehaviorSanitizer: an agent must never crash, whatever the game, must stay within
// its budget of calls, and must answer with an action the avatar has (or NIL).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/registry.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "fuzz/check.h"
#include "fuzz/game_input.h"

namespace {

using vgdl::fuzz::Check;

constexpr int kTicks = 8;
constexpr int64_t kCallsPerDecision = 120;

// Every agent, with its tables cut down so that one input takes milliseconds.
constexpr std::string_view kAgents[] = {
    "random",
    "osla",
    "sample-mcts:max_nodes=1024",
    "mcts:max_nodes=1024",
    // Soemers' enhancements: every one of them (maastcts), Sarsa-UCT's three variants, and
    // the options that change how they combine.
    "maastcts:max_nodes=1024",
    "maastcts-td:max_nodes=1024,td=tdir,kbe_always,tr_bfti=false",
    "mcts:max_nodes=1024,bfti,tr,td=tdms,la,dgd,dgd_m=2,dgd_n=2,dgd_r=2",
    // The modifications of Frydenberg et al. and of Gudmundsson and Björnsson.
    "mcts-frydenberg:max_nodes=1024,pe,tr",
    "mcts:max_nodes=1024,macro,macro_commit,nbp,bfti,st,ma,gb_always,kbe",
    "iw1:max_nodes=1024,state_cache_mb=1,safety_samples=2",
    "sample-rhea:p=4,l=6",
    "hybrid:hs_nodes=1024,hs_states=16,mcts_nodes=1024",
    // Gaina's enhancements, several at once, with small tables.
    "ea-shift-roll:p=4,l=6",
    "rhea:p=4,l=6,tree,tree_nodes=256,bandit,dynamic_depth,dd_every=2,frame_skip=1",
    "rhea:p=3,l=5,init=mcts,diversity_fitness,diversity_weight=0.3,diversity=phenotypic",
};

// Whether 40 ticks of random play (about as far as the agents look ahead here) stay within
// kMaxPlayedSprites: agents simulate inside their decisions, where the fuzzer cannot stop them.
bool StaysSmall(const vgdl::State& start, uint64_t seed) {
  vgdl::State state(start);
  vgdl::trace::SplitMix64 rng(seed);
  for (int tick = 0; tick < 40 && !state.ended(); ++tick) {
    if (state.sprite_count() > vgdl::fuzz::kMaxPlayedSprites) return false;
    vgdl::Advance(state, vgdl::fuzz::DrawActions(state, rng), vgdl::StepMode::kForwardModel);
  }
  return state.sprite_count() <= vgdl::fuzz::kMaxPlayedSprites;
}

bool Offered(const vgdl::State& state, vgdl::Action action) {
  if (action == vgdl::Action::kNil) return true;
  const std::vector<vgdl::Action> offered = vgdl::AvailableActions(state, 0, /*with_nil=*/true);
  return std::find(offered.begin(), offered.end(), action) != offered.end();
}

void PlayWith(std::string_view spec, const vgdl::State& start, uint64_t seed) {
  std::string error;
  const std::unique_ptr<vgdl::Agent> agent = vgdl::CreateAgent(spec, seed, &error);
  Check(agent != nullptr);
  vgdl::State state(start);
  vgdl::Budget init = vgdl::Budget::ForwardModelCalls(kCallsPerDecision);
  agent->Init(vgdl::State(state), init);
  Check(init.calls() <= kCallsPerDecision);
  for (int tick = 0; tick < kTicks && !state.ended(); ++tick) {
    if (state.sprite_count() > vgdl::fuzz::kMaxPlayedSprites) break;
    vgdl::Budget budget = vgdl::Budget::ForwardModelCalls(kCallsPerDecision);
    const vgdl::Action action = agent->Act(vgdl::State(state), budget);
    Check(budget.calls() <= kCallsPerDecision);
    Check(Offered(state, action));
    vgdl::Advance(state, action, vgdl::StepMode::kRealGame);
  }
  agent->Result(state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const vgdl::fuzz::GameInput input =
      vgdl::fuzz::LoadGameInput(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!input.state || !StaysSmall(*input.state, input.seed)) return 0;
  for (const std::string_view spec : kAgents) PlayWith(spec, *input.state, input.seed);
  return 0;
}
