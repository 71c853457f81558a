#include "agents/common/evaluation.h"

#include "engine/observation.h"

namespace vgdl {

bool IsLoss(const State& state) {
  return IsGameOver(state) && GameWinner(state) == Winner::kLoses;
}

bool IsWin(const State& state) {
  return IsGameOver(state) && GameWinner(state) == Winner::kWins;
}

double GameValue(const State& state, double win_loss_bonus) {
  const double score = Score(state);
  if (!IsGameOver(state)) return score;
  switch (GameWinner(state)) {
    case Winner::kWins:
      return score + win_loss_bonus;
    case Winner::kLoses:
      return score - win_loss_bonus;
    case Winner::kNone:
      break;
  }
  return score;
}

}  // namespace vgdl
