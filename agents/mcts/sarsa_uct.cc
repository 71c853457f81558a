// Sarsa-UCT(lambda)'s back-up (Soemers 2016, §4.2.6, Algorithm 4.5; see the header).
#include "agents/mcts/sarsa_uct.h"

#include <cassert>
#include <stdexcept>
#include <string>

namespace vgdl {

std::string_view TdVariantName(TdVariant v) {
  switch (v) {
    case TdVariant::kTd:
      return "td";
    case TdVariant::kTdir:
      return "tdir";
    case TdVariant::kTdms:
      return "tdms";
  }
  return "?";
}

TdVariant ParseTdVariant(std::string_view name) {
  for (TdVariant v : {TdVariant::kTd, TdVariant::kTdir, TdVariant::kTdms}) {
    if (name == TdVariantName(v)) return v;
  }
  throw std::invalid_argument("the TD variant must be 'td', 'tdir' or 'tdms', not '" +
                              std::string(name) + "'");
}

namespace {

void RequireUnitInterval(const char* name, double value) {
  if (!(value >= 0.0 && value <= 1.0)) {
    throw std::invalid_argument(std::string(name) + " must be in [0, 1], not " +
                                std::to_string(value));
  }
}

}  // namespace

void ValidateSarsaOptions(const SarsaOptions& options) {
  RequireUnitInterval("gamma", options.gamma);
  RequireUnitInterval("lambda", options.lambda);
}

void SarsaUct::Move(int32_t from, int32_t to) {
  assert(to <= from);
  if (to == 0) known_before_moves_ = known_;
  v_[to] = from < known_before_moves_ ? v_[from] : 0.0;
  known_ = to + 1;
}

void SarsaUct::Backup(const Tree& tree, const int32_t* path, const double* values, int length) {
  assert(tree.size() <= v_.capacity());
  // The nodes added since the last back-up start with V = 0 (Alg. 4.5 assumes V of a new node
  // is 0, so that its first back-up sets V to its first return).
  for (int32_t n = known_; n < tree.size(); ++n) v_[n] = 0.0;
  known_ = tree.size();

  const bool intermediate = options_.intermediate_rewards();
  const double gamma = options_.gamma;
  const double lambda = options_.lambda;
  const int last = length - 1;  // T
  double delta_sum = 0.0;
  double v_next = 0.0;
  for (int t = last; t >= 1; --t) {
    // TDIR: the transition's own reward. TD, TDMS: the whole simulation's gain, once, at the
    // end of the simulation (Vodopivec's GVGP agent).
    const double reward = intermediate ? values[t] - values[t - 1]
                          : t == last  ? values[last] - values[0]
                                       : 0.0;
    const int32_t n = path[t];
    const double v_current = v_[n];
    const double delta = reward + gamma * v_next - v_current;
    delta_sum = lambda * gamma * delta_sum + delta;
    // n_t.Visits was incremented by this iteration's MC back-up (header): alpha = 1 / Visits.
    const double visits = tree.node(n).visits;
    assert(visits > 0.0);
    v_[n] = v_current + delta_sum / visits;
    v_next = v_current;
  }
}

}  // namespace vgdl
