#include "vgdl/syntax_tree.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/text.h"

namespace vgdl::lang {
namespace {

struct Parsed {
  Diagnostics diagnostics;
  SyntaxTree tree;
};

Parsed Parse(std::string_view text) {
  Parsed p;
  DiagSink sink("t.txt", &p.diagnostics);
  p.tree = ParseSyntaxTree(text, sink);
  return p;
}

std::vector<std::string> Words(const Line& line) {
  std::vector<std::string> words;
  for (const Token& t : line.tokens) words.emplace_back(t.text);
  return words;
}

TEST(SplitLines, EndsLinesLikeJavaReadLine) {
  EXPECT_EQ(SplitLines("a\nb\r\nc\rd"), (std::vector<std::string_view>{"a", "b", "c", "d"}));
  EXPECT_EQ(SplitLines("a\n"), (std::vector<std::string_view>{"a"}));
  EXPECT_EQ(SplitLines("a\n\n"), (std::vector<std::string_view>{"a", ""}));
  EXPECT_EQ(SplitLines("\r\n"), (std::vector<std::string_view>{""}));
  EXPECT_TRUE(SplitLines("").empty());
}

TEST(Lexer, TokensCommentsAndColumns) {
  const Parsed p = Parse("BasicGame  a=1\t b=2 # comment > x\n");
  ASSERT_EQ(p.tree.lines.size(), 1u);
  const Line& line = p.tree.lines[0];
  EXPECT_EQ(Words(line), (std::vector<std::string>{"BasicGame", "a=1", "b=2"}));
  EXPECT_EQ(line.tokens[1].column, 12);
  EXPECT_EQ(line.tokens[2].column, 17);
  EXPECT_EQ(line.tokens[2].length, 3);
  EXPECT_TRUE(p.diagnostics.items().empty());
}

TEST(Lexer, AllLineEndingsCountLines) {
  const Parsed p = Parse("A\r\n  b\r  c\n  d");
  ASSERT_EQ(p.tree.lines.size(), 4u);
  EXPECT_EQ(p.tree.lines[3].number, 4);
  EXPECT_EQ(Words(p.tree.lines[3]), (std::vector<std::string>{"d"}));
}

TEST(Lexer, IndentCountsTabsAsOneCharacter) {
  const Parsed p = Parse("G\n        \tx > Immovable\n");
  EXPECT_EQ(p.tree.lines[1].indent, 9);
  EXPECT_EQ(p.tree.lines[1].tokens[0].column, 10);
}

TEST(Lexer, ColumnsCountCharactersNotBytes) {
  const Parsed p = Parse("G\n  \xC3\xA9t\xC3\xA9 > Immovable\n");
  const Line& line = p.tree.lines[1];
  EXPECT_EQ(line.tokens[0].length, 3);
  EXPECT_EQ(line.tokens[1].column, 7);
}

TEST(Lexer, LineOfOnlyHashesIsACommentWithAWarning) {
  // GVGAI crashes on such a line (String.split returns an empty array); we read it as a
  // comment (spec §15.1) and warn, since GVGAI would not load the file.
  const Parsed p = Parse("G\n###\n#\n  a\n# \n  #x\n");
  EXPECT_TRUE(p.tree.lines[1].tokens.empty());
  EXPECT_TRUE(p.tree.lines[2].tokens.empty());
  ASSERT_EQ(p.tree.nodes.size(), 2u);
  EXPECT_EQ(p.diagnostics.ErrorCount(), 0);
  ASSERT_EQ(p.diagnostics.items().size(), 2u);
  EXPECT_EQ(p.diagnostics.items()[0].line, 2);
  EXPECT_EQ(p.diagnostics.items()[1].line, 3);
  EXPECT_NE(p.diagnostics.items()[0].message.find("GVGAI's parser stops"), std::string::npos);
}

TEST(Lexer, ControlCharactersAreReportedAndTheLineDropped) {
  const Parsed p = Parse(
      "G\n  a\x01"
      "b > X\n  c\n");
  ASSERT_EQ(p.diagnostics.items().size(), 1u);
  EXPECT_EQ(p.diagnostics.items()[0].line, 2);
  EXPECT_EQ(p.diagnostics.items()[0].column, 4);
  EXPECT_EQ(p.tree.nodes.size(), 2u);  // root and "c"
}

TEST(Lexer, NulBytesDoNotEndTheInput) {
  const std::string text("G\n  a\0\n  b\n", 11);
  const Parsed p = Parse(text);
  EXPECT_EQ(p.tree.lines.size(), 3u);
  EXPECT_EQ(p.diagnostics.ErrorCount(), 1);
}

TEST(Tree, ChildOfNearestLessIndentedLine) {
  const Parsed p = Parse(
      "Root\n"
      "  A\n"
      "      a1\n"
      "    a2\n"  // less than a1, more than A: a sibling of a1 under A (with a GVGAI log)
      "  B\n");
  const SyntaxTree& t = p.tree;
  ASSERT_EQ(t.nodes.size(), 5u);
  EXPECT_EQ(t.node(0).children, (std::vector<int>{1, 4}));
  EXPECT_EQ(t.node(1).children, (std::vector<int>{2, 3}));
  ASSERT_EQ(p.diagnostics.items().size(), 1u);
  EXPECT_EQ(p.diagnostics.items()[0].severity, Severity::kWarning);
  EXPECT_EQ(p.diagnostics.items()[0].line, 4);
}

TEST(Tree, LineNotIndentedMoreThanRootIsAnError) {
  const Parsed p = Parse("  Root\n    A\n  B\n C\n");
  EXPECT_EQ(p.tree.nodes.size(), 2u);
  EXPECT_EQ(p.diagnostics.ErrorCount(), 2);
  EXPECT_EQ(p.diagnostics.items()[0].line, 3);
  EXPECT_EQ(p.diagnostics.items()[1].line, 4);
}

TEST(Tree, SectionsSwitchTextuallyAndCaseInsensitively) {
  const Parsed p = Parse(
      "BasicGame\n"
      "  spriteset\n"
      "    a > Immovable\n"
      "  InteractionSet\n"
      "    a a > stepBack\n");
  EXPECT_EQ(p.tree.node(0).section, Section::kGame);
  EXPECT_EQ(p.tree.node(1).section, Section::kSpriteSet);
  EXPECT_EQ(p.tree.node(2).section, Section::kSpriteSet);
  EXPECT_EQ(p.tree.node(4).section, Section::kInteractionSet);
  EXPECT_EQ(SectionKeyword(p.tree.lines[1]), Section::kSpriteSet);
  EXPECT_FALSE(SectionKeyword(p.tree.lines[2]).has_value());
}

TEST(Tree, DeepIndentationDoesNotRecurse) {
  std::string text = "G\n";
  for (int i = 1; i <= 2000; ++i) text += std::string(static_cast<size_t>(i), ' ') + "x\n";
  text += " y\n";
  const Parsed p = Parse(text);
  EXPECT_EQ(p.tree.nodes.size(), 2002u);
  EXPECT_EQ(p.tree.node(2001).parent, 0);
}

}  // namespace
}  // namespace vgdl::lang
