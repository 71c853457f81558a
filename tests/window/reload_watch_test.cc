// `vgdl play --watch`'s decision to reload: once per change, after the files have been quiet
// for the settle time, and not for a file that was only read again unchanged.
#include "tools/window/reload_watch.h"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/temp_dir.h"

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;

TEST(ReloadWatchTest, ReloadsOnceAChangeHasSettled) {
  const vgdl::testing::TempDir dir("vgdl_reload_watch");
  const fs::path game = dir / "game.txt";
  const fs::path level = dir / "game_lvl0.txt";
  std::ofstream(game) << "BasicGame\n";
  std::ofstream(level) << "wAw\n";
  ReloadWatch watch({game, level});
  constexpr double kPoll = ReloadWatch::kPollMs;
  double now = 0.0;
  EXPECT_FALSE(watch.Due(now));
  EXPECT_FALSE(watch.Due(now += kPoll));  // nothing changed

  std::ofstream(level) << "wA.w\n";
  EXPECT_FALSE(watch.Due(now + kPoll / 2));  // not polled yet
  EXPECT_FALSE(watch.Due(now += kPoll));     // seen: waits for it to settle
  std::ofstream(level) << "wA..w\n";         // the editor is still writing
  EXPECT_FALSE(watch.Due(now += kPoll));
  EXPECT_TRUE(watch.Due(now += kPoll));   // quiet since the last change
  EXPECT_FALSE(watch.Due(now += kPoll));  // once
  EXPECT_FALSE(watch.Due(now += 10 * kPoll));

  // Rewritten with the same bytes: nothing to reload. Gone, then back: a change.
  std::ofstream(game) << "BasicGame\n";
  EXPECT_FALSE(watch.Due(now += kPoll));
  EXPECT_FALSE(watch.Due(now += kPoll));
  fs::remove(game);
  EXPECT_FALSE(watch.Due(now += kPoll));
  std::ofstream(game) << "BasicGame\n  SpriteSet\n";
  EXPECT_FALSE(watch.Due(now += kPoll));
  EXPECT_TRUE(watch.Due(now += kPoll));
}

}  // namespace
}  // namespace vgdl::window
