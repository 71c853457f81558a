#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "gvgai/trace/trace.h"
#include "tests/temp_dir.h"

namespace vgdl::trace {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHeader =
    "vgdl-trace 1\n"
    "game tiny\n"
    "folder gridphysics\n"
    "level 2\n"
    "seed 2003\n"
    "note some quirk\n"
    "exact yes\n"
    "block 10\n"
    "size 3 2\n"
    "init 2\n"
    "s avatar 10 0\n"
    "s wall 0 0\n";

constexpr const char* kTicks =
    "t 0 ACTION_LEFT score=0.000 win=NO_WINNER n=2 h=00000000000000ff av=0,0,-1.00,0.00,avatar,"
    "3,key:1;gold:2 +avatar@0,0 -avatar@10,0\n"
    "t 1 ACTION_NIL score=-1.500 win=LOSES n=2 h=0123456789abcdef av=none\n"
    "end LOSES score=-1.500 tick=1\n";

// Returns the message of the TraceError that parsing `text` throws ("" if none).
std::string ParseError(const std::string& text) {
  try {
    ParseTrace(text, "x.trace");
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

TEST(TraceReaderTest, ParsesEveryField) {
  const Trace t = ParseTrace(std::string(kHeader) + kTicks, "x.trace");
  EXPECT_EQ(t.game, "tiny");
  EXPECT_EQ(t.folder, "gridphysics");
  EXPECT_EQ(t.level, 2);
  EXPECT_EQ(t.seed, 2003);
  EXPECT_TRUE(t.exact);
  EXPECT_EQ(t.block, 10);
  EXPECT_EQ(t.width, 3);
  EXPECT_EQ(t.height, 2);
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_EQ(t.notes[0], "some quirk");
  ASSERT_EQ(t.init.size(), 2u);
  EXPECT_EQ(t.init[0], (TraceSprite{"avatar", 10, 0}));
  ASSERT_EQ(t.ticks.size(), 2u);
  const TraceTick& t0 = t.ticks[0];
  EXPECT_EQ(t0.line, 13);
  EXPECT_EQ(t.players, 1);
  ASSERT_EQ(t0.players.size(), 1u);
  EXPECT_EQ(t0.players[0].action, Action::kLeft);
  EXPECT_EQ(t0.players[0].score, "0.000");
  EXPECT_EQ(t0.players[0].win, "NO_WINNER");
  EXPECT_EQ(t0.sprite_count, 2);
  EXPECT_EQ(t0.hash, 0xffu);
  EXPECT_EQ(t0.players[0].avatar, "0,0,-1.00,0.00,avatar,3,key:1;gold:2");
  ASSERT_EQ(t0.added.size(), 1u);
  EXPECT_EQ(t0.added[0], (TraceSprite{"avatar", 0, 0}));
  ASSERT_EQ(t0.removed.size(), 1u);
  EXPECT_EQ(t0.removed[0], (TraceSprite{"avatar", 10, 0}));
  EXPECT_EQ(t.ticks[1].players[0].action, Action::kNil);
  EXPECT_EQ(t.ticks[1].hash, 0x0123456789abcdefu);
  EXPECT_EQ(t.ticks[1].players[0].avatar, "none");
  ASSERT_TRUE(t.end.has_value());
  EXPECT_EQ(t.end->wins, std::vector<std::string>{"LOSES"});
  EXPECT_EQ(t.end->scores, std::vector<std::string>{"-1.500"});
  EXPECT_EQ(t.end->tick, 1);
}

TEST(TraceReaderTest, AcceptsWindowsLineEndsAndExactNo) {
  std::string text = std::string(kHeader) + kTicks;
  text.replace(text.find("exact yes"), 9, "exact no");
  std::string crlf;
  for (const char c : text) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const Trace t = ParseTrace(crlf, "x.trace");
  EXPECT_FALSE(t.exact);
  EXPECT_EQ(t.ticks.size(), 2u);
}

TEST(TraceReaderTest, ReportsTheLineOfMalformedInput) {
  const std::string good = std::string(kHeader) + kTicks;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  EXPECT_EQ(ParseError("vgdl-trace 2\n"),
            "x.trace:1: not a trace: the first line must be 'vgdl-trace 1'");
  EXPECT_EQ(ParseError(""), "x.trace: not a trace: the first line must be 'vgdl-trace 1'");
  EXPECT_EQ(ParseError(with("t 1 ", "t 2 ")), "x.trace:14: tick 2 out of sequence (expected 1)");
  EXPECT_EQ(ParseError(with("h=00000000000000ff", "h=ff")),
            "x.trace:13: bad checksum 'h=ff' (16 hex digits expected)");
  EXPECT_EQ(ParseError(with("ACTION_LEFT", "ACTION_JUMP")),
            "x.trace:13: unknown action "
            "'ACTION_JUMP'");
  EXPECT_EQ(ParseError(with("win=LOSES", "win=LOST")), "x.trace:14: bad win state 'LOST'");
  EXPECT_EQ(ParseError(with("score=-1.500 win", "score=abc win")), "x.trace:14: bad score 'abc'");
  EXPECT_EQ(ParseError(with("n=2 h=0123", "count=2 h=0123")),
            "x.trace:14: expected 'n=...', found 'count=2'");
  EXPECT_EQ(ParseError(with("+avatar@0,0", "+avatar@0")),
            "x.trace:13: bad diff item '+avatar@0' (expected +type@x,y or -type@x,y)");
  EXPECT_EQ(ParseError(with("+avatar@0,0 -avatar@10,0", "-avatar@10,0 +avatar@0,0")),
            "x.trace:13: '+' item after a '-' item");
  EXPECT_EQ(ParseError(with("init 2", "init 3")),
            "x.trace:13: 'init 3' announced but 2 's' lines found");
  EXPECT_EQ(ParseError(with("init 2", "init 1")),
            "x.trace:12: more 's' lines than 'init 1' announced");
  EXPECT_EQ(ParseError(with("s wall 0 0", "s wall 0")),
            "x.trace:12: an 's' line is 's <type> <x> "
            "<y>'");
  EXPECT_EQ(ParseError(with("level 2", "level two")), "x.trace:4: bad value for 'level'");
  EXPECT_EQ(ParseError(with("size 3 2", "size 3")), "x.trace:9: 'size' takes 2 value(s)");
  EXPECT_EQ(ParseError(with("seed 2003", "game again")), "x.trace:5: duplicate 'game' line");
  EXPECT_EQ(ParseError(with("folder gridphysics\n", "")), "x.trace: missing 'folder' header line");
  EXPECT_EQ(ParseError(with("seed 2003", "colour red")), "x.trace:5: unknown header line 'colour'");
  EXPECT_EQ(ParseError(with("end LOSES score=-1.500 tick=1\n", "")),
            "x.trace:14: truncated trace: no 'end' line");
  EXPECT_EQ(ParseError(good + "t 2 ACTION_NIL\n"), "x.trace:16: text after the 'end' line");
  EXPECT_EQ(ParseError(with("end LOSES score=-1.500 tick=1", "end LOSES score=-1.500")),
            "x.trace:15: an 'end' line has 4 fields, found 3");
}

// A game with two players: a value of each where a one-player trace has one.
TEST(TraceReaderTest, ParsesAValueOfEveryPlayer) {
  std::string text = std::string(kHeader);
  text.replace(text.find("init 2"), 6, "players 2\ninit 2");
  text +=
      "t 0 ACTION_LEFT,ACTION_USE score=1.000,-2.000 win=NO_WINNER,NO_WINNER n=2 "
      "h=00000000000000ff av=0,0,-1.00,0.00,avatarA,3,key:1;gold:2|none\n"
      "end WINS,LOSES score=1.000,-2.000 tick=0\n";
  const Trace t = ParseTrace(text, "x.trace");
  EXPECT_EQ(t.players, 2);
  ASSERT_EQ(t.ticks.size(), 1u);
  const auto& players = t.ticks[0].players;
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].action, Action::kLeft);
  EXPECT_EQ(players[1].action, Action::kUse);
  EXPECT_EQ(players[0].score, "1.000");
  EXPECT_EQ(players[1].score, "-2.000");
  EXPECT_EQ(players[1].win, "NO_WINNER");
  EXPECT_EQ(players[0].avatar, "0,0,-1.00,0.00,avatarA,3,key:1;gold:2");
  EXPECT_EQ(players[1].avatar, "none");
  EXPECT_EQ(t.end->wins, (std::vector<std::string>{"WINS", "LOSES"}));
  EXPECT_EQ(t.end->scores, (std::vector<std::string>{"1.000", "-2.000"}));

  auto error_with = [&](const std::string& from, const std::string& to) {
    std::string bad = text;
    bad.replace(bad.find(from), from.size(), to);
    return ParseError(bad);
  };
  EXPECT_EQ(error_with("ACTION_LEFT,ACTION_USE", "ACTION_LEFT"),
            "x.trace:14: action 'ACTION_LEFT' has 1 value(s), the trace has 2 player(s)");
  EXPECT_EQ(error_with("|none", ""),
            "x.trace:14: av '0,0,-1.00,0.00,avatarA,3,key:1;gold:2' "
            "has 1 value(s), the trace has 2 player(s)");
  EXPECT_EQ(error_with("end WINS,LOSES", "end WINS,LOST"), "x.trace:15: bad win state 'LOST'");
  EXPECT_EQ(error_with("players 2", "players 0"), "x.trace:10: bad value for 'players'");
  // One player is the format of ../shared: a list there is an error.
  EXPECT_EQ(ParseError(std::string(kHeader) + "t 0 ACTION_LEFT,ACTION_NIL score=0.000 "
                                              "win=NO_WINNER n=2 h=00000000000000ff av=none\n"),
            "x.trace:13: action 'ACTION_LEFT,ACTION_NIL' has 2 value(s), the trace has 1 "
            "player(s)");
}

TEST(TraceReaderTest, NamesTracesByTheirFileStem) {
  EXPECT_EQ(TraceName("/a/b/aliens_lvl0_s1.trace.gz"), "aliens_lvl0_s1");
  EXPECT_EQ(TraceName("tiny.trace"), "tiny");
  EXPECT_EQ(TraceName("dir/aliens_lvl1.tsv"), "aliens_lvl1.tsv");
}

TEST(TraceReaderTest, ParsesActionNames) {
  EXPECT_EQ(ParseActionName("ACTION_USE"), Action::kUse);
  EXPECT_EQ(ParseActionName("ACTION_ESCAPE"), Action::kEscape);
  EXPECT_FALSE(ParseActionName("USE").has_value());
}

class TraceFileTest : public ::testing::Test {
 protected:
  fs::path WriteGzip(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    gzFile gz = gzopen(path.string().c_str(), "wb");
    EXPECT_NE(gz, nullptr);
    gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
    gzclose(gz);
    return path;
  }

