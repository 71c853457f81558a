// java.util.Random, bit for bit. GVGAI seeds one per game and every random decision of the
// game draws from it in a fixed order, so replaying GVGAI's traces needs the same generator.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace vgdl {

class JavaRandom {
 public:
  explicit JavaRandom(int64_t seed = 0) { SetSeed(seed); }

  void SetSeed(int64_t seed) { seed_ = (static_cast<uint64_t>(seed) ^ kMultiplier) & kMask; }
  // The raw 48-bit state, for hashing and equality of game states.
  uint64_t raw_state() const { return seed_; }

  int32_t NextInt() { return Next(32); }

  // Uniform in [0, bound); bound must be positive (callers check).
  int32_t NextInt(int32_t bound) {
    if ((bound & -bound) == bound) {  // a power of two: take the high bits
      return static_cast<int32_t>((static_cast<int64_t>(bound) * Next(31)) >> 31);
    }
    int32_t bits = 0;
    int32_t val = 0;
    do {
      bits = Next(31);
      val = bits % bound;
    } while (static_cast<int64_t>(bits) - val + (bound - 1) > INT32_MAX);
    return val;
  }

  double NextDouble() {
    const int64_t hi = static_cast<int64_t>(Next(26)) << 27;
    return static_cast<double>(hi + Next(27)) * 0x1.0p-53;
  }

  float NextFloat() { return static_cast<float>(Next(24)) / static_cast<float>(1 << 24); }

  bool NextBoolean() { return Next(1) != 0; }

  int64_t NextLong() {
    const int64_t hi = static_cast<int64_t>(Next(32)) << 32;
    return hi + Next(32);
  }

  friend bool operator==(const JavaRandom&, const JavaRandom&) = default;

  class Ahead;

 private:
  static constexpr uint64_t kMultiplier = 0x5DEECE66DULL;
  static constexpr uint64_t kAddend = 0xBULL;
  static constexpr uint64_t kMask = (1ULL << 48) - 1;

  int32_t Next(int bits) {
    seed_ = (seed_ * kMultiplier + kAddend) & kMask;
    // Java's (int)(seed >>> (48 - bits)): keep the low 32 bits, reinterpret as signed.
    return static_cast<int32_t>(static_cast<uint32_t>(seed_ >> (48 - bits)));
  }

  uint64_t seed_ = 0;
};

// The next draws of a JavaRandom, each computed from the state where the run began by
// jump-ahead (the k-th state is A_k * seed + C_k), so that a loop of draws does not wait on a
// chain of dependent multiplications: whackamole's sixty spawn points roll a die each on every
// tick. The draws are the generator's own, in order; Finish puts its state after the last
// one back, and nothing else may draw from it before that.
class JavaRandom::Ahead {
 public:
  explicit Ahead(const JavaRandom& rng) : base_(rng.seed_), last_(rng.seed_) {}

  // Java's next(24), as NextFloat draws it (NextFloat is this over 2^24).
  int32_t Next24() {
    if (k_ == kSteps.size()) {
      base_ = last_;
      k_ = 0;
    }
    last_ = (kSteps[k_].multiplier * base_ + kSteps[k_].addend) & kMask;
    ++k_;
    return static_cast<int32_t>(last_ >> 24);
  }

  // The generator after the draws taken.
  void Finish(JavaRandom& rng) const { rng.seed_ = last_; }

 private:
  struct Step {
    uint64_t multiplier;
    uint64_t addend;
  };
  static constexpr std::array<Step, 64> kSteps = [] {
    std::array<Step, 64> steps{};
    Step s{kMultiplier, kAddend};
    for (Step& step : steps) {
      step = s;
      s = {(s.multiplier * kMultiplier) & kMask, (s.addend * kMultiplier + kAddend) & kMask};
    }
    return steps;
  }();

  uint64_t base_;
  uint64_t last_;
  size_t k_ = 0;
};

}  // namespace vgdl
