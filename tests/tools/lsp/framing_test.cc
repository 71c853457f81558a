// The LSP base protocol: Content-Length framed messages, read back to back.
#include "tools/lsp/framing.h"

#include <gtest/gtest.h>

#include <sstream>

namespace vgdl::tools::lsp {
namespace {

TEST(LspFramingTest, ReadsMessagesBackToBackByTheirLength) {
  // The second body holds a multi-byte character and no newline: only the length ends it.
  std::istringstream in(
      "Content-Length: 2\r\n\r\n{}"
      "content-length: 9\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
      "[\"\xC3\xA9\", 1]");
  const auto first = ReadMessage(in);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->body, "{}");
  const auto second = ReadMessage(in);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->error, "");
  EXPECT_EQ(second->body, "[\"\xC3\xA9\", 1]");
  EXPECT_FALSE(ReadMessage(in));
}

TEST(LspFramingTest, WrittenMessagesReadBack) {
  std::stringstream stream;
  WriteMessage(stream, R"({"jsonrpc":"2.0"})");
  WriteMessage(stream, "");
  EXPECT_EQ(stream.str().substr(0, 21), "Content-Length: 17\r\n\r");
  EXPECT_EQ(ReadMessage(stream)->body, R"({"jsonrpc":"2.0"})");
  EXPECT_EQ(ReadMessage(stream)->body, "");
}

TEST(LspFramingTest, ABadHeaderIsAnErrorAndReadingGoesOn) {
  std::istringstream in(
      "Content-Length: many\r\n\r\n"
      "Content-Type: text\r\n\r\n"
      "Content-Length: 99999999999\r\n\r\n"
      "Content-Length: 4\r\n\r\nnull");
  EXPECT_NE(ReadMessage(in)->error.find("not a number"), std::string::npos);
  EXPECT_NE(ReadMessage(in)->error.find("without Content-Length"), std::string::npos);
  EXPECT_NE(ReadMessage(in)->error.find("over the limit"), std::string::npos);
  const auto good = ReadMessage(in);
  ASSERT_TRUE(good);
  EXPECT_EQ(good->error, "");
  EXPECT_EQ(good->body, "null");
}

TEST(LspFramingTest, InputEndingInsideAMessageEndsTheStream) {
  std::istringstream body("Content-Length: 10\r\n\r\n{\"a\"");
  EXPECT_FALSE(ReadMessage(body));
  std::istringstream header("Content-Len");
  EXPECT_FALSE(ReadMessage(header));
}

}  // namespace
}  // namespace vgdl::tools::lsp
