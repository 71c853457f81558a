// The shift buffer of `rhea` (Gaina 2021 §3.2.5, Alg. 6 SHIFT; spec/RHEA.md §2.5): the
// population of the previous decision is kept; every genome loses the genes that were played,
// gets as many random genes at its end, and is re-evaluated from the new state.
#pragma once

#include <span>

#include "agents/common/random.h"
#include "agents/rhea/evolving_population.h"

namespace vgdl::rhea {

// Drops the first `k` genes of every individual and appends `k` random ones; genes that index
// beyond `n_actions` (the action set changed) are redrawn (RHv2). Each individual keeps its old
// fitness times `discount` until it is re-evaluated (the shift discount, p15).
void ShiftGenomes(std::span<Individual> individuals, int k, int n_actions, double discount,
                  AgentRandom& rng);

}  // namespace vgdl::rhea
