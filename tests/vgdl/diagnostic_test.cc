// Rendering of diagnostics and "did you mean" suggestions.
#include "vgdl/diagnostic.h"

#include <gtest/gtest.h>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"
#include "vgdl/suggest.h"

namespace vgdl {
namespace {

TEST(Format, CompilerStyleWithCaretAndHint) {
  Diagnostic d;
  d.severity = Severity::kError;
  d.file = "g.txt";
  d.line = 3;
  d.column = 5;
  d.length = 3;
  d.source_line = "\tab xyz";
  d.message = "bad";
  d.hint = "did you mean 'xy'?";
  EXPECT_EQ(Format(d), "g.txt:3:5: error: bad\n  \tab xyz\n  \t   ^~~\n  did you mean 'xy'?\n");
}

TEST(Format, FileLevelAndUtf8AndControlCharacters) {
  Diagnostic file_level;
  file_level.file = "g.txt";
  file_level.message = "empty";
  EXPECT_EQ(Format(file_level), "g.txt: error: empty\n");

  Diagnostic d;
  d.severity = Severity::kWarning;
  d.file = "g.txt";
  d.line = 1;
  d.column = 4;
  d.length = 1;
  d.source_line = "\xC3\xA9t\x01x";  // é t \x01 x
  d.message = "m";
  EXPECT_EQ(Format(d), "g.txt:1:4: warning: m\n  \xC3\xA9t?x\n     ^\n");
}

TEST(Format, LongLinesAreShownAsAnExcerpt) {
  const std::string line = "  a > Immovable img=" + std::string(3000, 'x') + " bad=";
  GameLoad load = LoadGameFromText("BasicGame\n SpriteSet\n" + line + "\n", "g.txt");
  ASSERT_EQ(load.diagnostics.items().size(), 1u);
  const Diagnostic& d = load.diagnostics.items()[0];
  EXPECT_EQ(d.column, 3022);
  EXPECT_LT(d.source_line.size(), 200u);
  const std::string text = Format(d);
  EXPECT_NE(text.find("\n  ..."), std::string::npos);
  // The caret stands under "bad=" in the excerpt.
  const size_t source_start = text.find('\n') + 3;
  const size_t caret_start = text.find('\n', source_start) + 3;
  const size_t bad = text.find("bad=", source_start) - source_start;
  EXPECT_EQ(text.find('^', caret_start) - caret_start, bad);
}

TEST(Suggest, ClosestPlausibleName) {
  using lang::DidYouMean;
  EXPECT_EQ(DidYouMean("killSprit", {"killSprite", "killBoth"}), "did you mean 'killSprite'?");
  EXPECT_EQ(DidYouMean("spritecounter", {"SpriteCounter"}), "did you mean 'SpriteCounter'?");
  EXPECT_EQ(DidYouMean("zzz", {"killSprite"}), "");
  EXPECT_EQ(DidYouMean("", {"a"}), "");
  EXPECT_EQ(lang::EditDistance("kitten", "sitting"), 3);
}

}  // namespace
}  // namespace vgdl
