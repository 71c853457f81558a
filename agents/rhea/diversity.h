// Genotypic and phenotypic diversity of `rhea` (Gaina 2021 §3.2.10; spec/RHEA.md §2.10).
//
// Counts are kept over the individuals evaluated for the current decision:
//   genotypic: per gene position, how often each action value was explored;
//   phenotypic: per grid cell (one a tile), how often the avatar stood there after a gene.
// An individual's diversity is 1 - mean over its genes of count / explored (explored = the
// individuals counted so far; RHv2's normalisation of the thesis's "inverse sum of visits"),
// so 1 for an individual unlike any seen and 0 for one that repeats every count; it is scored
// before being counted. Diversity fitness mixes it in: (1 - w) reward + w diversity (p11, p21).
// Diversity mutation (p20): genotypic sets the most explored gene to its least explored value;
// phenotypic changes the gene that led to the most visited cell to a random other value.
#pragma once

#include <cstdint>
#include <vector>

#include "agents/common/random.h"
#include "agents/rhea/evolving_population.h"
#include "agents/rhea/options.h"
#include "engine/state.h"

namespace vgdl::rhea {

class Diversity {
 public:
  Diversity(DiversityType type, int max_length);

  // Sizes the cell grid for the level of `s` (for Init: it allocates a few bytes a cell).
  void Init(const State& s);
  bool ready() const { return !cells_.empty(); }
  // Forgets the counts (a new decision).
  void Reset();
  double Score(const Individual& ind) const;
  void Add(const Individual& ind);
  // Mutates `child` (whose genes come from `parent`, evaluated) as diversity mutation does.
  void Mutate(Individual& child, const Individual& parent, int n_actions, AgentRandom& rng) const;

  // The avatar's grid cell in `s`, or -1 without an avatar.
  int32_t CellOf(const State& s) const;

 private:
  int32_t GeneCount(int i, int value) const {
    return genes_[static_cast<size_t>(i) * kActions + static_cast<size_t>(value)];
  }
  int32_t CellCount(int32_t cell) const { return cell < 0 ? 0 : cells_[static_cast<size_t>(cell)]; }

  static constexpr size_t kActions = 8;  // >= kMaxSearchActions
  DiversityType type_;
  std::vector<int32_t> genes_;  // [position][value]
  std::vector<int32_t> cells_;  // [y * width + x]
  int width_ = 0;
  int height_ = 0;
  int block_ = 1;
  int explored_ = 0;
};

}  // namespace vgdl::rhea
