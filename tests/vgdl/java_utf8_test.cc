// DecodeUtf8AsJava reads bytes as GVGAI's Java reader does: UTF-16 units, a surrogate pair for
// a character outside the BMP, and one U+FFFD for each maximal invalid subpart.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "vgdl/level_chars.h"
#include "vgdl/text.h"

namespace vgdl::lang {
namespace {

TEST(JavaUtf8, ValidTextIsItsUtf16Units) {
  EXPECT_EQ(DecodeUtf8AsJava("a\xC3\xA9\xE2\x82\xAC"), u"a\u00e9\u20ac");
  EXPECT_EQ(DecodeUtf8AsJava("\xF0\x9F\x98\x80"), (std::u16string{0xD83D, 0xDE00}));
}

TEST(JavaUtf8, EachMaximalInvalidSubpartIsOneReplacementCharacter) {
  const std::u16string one(1, 0xFFFD);
  EXPECT_EQ(DecodeUtf8AsJava("\x80"), one);
  EXPECT_EQ(DecodeUtf8AsJava("\xE2\x82"), one);                  // a sequence cut short
  EXPECT_EQ(DecodeUtf8AsJava("\xF0\x9F\x98"), one);              // likewise, four bytes
  EXPECT_EQ(DecodeUtf8AsJava("\xC0\x80"), one + one);            // overlong: no valid prefix
  EXPECT_EQ(DecodeUtf8AsJava("\xED\xA0\x80"), one + one + one);  // an encoded surrogate
  EXPECT_EQ(DecodeUtf8AsJava("\xF4\x90\x80\x80"), std::u16string(4, 0xFFFD));  // > U+10FFFF
  EXPECT_EQ(DecodeUtf8AsJava("\xE2\x82x"), one + u"x");  // the byte that breaks it is kept
}

TEST(JavaUtf8, OffsetsAreWhereEachUnitStarts) {
  std::vector<size_t> offsets;
  DecodeUtf8AsJava("a\xC3\xA9\xF0\x9F\x98\x80z", &offsets);
  EXPECT_EQ(offsets, (std::vector<size_t>{0, 1, 3, 3, 7}));
}

TEST(JavaUtf8, LevelCharCodesAndNames) {
  std::vector<char16_t> wide;
  EXPECT_EQ(LevelCharCode(u'x', wide), 'x');
  EXPECT_EQ(LevelCharCode(u'é', wide), 0x80);
  EXPECT_EQ(LevelCharCode(u'ß', wide), 0x81);
  EXPECT_EQ(LevelCharCode(u'é', wide), 0x80);
  EXPECT_EQ(LevelCharName(0x81, wide), "'ß'");
  EXPECT_EQ(LevelCharName('\x01', wide), "'\\x01'");
  wide.assign(kMaxWideChars, u'é');
  EXPECT_FALSE(LevelCharCode(u'ü', wide));
  EXPECT_EQ(JavaCharText(0xD83D), "U+D83D");
}

}  // namespace
}  // namespace vgdl::lang
