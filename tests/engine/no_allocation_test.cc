// DESIGN.md: steady-state advance does not allocate. A state that has played for a while, and
// every copy of it, advances without a heap allocation while sprites are created and removed
// (the only growth left is the events history, which freezes a chunk every 32 events, and
// buffers reaching a new high-water mark).
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>

#include "tests/engine/effects/effect_test_util.h"

namespace {

// Counts operator new calls while counting is on. Replacing the global operator new is
// allowed once per program; this test binary's other tests are unaffected (counting is off).
long g_allocations = 0;
bool g_counting = false;

}  // namespace

// GCC pairs the standard operator new with operator delete and warns about free() once it
// inlines these replacements into callers; the pair below is consistent (malloc and free).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
// The whole family of the plain (not over-aligned) forms is replaced, so that every pointer a
// replaced operator new returns goes back through a replaced operator delete (AddressSanitizer
// checks the pairing).
void* operator new(std::size_t n) {
  if (g_counting) ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return ::operator new(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (g_counting) ++g_allocations;
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept {
  return ::operator new(n, tag);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace vgdl::testing {
namespace {

// A cannon fires a shell every other tick; shells fly into the far wall and are removed. The
// avatar stands still, so no collision involves it and the events history stays empty.
constexpr std::string_view kShooting = R"(BasicGame square_size=10
    SpriteSet
        floor > Immovable
        cannon > SpawnPoint stype=shell prob=1 cooldown=2
        shell > Missile orientation=RIGHT speed=1
        avatar > MovingAvatar
    LevelMapping
        . > floor
        c > floor cannon
        A > floor avatar
    InteractionSet
        shell wall > killSprite
    TerminationSet
        Timeout limit=1900 win=True
)";

constexpr std::string_view kLevel =
    "wwwwwwwwwwww\n"
    "wc.........w\n"
    "w..........w\n"
    "wc.......A.w\n"
    "wwwwwwwwwwww\n";

long AllocationsDuring(const auto& work) {
  g_allocations = 0;
  g_counting = true;
  work();
  g_counting = false;
  return g_allocations;
}

TEST(NoAllocationTest, AWarmStateAndItsCopiesAdvanceWithoutAllocating) {
  State warm = MakeState(kShooting, kLevel);
  for (int i = 0; i < 200; ++i) Advance(warm, Action::kNil, StepMode::kForwardModel);
  ASSERT_FALSE(warm.ended());
  ASSERT_GT(Count(warm, "shell"), 0);
  ASSERT_TRUE(warm.events().empty());

  // The game goes on: shells are created and removed every tick.
  State playing = warm;
  EXPECT_EQ(AllocationsDuring([&] {
              for (int i = 0; i < 300; ++i) Advance(playing, Action::kNil, StepMode::kForwardModel);
            }),
            0);
  // A tree search's pattern: a fresh copy, a few advances, again and again.
  for (int sim = 0; sim < 50; ++sim) {
    State copy = warm;
    EXPECT_EQ(AllocationsDuring([&] {
                for (int i = 0; i < 4; ++i) Advance(copy, Action::kNil, StepMode::kForwardModel);
              }),
              0)
        << "simulation " << sim;
  }
}

}  // namespace
}  // namespace vgdl::testing
