// `vgdl lsp` spoken to over its standard input and output, as an editor does: a session of
// framed JSON-RPC messages, then its answers read back and checked.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/temp_dir.h"
#include "tests/tools/run_vgdl.h"
#include "tools/lsp/framing.h"
#include "tools/lsp/server.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Lines are numbered from 0 as LSP numbers them: 2 coin, 4 avatar, 8-9 the pairs, 11 the
// termination.
const char* const kGame =
    "BasicGame square_size=20\n"
    "  SpriteSet\n"
    "    coin > Immovable color=GOLD\n"
    "    wall > Immovable\n"
    "    avatar > MovingAvatar\n"
    "  LevelMapping\n"
    "    c > coin\n"
    "  InteractionSet\n"
    "    avatar wall > stepBack\n"
    "    coin avatar > killSprite scoreChange=1\n"
    "  TerminationSet\n"
    "    SpriteCounter stype=coin limit=0 win=True\n";

std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

// The messages of one session, and what the server answered.
class LspSession {
 public:
  explicit LspSession(const fs::path& dir) : dir_(dir) {}

  void Request(int id, const std::string& method, json params = json::object()) {
    Add({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
  }
  void Notify(const std::string& method, json params = json::object()) {
    Add({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  static json At(const std::string& uri, int line, int character) {
    return {{"textDocument", {{"uri", uri}}},
            {"position", {{"line", line}, {"character", character}}}};
  }

  // Runs `vgdl lsp` on the session; returns its exit code.
  int Run() {
    const fs::path input = dir_ / "session.in";
    std::ofstream(input, std::ios::binary) << session_.str();
    const auto r = testing::RunVgdl("lsp < '" + input.string() + "'");
    std::istringstream out(r.output);
    while (auto message = tools::lsp::ReadMessage(out)) {
      EXPECT_EQ(message->error, "") << r.output;
      const json j = json::parse(message->body);
      if (j.contains("id") && !j.contains("method")) {
        responses_[j["id"].is_number() ? j["id"].get<int>() : -1] = j;
      } else {
        notifications_.push_back(j);
      }
    }
    return r.exit_code;
  }

  const json& Response(int id) { return responses_[id]; }
  // The diagnostics published for `uri`, in order.
  std::vector<json> Published(const std::string& uri) const {
    std::vector<json> out;
    for (const json& n : notifications_) {
      if (n["method"] == "textDocument/publishDiagnostics" && n["params"]["uri"] == uri) {
        out.push_back(n["params"]["diagnostics"]);
      }
    }
    return out;
  }

 private:
  void Add(const json& message) {
    std::stringstream framed;
    tools::lsp::WriteMessage(framed, message.dump());
    session_ << framed.str();
  }

  fs::path dir_;
  std::stringstream session_;
  std::map<int, json> responses_;
  std::vector<json> notifications_;
};

class LspCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_ / "coins.txt") << kGame;
    std::ofstream(dir_ / "coins_lvl0.txt") << "wwwww\nwAccw\nwwwww\n";
  }
  std::string Uri(const std::string& name) const {
    return tools::lsp::UriOfPath(dir_.path() / name);
  }
  static json Open(const std::string& uri, const std::string& text) {
    return {
        {"textDocument", {{"uri", uri}, {"languageId", "vgdl"}, {"version", 1}, {"text", text}}}};
  }
  static json Change(const std::string& uri, const std::string& text) {
    return {{"textDocument", {{"uri", uri}, {"version", 2}}},
            {"contentChanges", {{{"text", text}}}}};
  }

  testing::TempDir dir_{"vgdl_lsp"};
};

bool HasLabel(const json& items, const std::string& label) {
  for (const json& item : items) {
    if (item["label"] == label) return true;
  }
  return false;
}

TEST_F(LspCommandTest, ASessionGetsDiagnosticsHoverCompletionAndDefinitions) {
  const std::string game = Uri("coins.txt");
  LspSession s(dir_.path());
  s.Request(1, "initialize", {{"processId", nullptr}, {"capabilities", json::object()}});
  s.Notify("initialized");
  s.Notify("textDocument/didOpen", Open(game, kGame));
  // A typo as it is typed: the diagnostic comes from the editor's text, not the file's.
  s.Notify("textDocument/didChange", Change(game, Replaced(kGame, "killSprite", "killSprit")));
  s.Notify("textDocument/didChange", Change(game, kGame));
  s.Request(2, "textDocument/hover", LspSession::At(game, 2, 12));        // Immovable
  s.Request(3, "textDocument/hover", LspSession::At(game, 2, 22));        // color=
  s.Request(4, "textDocument/hover", LspSession::At(game, 11, 19));       // stype= on SpriteCounter
  s.Request(5, "textDocument/completion", LspSession::At(game, 4, 16));   // "avatar > Mov"
  s.Request(6, "textDocument/completion", LspSession::At(game, 8, 4));    // a pair's first sprite
  s.Request(7, "textDocument/completion", LspSession::At(game, 9, 29));   // after "killSprite "
  s.Request(8, "textDocument/definition", LspSession::At(game, 11, 25));  // stype=coin
  s.Request(9, "textDocument/definition", LspSession::At(game, 9, 10));   // "avatar" of a pair
  s.Request(10, "textDocument/definition", LspSession::At(game, 2, 14));  // a class: nothing
  s.Request(12, "textDocument/hover",
            LspSession::At(game, 0, 12));  // square_size= on the game line
  s.Request(11, "shutdown");
  s.Notify("exit");
  ASSERT_EQ(s.Run(), 0);

  const json& init = s.Response(1)["result"]["capabilities"];
  EXPECT_EQ(init["textDocumentSync"]["change"], 1);
  EXPECT_TRUE(init["hoverProvider"].get<bool>());
  EXPECT_TRUE(init["definitionProvider"].get<bool>());

  const std::vector<json> published = s.Published(game);
  ASSERT_EQ(published.size(), 3u);
  EXPECT_TRUE(published[0].empty()) << published[0];
  ASSERT_EQ(published[1].size(), 1u) << published[1];
  const json& typo = published[1][0];
  EXPECT_EQ(typo["severity"], 1);
  EXPECT_NE(typo["message"].get<std::string>().find("unknown effect 'killSprit'"),
            std::string::npos);
  EXPECT_NE(typo["message"].get<std::string>().find("did you mean 'killSprite'?"),
            std::string::npos);
  EXPECT_EQ(typo["range"], json::parse(R"({"start":{"line":9,"character":18},
                                          "end":{"line":9,"character":27}})"));
  EXPECT_TRUE(published[2].empty()) << published[2];

  const std::string immovable = s.Response(2)["result"]["contents"]["value"];
  EXPECT_EQ(immovable.rfind("### Immovable\n", 0), 0u) << immovable;
  EXPECT_NE(immovable.find("Defaults: `is_static=True`"), std::string::npos) << immovable;
  EXPECT_EQ(s.Response(2)["result"]["range"]["start"]["character"], 11);
  const std::string color = s.Response(3)["result"]["contents"]["value"];
  EXPECT_NE(color.find("`color` on sprite class `Immovable`"), std::string::npos) << color;
  EXPECT_NE(color.find("Colour used when there is no image"), std::string::npos) << color;
  const std::string stype = s.Response(4)["result"]["contents"]["value"];
  EXPECT_NE(stype.find("- `stype` (sprite, **required**)"), std::string::npos) << stype;

  const json& classes = s.Response(5)["result"]["items"];
  EXPECT_TRUE(HasLabel(classes, "MovingAvatar")) << classes;
  EXPECT_FALSE(HasLabel(classes, "Immovable")) << classes;  // not what is being typed
  const json& sprites = s.Response(6)["result"]["items"];
  EXPECT_TRUE(HasLabel(sprites, "coin")) << sprites;
  EXPECT_TRUE(HasLabel(sprites, "avatar")) << sprites;
  EXPECT_FALSE(HasLabel(sprites, "killSprite")) << sprites;
  const json& params = s.Response(7)["result"]["items"];
  ASSERT_TRUE(HasLabel(params, "scoreChange")) << params;
  for (const json& item : params) {
    if (item["label"] == "scoreChange") {
      EXPECT_EQ(item["insertText"], "scoreChange=");
    }
  }

  const std::string square = s.Response(12)["result"]["contents"]["value"];
  EXPECT_NE(square.find("`square_size` on game line `BasicGame`"), std::string::npos) << square;
  EXPECT_NE(square.find("Size of one cell in pixels"), std::string::npos) << square;

  EXPECT_EQ(s.Response(8)["result"]["uri"], game);
  EXPECT_EQ(s.Response(8)["result"]["range"],
            json::parse(R"({"start":{"line":2,"character":4},"end":{"line":2,"character":8}})"));
  EXPECT_EQ(s.Response(9)["result"]["range"]["start"]["line"], 4);
  EXPECT_TRUE(s.Response(10)["result"].is_null());
  EXPECT_TRUE(s.Response(11).contains("result"));
  EXPECT_TRUE(s.Response(11)["result"].is_null());
}

// A level is checked against its game's text as the editor has it: mapping the unknown
// character in the unsaved game clears the level's warning.
TEST_F(LspCommandTest, ALevelIsCheckedWithTheEditorsGame) {
  const std::string game = Uri("coins.txt");
  const std::string level = Uri("coins_lvl0.txt");
  LspSession s(dir_.path());
  s.Request(1, "initialize");
  s.Notify("textDocument/didOpen", Open(level, "wwwww\nwAczw\nwwwww\n"));
  s.Notify("textDocument/didOpen", Open(game, kGame));
  s.Notify("textDocument/didChange",
           Change(game, Replaced(kGame, "    c > coin\n", "    c > coin\n    z > coin\n")));
  s.Request(2, "textDocument/hover", LspSession::At(level, 1, 1));  // features read games only
  s.Request(3, "shutdown");
  s.Notify("exit");
  ASSERT_EQ(s.Run(), 0);
  const std::vector<json> published = s.Published(level);
  ASSERT_EQ(published.size(), 3u);
  for (const json& before : {published[0], published[1]}) {
    ASSERT_EQ(before.size(), 1u) << before;
    EXPECT_EQ(before[0]["severity"], 2) << before;
    EXPECT_NE(before[0]["message"].get<std::string>().find("'z' is not defined"),
              std::string::npos);
    EXPECT_EQ(before[0]["range"]["start"], json::parse(R"({"line":1,"character":3})"));
  }
  EXPECT_TRUE(published[2].empty()) << published[2];
  EXPECT_TRUE(s.Response(2)["result"].is_null());
}

TEST_F(LspCommandTest, ProtocolErrorsAreAnsweredAndExitWithoutShutdownFails) {
  LspSession s(dir_.path());
  s.Request(1, "textDocument/hover", LspSession::At(Uri("coins.txt"), 0, 0));
  s.Request(2, "initialize");
  s.Request(3, "textDocument/formatting");
  s.Request(4, "textDocument/hover", {{"textDocument", 7}});
  s.Notify("exit");
  EXPECT_EQ(s.Run(), 1);
  EXPECT_EQ(s.Response(1)["error"]["code"], -32002);
  EXPECT_EQ(s.Response(3)["error"]["code"], -32601);
  EXPECT_EQ(s.Response(4)["error"]["code"], -32602);
}

TEST(LspUriTest, PathsRoundTripThroughFileUris) {
  const fs::path path = "/tmp/my games/caf\xC3\xA9#1.txt";
  const std::string uri = tools::lsp::UriOfPath(path);
  EXPECT_EQ(uri, "file:///tmp/my%20games/caf%C3%A9%231.txt");
  EXPECT_EQ(*tools::lsp::PathOfUri(uri), path);
  EXPECT_FALSE(tools::lsp::PathOfUri("untitled:Untitled-1"));
}

}  // namespace
}  // namespace vgdl
