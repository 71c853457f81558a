// The events history: GVGAI's TreeSet order and de-duplication, and copies that share the
// frozen past without seeing each other's new events.
#include "engine/event_log.h"

#include <gtest/gtest.h>

namespace vgdl {
namespace {

Event At(int tick, TypeId passive, TypeId active = 1, bool from_avatar = false) {
  Event e;
  e.tick = tick;
  e.passive_type = passive;
  e.active_type = active;
  e.from_avatar = from_avatar;
  return e;
}

TEST(EventLogTest, KeepsTreeSetOrderAndDropsEqualEvents) {
  EventLog log;
  log.Insert(At(3, 5));
  log.Insert(At(3, 2));
  log.Insert(At(3, 7, 1, /*from_avatar=*/true));
  log.Insert(At(3, 2));  // equal under compareTo: kept once
  ASSERT_EQ(log.size(), 3u);
  EXPECT_TRUE(log[0].from_avatar);
  EXPECT_EQ(log[1].passive_type, 2);
  EXPECT_EQ(log[2].passive_type, 5);
}

TEST(EventLogTest, CopiesShareThePastAndDivergeAfterwards) {
  EventLog log;
  for (int tick = 0; tick < 200; ++tick) {
    log.Insert(At(tick, 4));
    log.Insert(At(tick, 2));
  }
  ASSERT_EQ(log.size(), 400u);
  EventLog copy = log;
  copy.Insert(At(200, 9));
  log.Insert(At(200, 8));
  log.Insert(At(200, 1));
  EXPECT_EQ(copy.size(), 401u);
  EXPECT_EQ(log.size(), 402u);
  EXPECT_EQ(copy[400].passive_type, 9);
  EXPECT_EQ(log[400].passive_type, 1);
  EXPECT_EQ(log[401].passive_type, 8);
  // Every index reads back in order, across the frozen chunks.
  const std::vector<Event> all = log.ToVector();
  ASSERT_EQ(all.size(), log.size());
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(CompareEvents(all[i], log[i]), 0) << i;
    if (i > 0) {
      EXPECT_LT(CompareEvents(all[i - 1], all[i]), 0) << i;
    }
  }
}

}  // namespace
}  // namespace vgdl
