// The options of `iw` (iw.h) and its presets.
#include "agents/iw/spec.h"

#include <array>
#include <memory>
#include <string>
#include <utility>

#include "agents/common/preset_spec.h"
#include "agents/iw/iw.h"
#include "agents/iw/width.h"

namespace vgdl {

namespace {

struct Preset {
  const char* name;
  Width width;
  IwSearch search;
  const char* summary;
  const char* paper;
};

constexpr std::array<Preset, 6> kPresets{{
    {"iw", Width::kOne, IwSearch::kBreadthFirst,
     "Iterated Width with the variants of Soemers' §3.3 as options: width 1, 3/2, 2 or none, "
     "and which atoms count; defaults are iw1's",
     "Geffner & Geffner 2015, Width-Based Planning for GVGP; Soemers 2016, §3.3"},
    {"iw1", Width::kOne, IwSearch::kBreadthFirst,
     "IW(1): breadth-first search pruning states without a new avatar(cell, orientation, "
     "type) or at(cell, type) atom, with safety prepruning (M = 10)",
     "Geffner & Geffner 2015, Width-Based Planning for GVGP; Soemers 2016, §3.3"},
    {"iw32", Width::kThreeHalves, IwSearch::kBreadthFirst,
     "IW(3/2): as iw1, but a state also passes with a new pair of atoms of which one is about "
     "the avatar",
     "Geffner & Geffner 2015 (IW(3/2)); Soemers 2016, §3.3.1"},
    {"iw2", Width::kTwo, IwSearch::kBreadthFirst,
     "IW(2): as iw1, but a state also passes with a new pair of any atoms",
     "Geffner & Geffner 2015 (IW(2)); Soemers 2016, §3.3 and §3.3.2"},
    {"brfs", Width::kNone, IwSearch::kBreadthFirst,
     "breadth-first search with safety prepruning and no novelty test (iw:width=none)",
     "Geffner & Geffner 2015 (BrFS); Soemers 2016, §4.1"},
    {"2bfs", Width::kOne, IwSearch::kTwoQueues,
     "2BFS: best-first search alternating between a queue ordered by novelty (width 1) and one "
     "ordered by score; novelty orders, nothing is pruned (iw:search=2bfs)",
     "Lipovetzky, Ramirez & Geffner 2015 (2BFS); Soemers 2016, §3.3.1"},
}};

std::vector<AgentOption> Options(Width width, IwSearch search) {
  using T = OptionType;
  const IwOptions d;
  return {
      {"width",
       T::kString,
       std::string(WidthName(width)),
       "novelty test (§3.3): 1 = a new atom, 2 = or a new pair, 3/2 = or a new pair with an "
       "avatar atom (§3.3.1), none = no pruning (BrFS)",
       {},
       {"1", "3/2", "2", "none"}},
      {"search",
       T::kString,
       search == IwSearch::kTwoQueues ? "2bfs" : "bfs",
       "bfs = breadth-first, pruned by the novelty test (IW, §3.3); 2bfs = alternate between a "
       "queue by novelty measure (up to the width) and one by score, no pruning (§3.3.1)",
       {},
       {"bfs", "2bfs"}},
      {"safety_samples",
       T::kInt,
       std::to_string(d.safety_samples),
       "M: samples per root action for safety prepruning (§3.3.1; 0 = no prepruning), [0, 1000]",
       {0, 1000}},
      {"safety_stochastic_only", T::kBool, "false",
       "M samples only where Deterministic Game Detection (§4.2.5, at Init) finds the game "
       "stochastic; 1 sample per action in a game classified deterministic"},
      {"atom_at", T::kBool, "true", "atoms at(cell, stype) of non-avatar sprites (§3.3.2)"},
      {"atom_orientation", T::kBool, "true",
       "the avatar's orientation in avatar(cell, orientation, atype) (§3.3.2); false: "
       "avatar(cell, atype)"},
      {"atom_resources", T::kBool, "false",
       "atoms resource(type, amount) of the avatar's resources, amounts 31+ as one (§3.3.2's "
       "'amount of ammo'); about the avatar for width 3/2"},
      {"atom_score", T::kBool, "false",
       "atom score(v), v = score - the root's, rounded down, clamped to [-64, 63] (a feature "
       "§3.3.2 leaves out)"},
      {"pair_table_mb",
       T::kDouble,
       "64",
       "memory for the pairs of widths 2 and 3/2, allocated at Init, [0, 65536]; when full, "
       "unknown pairs count as known",
       {0, 65536}},
      {"state_cache_mb",
       T::kDouble,
       "64",
       "memory for the states of unexpanded nodes, [0, 1048576]; nodes beyond it are "
       "re-simulated",
       {0, 1048576}},
      {"max_nodes",
       T::kInt,
       std::to_string(d.max_nodes),
       "nodes per search (12 bytes each), [2, 2^28]",
       {2, 268435456}},
  };
}

IwOptions ReadOptions(const AgentOptions& options) {
  IwOptions o;
  o.width = ParseWidth(options.GetString("width")).value_or(Width::kOne);
  o.search = options.GetString("search") == "2bfs" ? IwSearch::kTwoQueues : IwSearch::kBreadthFirst;
  o.safety_samples = static_cast<int>(options.GetInt("safety_samples"));
  o.safety_stochastic_only = options.GetBool("safety_stochastic_only");
  o.atoms.at = options.GetBool("atom_at");
  o.atoms.orientation = options.GetBool("atom_orientation");
  o.atoms.resources = options.GetBool("atom_resources");
  o.atoms.score = options.GetBool("atom_score");
  o.pair_table_mb = options.GetDouble("pair_table_mb");
  o.state_cache_mb = options.GetDouble("state_cache_mb");
  o.max_nodes = static_cast<int32_t>(options.GetInt("max_nodes"));
  return o;
}

}  // namespace

std::vector<AgentSpec> IwSpecs() {
  std::vector<AgentSpec> specs;
  for (const Preset& preset : kPresets) {
    specs.push_back(
        PresetSpec(preset.name, preset.summary, preset.paper, Options(preset.width, preset.search),
                   [](std::string name, const AgentOptions& options, uint64_t seed) {
                     return std::make_unique<IwAgent>(std::move(name), ReadOptions(options), seed);
                   }));
  }
  return specs;
}

}  // namespace vgdl
