#include "engine/terminations.h"

#include <algorithm>

namespace vgdl {

namespace {

int LiveCount(const State& state, TypeId t) {
  return t == kNoType ? 0 : state.live_count_with_subtypes(t);
}

int MultiCount(const State& state, const TerminationDef& term) {
  return LiveCount(state, term.stype1) + LiveCount(state, term.stype2) +
         LiveCount(state, term.stype3);
}

// StopCounter's lock holds back the sprite counters; GVGAI's Timeout does not read it.
bool HeldByStopCounter(TerminationKind kind) {
  return kind != TerminationKind::kTimeout && kind != TerminationKind::kStopCounter;
}

bool Fires(State& state, const TerminationDef& term) {
  switch (term.kind) {
    case TerminationKind::kSpriteCounter:
      return LiveCount(state, term.stype) <= term.limit;
    case TerminationKind::kSpriteCounterMore:
      return LiveCount(state, term.stype) >= term.limit;
    case TerminationKind::kMultiSpriteCounter: {
      const int sum = MultiCount(state, term);
      // Equal to the limit, or with `min` above it too.
      return sum == term.limit || (term.min && sum > term.limit);
    }
    case TerminationKind::kMultiSpriteCounterSubTypes:
      return LiveCount(state, term.stype1) == term.limit &&
             state.subtypes_with_sprites(term.stype1) == term.sub_types_num;
    case TerminationKind::kTimeout:
      return state.tick() >= term.limit;
    case TerminationKind::kStopCounter: {
      // Never ends the game; it only allows or forbids the others (§9), per state (§15.14).
      const int sum = MultiCount(state, term);
      state.set_can_end(term.min ? sum <= term.limit : sum != term.limit);
      return false;
    }
  }
  return false;
}

bool WinFor(const TerminationDef& term, int player) {
  const auto p = static_cast<size_t>(player);
  return p < term.win.size() && term.win[p];
}

// GVGAI sets the result on each player's avatar object, so a player that never had an avatar
// keeps none (Player::had_avatar).
void SetResult(State& state, int player, bool wins) {
  Player& p = state.player(player);
  if (p.had_avatar) p.winner = wins ? Winner::kWins : Winner::kLoses;
}

// count_score: the players with the highest score win, unless every score is 0 (§9), as
// GVGAI's countScore finds them: it starts from player 0's score and passes over the other
// players' scores of 0, so a negative score of player 0 beats their 0 (scores -1 and 0: player
// 0 wins).
void SetWinnersByScore(State& state) {
  double best = state.player(0).score;
  bool all_zero = best == 0.0;
  for (int i = 1; i < state.player_count(); ++i) {
    const double score = state.player(i).score;
    if (score == 0.0) continue;
    all_zero = false;
    best = std::max(best, score);
  }
  for (int i = 0; i < state.player_count(); ++i) {
    SetResult(state, i, !all_zero && state.player(i).score == best);
  }
}

// Timeout with use_counter (GVGAI's 2-player games): the game's counters decide. With
// `compare`, player 0 wins when the counters differ and every other player wins when they are
// all equal. With `limits`, nobody wins unless there are as many counters as players; and then,
// as GVGAI's Timeout restarts its `win` list on every pass of its loop over the players, only
// the last player's test is left, which decides player 0's result, while every other player
// loses (counters 1,0 with limits 1,1: both lose; counters 0,1: player 0 wins).
void SetWinnersByCounters(State& state, const TerminationDef& term) {
  const std::vector<int>& counters = state.counters();
  const int players = state.player_count();
  std::vector<bool> wins(static_cast<size_t>(players), false);
  if (term.compare) {
    const bool equal =
        std::all_of(counters.begin(), counters.end(), [&](int c) { return c == counters.front(); });
    for (int i = 0; i < players; ++i) wins[static_cast<size_t>(i)] = equal ? i > 0 : i == 0;
  } else if (static_cast<size_t>(players) == counters.size()) {
    const size_t last = wins.size() - 1;
    wins[0] = last < term.limits.size() && counters[last] == term.limits[last];
  }
  for (int i = 0; i < players; ++i) SetResult(state, i, wins[static_cast<size_t>(i)]);
}

}  // namespace

bool CheckTerminations(State& state) {
  for (const TerminationDef& term : state.def().terminations) {
    if (!Fires(state, term) || (HeldByStopCounter(term.kind) && !state.can_end())) continue;
    state.set_ended(true);
    if (term.kind == TerminationKind::kTimeout && term.use_counter) {
      SetWinnersByCounters(state, term);
    } else if (term.count_score) {
      SetWinnersByScore(state);
    } else {
      for (int i = 0; i < state.player_count(); ++i) SetResult(state, i, WinFor(term, i));
    }
    return true;
  }
  return false;
}

}  // namespace vgdl
