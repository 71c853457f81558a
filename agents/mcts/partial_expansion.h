// Partial expansion (Frydenberg, Andersen, Risi and Togelius 2015, §V-C; Jacobsen, Greve and
// Togelius 2014): selection may go on below a node before all of the node's children exist,
// "to consider 'grandchildren' (and any further descendants) of a node before all children of
// that node have been explored".
//
// The paper gives no rule for when to descend rather than expand. The rule here is first-play
// urgency (FPU; Gelly and Wang 2006, as Yannakakis and Togelius describe it in "Artificial
// Intelligence and Games"): a child not yet created has a fixed selection value, the FPU
// constant, and selection at a node that is not fully expanded takes the best of its existing
// children when that child's selection value (UCB1 with every modification the loop applies)
// exceeds the FPU, and otherwise expands a new child. Plain expansion, every child before any
// grandchild, is FPU = +infinity.
//
// Default FPU = 1.0 (a choice, docs/agents.md "Partial expansion"): the highest value a
// normalised mean can take, so an existing child is preferred to a new one only when its
// exploitation and exploration together promise more than the best possible mean.
#pragma once

namespace vgdl {

inline constexpr double kDefaultFpu = 1.0;
inline constexpr double kMaxFpu = 10.0;

// Throws std::invalid_argument naming the valid range: [0, kMaxFpu].
void ValidateFpu(double fpu);

enum class PartialExpansionStep : unsigned char {
  kExpand,   // create a child for an action not yet tried (the play-out's first action)
  kDescend,  // select the best existing child and go on selecting below it
};

// The decision at a node that is not fully expanded: `best_existing_value` is the highest
// selection value among its selectable existing children (`has_existing` false when there is
// none). A tie expands: an untried action is worth at least what an equal child is.
PartialExpansionStep ChoosePartialExpansionStep(bool has_existing, double best_existing_value,
                                                double fpu);

}  // namespace vgdl
