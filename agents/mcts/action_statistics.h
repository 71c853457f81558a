// The action statistics that Progressive History and the N-Gram Selection Technique share
// (Soemers 2016, §4.2.1 and §4.2.2): for every N-gram of actions (N = 1..3) that occurred in a
// simulation, the sum of the evaluations of those simulations and their count.
//
// Keys. An N-gram is a sequence of (action, cell) pairs, oldest first, where `cell` is the
// avatar's cell in the state in which that action was chosen, i.e. before it was applied.
// §4.2.1 keys PH's action values by "the cell in which the avatar is located before executing
// an action", and §4.2.2 adapts NST "in the same way"; MaastCTS2 (ActionLocation, ActionNGram,
// MctNode.getActionLocationFromParent) gives every action of an N-gram its own cell that way,
// so the 1-grams are exactly PH's (action, cell) statistics and the two enhancements share
// them ("the data for the 1-grams of NST is the same data that is also used by PH").
//
// Recording. RecordSimulation adds the simulation's evaluation X to every N-gram occurring in
// the simulation's action sequence, from the root of the search to its last play-out action;
// an N-gram that occurs twice gets X twice (§4.2.2). N-grams never span real moves: the first
// action of every simulation has no predecessor.
//
// Move Decay (§4.2.2; Tak et al. 2014): after every real move all sums and counts are
// multiplied by gamma. The thesis gives no gamma for NST; MaastCTS2 (MctsController) decays its
// action statistics by 0.6 after every move, and clears them instead (gamma = 0) when the
// root's game score rose since the previous move (kMoveDecay below; the score rule is the
// agent's to apply). Decay is O(1), whatever the table's size: a global logarithmic scale
// falls by log(gamma), and each entry keeps the scale at which it was last written, so an
// entry's current values are its stored ones times exp(scale - its scale), applied when it is
// read and folded in when it is next written. Multiplying every entry instead would touch
// megabytes inside an act (a 16 MB table: milliseconds). Decay(0) (and Clear) lowers the
// scale by 10^4, which makes every older entry's count exactly 0 (exp(-10^4) underflows): it
// forgets them at once. Means are unaffected by decay (sum and count shrink alike); counts
// matter for NST's threshold k and for telling "no data" (count 0) apart.
//
// Memory. Fixed-capacity open addressing with a bounded probe window: an N-gram lives in one
// of the kWindow slots from its hash; entries are 32 bytes, 2^19 of them by default (16 MB), a
// large table reserved, zeroed and faulted in by Init (agents/common/large_table.h), so that
// no act allocates or faults pages in. When the window of a new N-gram has no free slot, it
// replaces the window's entry with the smallest decayed count (after a few moves of decay
// that is an entry worth almost nothing; a cleared entry is worth nothing), counted in
// evictions(). Lookups and records therefore cost at most kWindow slots, never a rehash.
// Before Init, records are dropped and lookups find nothing.
//
// Cost (development VM, idle): Init zeroes and faults the default 16 MB in about 7 ms; a
// 20-step simulation whose every action NST chooses among 5 (up to 300 look-ups) and which is
// then recorded (60 N-grams) costs about 4 us, the record alone about 0.5 us.
//
// Use by the agent: Init at the agent's Init; per iteration, a SimulationTrace of the actions
// simulated (selection and play-out) with AvatarCell before each, recorded with the
// iteration's X at its end; Decay after every real move, i.e. at the start of every Act but
// the one that continues the initialisation's search (MaastCTS2 decays at every search except
// tick 0's).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/state.h"

namespace vgdl {

// The longest N-gram kept (§4.2.2: "only N-grams up to a size of N = 3").
inline constexpr int kMaxNGram = 3;
// The cell of a state without an avatar (or with its avatar outside the level): a cell of its
// own in the keys.
inline constexpr int kNoCell = -1;
// MaastCTS2's Move Decay factor for its action statistics (the thesis gives none).
inline constexpr double kMoveDecay = 0.6;

// The avatar's cell: the grid cell (AvatarPosition / block size, rounded down) of its top-left
// corner, row-major; kNoCell when there is no avatar or it lies outside the level.
int AvatarCell(const State& state);

// A view of a simulation's actions (indices) and of the avatar's cell before each, oldest
// first.
struct ActionHistory {
  const int* actions = nullptr;
  const int* cells = nullptr;
  int length = 0;
};

// The actions of the current simulation with the avatar's cell before each, collected as the
// iteration simulates them (selection and play-out), for NST's previous actions and for
// RecordSimulation at its end.
class SimulationTrace {
 public:
  // For the agent's Init: room for `max_length` actions (tree depth plus play-out depth), so
  // that Push does not allocate during acts (beyond it, it grows by a few bytes at a time).
  void Reserve(int max_length);
  void Clear() {
    actions_.clear();
    cells_.clear();
  }
  // `cell`: AvatarCell of the state in which `action` is chosen, before it is applied.
  void Push(int action, int cell) {
    actions_.push_back(action);
    cells_.push_back(cell);
  }
  int length() const { return static_cast<int>(actions_.size()); }
  ActionHistory history() const { return {actions_.data(), cells_.data(), length()}; }
  // Loss avoidance backs up another line than the one simulated: the first `length` actions
  // stay, and the last of them becomes `action` (chosen in the same state, so its cell stays).
  void Rewrite(int length, int action) {
    actions_.resize(static_cast<size_t>(length));
    cells_.resize(static_cast<size_t>(length));
    if (length > 0) actions_.back() = action;
  }