  vgdl::testing::TempDir temp_dir_{"vgdl_trace_reader_test"};
  const fs::path dir_ = temp_dir_.path();
};

TEST_F(TraceFileTest, ReadsGzippedAndPlainTraces) {
  const std::string text = std::string(kHeader) + kTicks;
  const fs::path gz = WriteGzip("a.trace.gz", text);
  const fs::path plain = dir_ / "b.trace";
  std::ofstream(plain) << text;
  EXPECT_EQ(ReadTrace(gz).ticks.size(), 2u);
  EXPECT_EQ(ReadTrace(plain).ticks.size(), 2u);
  EXPECT_EQ(ReadMaybeGzipped(gz), text);
}

TEST_F(TraceFileTest, RejectsTruncatedGzipAndMissingFiles) {
  std::string text = std::string(kHeader);
  for (int i = 0; i < 200; ++i)
    text += "note padding to make the stream longer " + std::to_string(i) + "\n";
  const fs::path gz = WriteGzip("c.trace.gz", text);
  fs::resize_file(gz, fs::file_size(gz) / 2);
  EXPECT_THROW(ReadTrace(gz), TraceError);
  EXPECT_THROW(ReadTrace(dir_ / "missing.trace.gz"), TraceError);
  EXPECT_THROW(ReadTrace(dir_), TraceError);
  try {
    ReadTrace(dir_ / "missing.trace.gz");
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace vgdl::trace
