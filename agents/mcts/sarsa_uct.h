// Sarsa-UCT(lambda), the temporal-difference back-up of Temporal-Difference Tree Search
// (Vodopivec 2016), as Soemers 2016 gives it in §4.2.6, Algorithm 4.5, with the variants of
// §5.2.8 (Table 5.8):
//   TDIR  intermediate rewards: R = X(s_t) - X(s_{t-1}) for every transition (Alg. 4.5 as
//         written);
//   TD    no intermediate rewards: R = X(s_T) - X(s_0) at the first step of the loop (t = T)
//         and R = 0 after, as Vodopivec did in GVGP; the final move still uses the MC means;
//   TDMS  the rewards of TD, and the final move uses V as well (the root's children all follow
//         s_0, so the highest V is also the highest V + X(s_0)).
// Back-up of one iteration with nodes <n_0 (root), ..., n_T> and states <s_0, ..., s_T>:
//   delta_sum = 0; V_next = 0
//   for t = T down to 1:
//     V_current = V(n_t); delta = R + gamma * V_next - V_current
//     delta_sum = lambda * gamma * delta_sum + delta
//     V(n_t) += delta_sum / n_t.Visits; V_next = V_current
// The root's V is never updated. Selection ("Selection in TDTS") uses V(n_t) + X(s_{t-1}) in
// place of the MC mean, X(s_{t-1}) being the value of the parent's state in the simulation
// being selected, so that V lies in the range of X, as progressive history and MixMax need.
// With TD and lambda = gamma = 1, V(n) is the MC mean of n minus X(s_0) (§4.2.6).
//
// Visits are counted once, by the Monte-Carlo back-up: Alg. 4.5 increments n_t.Visits in its
// loop (line 15); here Backup is called after the MC back-up of the same iteration and takes
// Node::visits, already incremented, as n_t.Visits. Tree reuse's decayed visits then give the
// step sizes too.
//
// Memory: V lives in a NodeTable (node_table.h), faulted in by Prefault at Init. A node's V is
// 0 until its first back-up: the entries from the last known tree size up to the tree's
// current size are zeroed at each Backup (nodes are appended in index order), and V() answers 0
// for an index not reached yet, so no hook is needed where nodes are added.
#pragma once

#include <cstdint>
#include <string_view>

#include "agents/mcts/node_table.h"
#include "agents/mcts/tree.h"

namespace vgdl {

// Which rewards the back-up sees and what the final move uses (Soemers 2016, §5.2.8).
enum class TdVariant : uint8_t {
  kTd,    // "td": R = X(s_T) - X(s_0) once; MC means for the final move
  kTdir,  // "tdir": R = X(s_t) - X(s_{t-1}) for every transition
  kTdms,  // "tdms": the rewards of td; V for the final move
};

std::string_view TdVariantName(TdVariant v);
// The variant named `name` ("td", "tdir", "tdms"); throws std::invalid_argument listing them.
TdVariant ParseTdVariant(std::string_view name);

struct SarsaOptions {
  // Soemers and Vodopivec use gamma = 1 (§4.2.6).
  double gamma = 1.0;
  // Vodopivec's 0.8, the value of the "Enh. TD(lambda)"; Table 5.8 also tests 0.5,
  // which did slightly better there (not significantly).
  double lambda = 0.8;
  // TD did best of the three in Table 5.8, and is the one "Enh. TD(lambda)" uses (§5.2.9).
  TdVariant variant = TdVariant::kTd;

  bool intermediate_rewards() const { return variant == TdVariant::kTdir; }
  bool final_move_uses_v() const { return variant == TdVariant::kTdms; }
};

// Throws std::invalid_argument naming the valid range: gamma and lambda in [0, 1].
void ValidateSarsaOptions(const SarsaOptions& options);

class SarsaUct {
 public:
  explicit SarsaUct(const SarsaOptions& options = {}) : options_(options) {}

  const SarsaOptions& options() const { return options_; }

  // Reserves and faults in V for `max_nodes` nodes (Init, outside timed decisions).
  void Prefault(int32_t max_nodes) { v_.Prefault(max_nodes); }
  // A fresh tree (Tree::Reset): every node's V is 0.
  void Reset() { known_ = 0; }
  // Tree reuse: node `from` becomes node `to` (to <= from). Called for every kept node in
  // increasing order of `to`, starting with the new root (to = 0, which starts a compaction),
  // as the tree compacts them; nodes past the last `to` are then new (V = 0).
  void Move(int32_t from, int32_t to);

  // Sarsa-UCT(lambda)'s back-up of one iteration: path[0] is the root, path[t] the node reached
  // by the t-th action, values[t] = X(s_t) the value of the state at path[t] (values[0] that of
  // the root state), for t < length. When the simulation went on past its last node (a full
  // pool, expand=one), values[length - 1] is X of the final state: the rest of the play-out is
  // the last node's transition. Call after the MC back-up of the same iteration (see above).
  void Backup(const Tree& tree, const int32_t* path, const double* values, int length);

  // The node's TD value (0 for a node never backed up).
  double V(int32_t node) const { return node < known_ ? v_[node] : 0.0; }
  // The value that replaces the MC mean in selection: V(child) + X(s_{t-1}), with
  // `parent_state_value` = X(s_{t-1}) the value of the parent's state in this simulation.
  double SelectionValue(int32_t child, double parent_state_value) const {
    return V(child) + parent_state_value;
  }

 private:
  SarsaOptions options_;
  NodeTable<double> v_;
  int32_t known_ = 0;  // nodes [0, known_) have a V in v_; the others have V = 0
  // known_ when the current compaction started: the old indices that Move may read.
  int32_t known_before_moves_ = 0;
};

}  // namespace vgdl