 private:
  std::vector<int> actions_;
  std::vector<int> cells_;
};

// The statistics of one N-gram, decayed to now.
struct NGramStat {
  double mean = 0.0;   // sum / count; 0 without data
  double count = 0.0;  // decayed number of occurrences; 0 means no data

  bool seen() const { return count > 0.0; }
};

class ActionStatistics {
 public:
  static constexpr int32_t kDefaultCapacity = 1 << 19;  // 16 MB of 32-byte entries
  static constexpr int kWindow = 8;                     // slots an N-gram may occupy
  // Cells representable in a key; higher cells share kNoCell's key (no GVGAI level is near).
  static constexpr int kMaxCells = (1 << 18) - 1;

  ActionStatistics() = default;
  ActionStatistics(const ActionStatistics&) = delete;
  ActionStatistics& operator=(const ActionStatistics&) = delete;

  // For the agent's Init: reserves `capacity` entries (a power of two, at least kWindow; the
  // memory is kept when it already has that size), zeroes and faults them in, forgets
  // everything, and records N-grams up to `max_n` (1..kMaxNGram: 1 for PH alone). Throws
  // std::invalid_argument for values out of range.
  void Init(int max_n, int32_t capacity = kDefaultCapacity);

  // Adds `value` (the simulation's evaluation X) to every N-gram (N <= max_n) of the simulation's
  // `length` actions (action indices 0..kMaxSearchActions-1), `cells[i]` being the avatar's cell
  // before `actions[i]`.
  void RecordSimulation(const int* actions, const int* cells, int length, double value);
  void RecordSimulation(const ActionHistory& simulation, double value) {
    RecordSimulation(simulation.actions, simulation.cells, simulation.length, value);
  }

  // Move Decay: multiplies every sum and count by `gamma` in [0, 1] (0 forgets everything).
  // O(1). Throws std::invalid_argument outside [0, 1].
  void Decay(double gamma);
  // Forgets every N-gram (O(1)); the same as Decay(0).
  void Clear();

  // The N-gram of `n` actions (oldest first) with their cells; n in 1..max_n.
  NGramStat Lookup(const int* actions, const int* cells, int n) const;
  // The 1-gram (action, cell): PH's Q(a) and NST's 1-gram.
  NGramStat Action(int action, int cell) const { return Lookup(&action, &cell, 1); }

  int max_n() const { return max_n_; }
  int32_t capacity() const { return capacity_; }
  // Slots written since Init (live or decayed away), and N-grams that replaced another entry
  // because their window was full.
  int64_t occupied() const { return occupied_; }
  int64_t evictions() const { return evictions_; }

 private:
  struct Entry {
    uint64_t key;  // 0: a slot never written since Init
    double sum;    // at `scale`
    double count;  // at `scale`
    double scale;  // the global log scale when the entry was last written
  };
  static_assert(sizeof(Entry) == 32);

  static uint64_t Key(const int* actions, const int* cells, int n);
  size_t Home(uint64_t key) const;
  // exp(scale_ - e.scale): how much the entry has decayed since it was written.
  double DecayOf(const Entry& e) const;
  void Add(uint64_t key, double value);

  struct Free {
    void operator()(Entry* p) const;
  };
  std::unique_ptr<Entry, Free> table_;
  int32_t capacity_ = 0;
  int shift_ = 64;  // 64 - log2(capacity): a key's home is the top bits of its mixed hash
  int max_n_ = 1;
  double scale_ = 0.0;  // log of the product of all decay factors so far
  int64_t occupied_ = 0;
  int64_t evictions_ = 0;
};

}  // namespace vgdl
