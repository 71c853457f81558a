// The N-gram table of PH and NST (Soemers 2016 §4.2.1, §4.2.2); see action_statistics.h.
#include "agents/mcts/action_statistics.h"

#include <bit>
#include <cassert>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "agents/common/action_list.h"
#include "agents/common/large_table.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

// A key packs each (action, cell) pair into 21 bits, oldest first from bit 0: action + 1 in 3
// bits (so a used pair is never all zero and the key of every N-gram is nonzero), cell + 1 in
// 18 bits (0 for kNoCell). Unused pairs stay zero, so N-grams of different N never collide.
constexpr int kPairBits = 21;
constexpr int kActionBits = 3;
static_assert(kMaxSearchActions < (1 << kActionBits));
static_assert(kPairBits * kMaxNGram <= 64);

// Lowering the log scale this far makes exp() of every older entry's difference exactly 0.
constexpr double kForgetShift = 1e4;

int64_t FloorDiv(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// SplitMix64's finaliser: keys differ in a few low bits, the slot must depend on all of them.
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

int AvatarCell(const State& state) {
  if (!HasAvatar(state)) return kNoCell;
  const int block = state.block_size() > 0 ? state.block_size() : 1;
  const Vec2 p = AvatarPosition(state);
  const int64_t cx = FloorDiv(static_cast<int64_t>(std::floor(p.x)), block);
  const int64_t cy = FloorDiv(static_cast<int64_t>(std::floor(p.y)), block);
  if (cx < 0 || cy < 0 || cx >= state.width_cells() || cy >= state.height_cells()) return kNoCell;
  return static_cast<int>(cy * state.width_cells() + cx);
}

void SimulationTrace::Reserve(int max_length) {
  actions_.reserve(static_cast<size_t>(max_length));
  cells_.reserve(static_cast<size_t>(max_length));
}

void ActionStatistics::Free::operator()(Entry* p) const {
  FreeLargeTable(p);
}

void ActionStatistics::Init(int max_n, int32_t capacity) {
  if (max_n < 1 || max_n > kMaxNGram) {
    throw std::invalid_argument("the longest N-gram must be in [1, " + std::to_string(kMaxNGram) +
                                "], not " + std::to_string(max_n));
  }
  if (capacity < kWindow || capacity > (1 << 30) || !std::has_single_bit(uint32_t(capacity))) {
    throw std::invalid_argument("the N-gram table's capacity must be a power of two in [" +
                                std::to_string(kWindow) + ", 2^30], not " +
                                std::to_string(capacity));
  }
  const size_t bytes = sizeof(Entry) * static_cast<size_t>(capacity);
  if (capacity != capacity_) {
    table_.reset(static_cast<Entry*>(AllocateLargeTable(bytes)));
    capacity_ = capacity;
    shift_ = 64 - std::countr_zero(uint32_t(capacity));
  }
  // Writing every byte also faults every page in, here rather than inside an act.
  std::memset(static_cast<void*>(table_.get()), 0, bytes);
  max_n_ = max_n;
  scale_ = 0.0;
  occupied_ = 0;
  evictions_ = 0;
}

uint64_t ActionStatistics::Key(const int* actions, const int* cells, int n) {
  uint64_t key = 0;
  for (int i = 0; i < n; ++i) {
    assert(actions[i] >= 0 && actions[i] < kMaxSearchActions);
    const int cell = cells[i] >= 0 && cells[i] < kMaxCells ? cells[i] : kNoCell;
    const uint64_t pair =
        static_cast<uint64_t>(actions[i] + 1) | (static_cast<uint64_t>(cell + 1) << kActionBits);
    key |= pair << (kPairBits * i);
  }
  return key;
}

size_t ActionStatistics::Home(uint64_t key) const {
  return static_cast<size_t>(Mix(key) >> shift_);
}

double ActionStatistics::DecayOf(const Entry& e) const {
  return e.scale == scale_ ? 1.0 : std::exp(scale_ - e.scale);
}

void ActionStatistics::Add(uint64_t key, double value) {
  const size_t mask = static_cast<size_t>(capacity_) - 1;
  const size_t home = Home(key);
  Entry* victim = nullptr;
  double victim_count = 0.0;
  for (size_t i = 0; i < kWindow; ++i) {
    Entry& e = table_.get()[(home + i) & mask];
    if (e.key == key) {
      const double decay = DecayOf(e);
      e.sum = e.sum * decay + value;
      e.count = e.count * decay + 1.0;
      e.scale = scale_;
      return;
    }
    if (e.key == 0) {  // slots fill in order and never empty again, so the key is not further on
      e = Entry{key, value, 1.0, scale_};
      ++occupied_;
      return;
    }
    const double count = e.count * DecayOf(e);
    if (victim == nullptr || count < victim_count) {
      victim = &e;
      victim_count = count;
    }
  }
  *victim = Entry{key, value, 1.0, scale_};
  ++evictions_;
}

void ActionStatistics::RecordSimulation(const int* actions, const int* cells, int length,
                                        double value) {
  if (capacity_ == 0) return;  // not initialised
  for (int end = 1; end <= length; ++end) {
    for (int n = 1; n <= max_n_ && n <= end; ++n) {
      Add(Key(actions + (end - n), cells + (end - n), n), value);
    }
  }
}

NGramStat ActionStatistics::Lookup(const int* actions, const int* cells, int n) const {
  if (capacity_ == 0) return NGramStat{};  // not initialised
  const uint64_t key = Key(actions, cells, n);
  const size_t mask = static_cast<size_t>(capacity_) - 1;
  const size_t home = Home(key);
  for (size_t i = 0; i < kWindow; ++i) {
    const Entry& e = table_.get()[(home + i) & mask];
    if (e.key == 0) break;
    if (e.key != key) continue;
    const double count = e.count * DecayOf(e);
    if (!(count > 0.0)) break;  // decayed or cleared away
    return NGramStat{e.sum / e.count, count};
  }
  return NGramStat{};
}

void ActionStatistics::Decay(double gamma) {
  if (!(gamma >= 0.0 && gamma <= 1.0)) {
    throw std::invalid_argument("the decay factor gamma must be in [0, 1], not " +
                                std::to_string(gamma));
  }
  if (gamma == 0.0) {
    Clear();
  } else {
    scale_ += std::log(gamma);
  }
}

void ActionStatistics::Clear() {
  scale_ -= kForgetShift;
}

}  // namespace vgdl
