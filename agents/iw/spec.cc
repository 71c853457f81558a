// The options of `iw` (iw.h) and its presets.
#include "agents/iw/spec.h"

#include <array>
#include <memory>
#include <string>
#include <utility>

#include "agents/common/option_table.h"
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

constexpr std::array<OptionChoice<IwSearch>, 3> kSearches{{{"bfs", IwSearch::kBreadthFirst},
                                                           {"2bfs", IwSearch::kTwoQueues},
                                                           {"levels", IwSearch::kLevels}}};

using O = IwOptions;

void AddSearchOptions(OptionTable<O>& t) {
  t.Choice("width", &O::width,
           "novelty test (§3.3): 1 = a new atom, 2 = or a new pair, 3/2 = or a new pair with an "
           "avatar atom (§3.3.1), none = no pruning (BrFS)",
           kWidths)
      .Choice("search", &O::search,
              "bfs = breadth-first, pruned by the novelty test (IW, §3.3); 2bfs = alternate "
              "between a queue by novelty measure (up to the width) and one by score, no "
              "pruning (§3.3.1); levels = one queue per novelty measure, the lowest first, "
              "nodes without a new tuple kept last only where Deterministic Game Detection "
              "(§4.2.5) finds the game deterministic (YBCriber's design)",
              kSearches)
      .Int("safety_samples", &O::safety_samples,
           "M: samples per root action for safety prepruning (§3.3.1; 0 = no prepruning)",
           {0, 1000})
      .Bool("safety_stochastic_only", &O::safety_stochastic_only,
            "M samples only where Deterministic Game Detection (§4.2.5, at Init) finds the game "
            "stochastic; 1 sample per action in a game classified deterministic");
}

void AddAtomOptions(OptionTable<O>& t) {
  t.Bool(
       "atom_at", [](auto& o) -> auto& { return o.atoms.at; },
       "atoms at(cell, stype) of non-avatar sprites (§3.3.2)")
      .Bool(
          "atom_orientation", [](auto& o) -> auto& { return o.atoms.orientation; },
          "the avatar's orientation in avatar(cell, orientation, atype) (§3.3.2); false: "
          "avatar(cell, atype)")
      .Bool(
          "atom_resources", [](auto& o) -> auto& { return o.atoms.resources; },
          "atoms resource(type, amount) of the avatar's resources, amounts 31+ as one "
          "(§3.3.2's 'amount of ammo'); about the avatar for width 3/2")
      .Bool(
          "atom_score", [](auto& o) -> auto& { return o.atoms.score; },
          "atom score(v), v = score - the root's, rounded down, clamped to [-64, 63] (a "
          "feature §3.3.2 leaves out)");
}

void AddMemoryOptions(OptionTable<O>& t) {
  t.Double("pair_table_mb", &O::pair_table_mb,
           "memory for the pairs of widths 2 and 3/2, allocated at Init; when full, unknown "
           "pairs count as known",
           {0, 65536})
      .Double("state_cache_mb", &O::state_cache_mb,
              "memory for the states of unexpanded nodes; nodes beyond it are re-simulated",
              {0, 1048576})
      .Int("max_nodes", &O::max_nodes, "nodes per search (12 bytes each)", {2, 268435456});
}

const OptionTable<O>& IwOptionTable() {
  static const OptionTable<O> table =
      BuildOptionTable<O>({AddSearchOptions, AddAtomOptions, AddMemoryOptions});
  return table;
}

std::vector<AgentOption> Options(Width width, IwSearch search) {
  IwOptions defaults;
  defaults.width = width;
  defaults.search = search;
  return IwOptionTable().Declarations(defaults);
}

}  // namespace

std::vector<AgentSpec> IwSpecs() {
  std::vector<AgentSpec> specs;
  for (const Preset& preset : kPresets) {
    specs.push_back(PresetSpec(
        preset.name, preset.summary, preset.paper, Options(preset.width, preset.search),
        [](std::string name, const AgentOptions& options, uint64_t seed) {
          return std::make_unique<IwAgent>(std::move(name), IwOptionTable().Read(options), seed);
        }));
  }
  return specs;
}

}  // namespace vgdl
