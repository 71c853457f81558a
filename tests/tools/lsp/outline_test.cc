// Columns as LSP counts them (UTF-16 units) against the loader's characters.
#include "tools/lsp/outline.h"

#include <gtest/gtest.h>

namespace vgdl::tools::lsp {
namespace {

TEST(LspOutlineTest, ColumnsCountUtf16UnitsBeyondTheBasicPlane) {
  // "é" is one unit, the emoji U+1F600 two (a surrogate pair), both one character.
  const std::string line = "a\xC3\xA9\xF0\x9F\x98\x80z";
  EXPECT_EQ(Utf16Column(line, 2), 2);
  EXPECT_EQ(Utf16Column(line, 3), 4);
  EXPECT_EQ(Utf16Column(line, 4), 5);
  EXPECT_EQ(CharColumn(line, 4), 3);
  EXPECT_EQ(CharColumn(line, 5), 4);
  EXPECT_EQ(Utf16Column(line, 7), 8);  // past the end, one unit a character
}

TEST(LspOutlineTest, SpritesAndSectionsComeFromTheTreeOfABrokenGame) {
  const std::string text =
      "BasicGame\n"
      "  SpriteSet\n"
      "    floor > Immovable\n"
      "    hero > NoSuchClass\n"
      "\n"
      "  InteractionSet\n"
      "    hero floor > stepBack\n";
  const Outline outline(text);
  ASSERT_EQ(outline.sprites().size(), 2u);
  EXPECT_EQ(outline.sprites().at("hero").line, 3);
  EXPECT_EQ(outline.sprites().at("hero").column, 4);
  EXPECT_EQ(outline.SectionOf(4), lang::Section::kSpriteSet);  // a blank line: the one above
  EXPECT_EQ(outline.SectionOf(6), lang::Section::kInteractionSet);
  EXPECT_EQ(outline.OwnerOf(3), "NoSuchClass");
  EXPECT_EQ(outline.OwnerOf(6), "stepBack");
  EXPECT_EQ(outline.TokenAt(6, 8)->text, "hero");  // just after the word
  EXPECT_EQ(outline.TokenAt(6, 3), nullptr);
}

}  // namespace
}  // namespace vgdl::tools::lsp
