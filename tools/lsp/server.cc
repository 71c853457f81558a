// The LSP server loop and its messages (server.h).
#include "tools/lsp/server.h"

#include <cstdio>
#include <fstream>
#include <iterator>

#include "tools/lsp/diagnostics.h"
#include "tools/lsp/features.h"
#include "tools/lsp/framing.h"
#include "tools/lsp/outline.h"
#include "vgdl/text.h"

namespace vgdl::tools::lsp {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// JSON-RPC 2.0 and LSP error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kServerNotInitialized = -32002;

// A request whose parameters are not what the method takes.
struct BadParams {
  std::string message;
};

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

json PositionJson(Position p) {
  return {{"line", p.line}, {"character", p.character}};
}
json RangeJson(const Range& r) {
  return {{"start", PositionJson(r.start)}, {"end", PositionJson(r.end)}};
}

Position PositionOf(const json& params) {
  const json& p = params.at("position");
  return {p.at("line").get<int>(), p.at("character").get<int>()};
}

// A diagnostic's range in LSP terms: lines from 0, UTF-16 columns. One without a line (a
// whole file's) sits at the start; one without a length marks the character at its column.
json DiagnosticJson(const Diagnostic& d, const std::vector<std::string_view>& lines) {
  Range range;
  if (d.line > 0) {
    const std::string_view raw =
        static_cast<size_t>(d.line) <= lines.size() ? lines[static_cast<size_t>(d.line - 1)] : "";
    const int column = std::max(0, d.column - 1);
    range.start = {d.line - 1, Utf16Column(raw, column)};
    range.end = {d.line - 1, Utf16Column(raw, column + std::max(1, d.length))};
  }
  const int severity = d.severity == Severity::kError     ? 1
                       : d.severity == Severity::kWarning ? 2
                                                          : 3;
  std::string message = d.message;
  if (!d.hint.empty()) message += "\n" + d.hint;
  return {{"range", RangeJson(range)},
          {"severity", severity},
          {"source", "vgdl"},
          {"message", message}};
}

json CompletionJson(const CompletionItem& item) {
  json out = {
      {"label", item.label}, {"kind", static_cast<int>(item.kind)}, {"detail", item.detail}};
  if (!item.insert_text.empty()) out["insertText"] = item.insert_text;
  return out;
}

}  // namespace

std::optional<fs::path> PathOfUri(const std::string& uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.compare(0, kScheme.size(), kScheme) != 0) return std::nullopt;
  std::string path;
  for (size_t i = kScheme.size(); i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && HexDigit(uri[i + 1]) >= 0 &&
        HexDigit(uri[i + 2]) >= 0) {
      path += static_cast<char>(HexDigit(uri[i + 1]) * 16 + HexDigit(uri[i + 2]));
      i += 2;
    } else {
      path += uri[i];
    }
  }
  return fs::path(path).lexically_normal();
}

std::string UriOfPath(const fs::path& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = "file://";
  for (const char ch : path.string()) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || std::string_view("/-._~").find(ch) != std::string_view::npos) {
      uri += ch;
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 15];
    }
  }
  return uri;
}

int Server::Run() {
  while (std::optional<FramedMessage> framed = ReadMessage(in_)) {
    if (!framed->error.empty()) {
      SendError(nullptr, kParseError, framed->error);
      continue;
    }
    json message = json::parse(framed->body, nullptr, /*allow_exceptions=*/false);
    if (message.is_discarded()) {
      SendError(nullptr, kParseError, "the message is not JSON");
      continue;
    }
    if (!message.is_object() || !message.contains("method") || !message["method"].is_string()) {
      // A response to a request of ours (we send none) or garbage.
      if (message.is_object() && !message.contains("id")) continue;
      SendError(message.is_object() ? message["id"] : json(nullptr), kInvalidRequest,
                "a request needs a method");
      continue;
    }
    if (message["method"] == "exit") return shut_down_ ? 0 : 1;
    Handle(message);
  }
  return shut_down_ ? 0 : 1;
}

void Server::Handle(const json& message) {
  const std::string method = message["method"].get<std::string>();
  const json params = message.value("params", json::object());
  const bool is_request = message.contains("id");
  const json id = is_request ? message["id"] : json(nullptr);
  if (!initialized_ && method != "initialize") {
    if (is_request) SendError(id, kServerNotInitialized, "initialize comes first");
    return;
  }
  try {
    if (!is_request) {
      if (method == "textDocument/didOpen") Open(params);
      if (method == "textDocument/didChange") Change(params);
      if (method == "textDocument/didClose") Close(params);
      return;  // initialized, $/cancelRequest, ...: nothing to do
    }
    if (shut_down_) {
      SendError(id, kInvalidRequest, "the server is shut down; only exit is accepted");
      return;
    }
    json result = Answer(method, params);
    if (result.is_discarded()) {
      SendError(id, kMethodNotFound, "vgdl lsp does not answer " + method);
      return;
    }
    Send({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
  } catch (const BadParams& e) {
    if (is_request) SendError(id, kInvalidParams, e.message);
  } catch (const json::exception& e) {
    if (is_request) SendError(id, kInvalidParams, std::string("bad parameters: ") + e.what());
  }
}

json Server::Answer(const std::string& method, const json& params) {
  if (method == "initialize") {
    initialized_ = true;
    return {{"capabilities",
             {{"textDocumentSync", {{"openClose", true}, {"change", 1}}},
              {"hoverProvider", true},
              {"completionProvider", {{"triggerCharacters", {">", "=", ","}}}},
              {"definitionProvider", true}}},
            {"serverInfo", {{"name", "vgdl lsp"}, {"version", "0.1.0"}}}};
  }
  if (method == "shutdown") {
    shut_down_ = true;
    return nullptr;
  }
  if (method == "textDocument/hover") {
    const Document* doc = GameDocument(params);
    if (doc == nullptr) return nullptr;
    const std::optional<HoverText> hover = Hover(doc->text, PositionOf(params));
    if (!hover) return nullptr;
    return {{"contents", {{"kind", "markdown"}, {"value", hover->markdown}}},
            {"range", RangeJson(hover->range)}};
  }
  if (method == "textDocument/completion") {
    json items = json::array();
    if (const Document* doc = GameDocument(params)) {
      for (const CompletionItem& item : Complete(doc->text, PositionOf(params))) {
        items.push_back(CompletionJson(item));
      }
    }
    return {{"isIncomplete", false}, {"items", items}};
  }
  if (method == "textDocument/definition") {
    const Document* doc = GameDocument(params);
    if (doc == nullptr) return nullptr;
    const std::optional<Range> range = Definition(doc->text, PositionOf(params));
    if (!range) return nullptr;
    return {{"uri", params.at("textDocument").at("uri")}, {"range", RangeJson(*range)}};
  }
  return json(json::value_t::discarded);
}

void Server::Open(const json& params) {
  const json& doc = params.at("textDocument");
  const std::string uri = doc.at("uri").get<std::string>();
  const std::optional<fs::path> path = PathOfUri(uri);
  if (!path) return;  // an untitled buffer: no file to check it as
  documents_[uri] = {*path, doc.at("text").get<std::string>()};
  PublishAll();
}

void Server::Change(const json& params) {
  const auto it = documents_.find(params.at("textDocument").at("uri").get<std::string>());
  if (it == documents_.end()) return;
  const json& changes = params.at("contentChanges");
  if (changes.empty()) return;
  // Full synchronisation: each change is the whole text, and the last one is current.
  it->second.text = changes.back().at("text").get<std::string>();
  PublishAll();
}

void Server::Close(const json& params) {
  const std::string uri = params.at("textDocument").at("uri").get<std::string>();
  if (documents_.erase(uri) == 0) return;
  Notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
  PublishAll();  // the others now read the file from disk
}

void Server::PublishAll() {
  const TextOf text_of = [this](const fs::path& path) { return TextOfFile(path); };
  for (const auto& [uri, doc] : documents_) {
    const Diagnostics diagnostics = CheckFile(doc.path, text_of);
    const std::vector<std::string_view> lines = lang::SplitLines(doc.text);
    json items = json::array();
    for (const Diagnostic& d : diagnostics.items()) items.push_back(DiagnosticJson(d, lines));
    Notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", items}});
  }
}

const Server::Document* Server::GameDocument(const json& params) const {
  const auto it = documents_.find(params.at("textDocument").at("uri").get<std::string>());
  if (it == documents_.end()) return nullptr;
  const TextOf text_of = [this](const fs::path& path) { return TextOfFile(path); };
  if (GameOfLevel(it->second.path, text_of)) return nullptr;
  return &it->second;
}

std::optional<std::string> Server::TextOfFile(const fs::path& path) const {
  for (const auto& [uri, doc] : documents_) {
    if (doc.path == path) return doc.text;
  }
  const lang::FileRead file = lang::ReadFileCapped(path);
  if (!file.error.empty()) return std::nullopt;
  return file.bytes;
}

void Server::Notify(const std::string& method, const json& params) {
  Send({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
}

void Server::SendError(const json& id, int code, const std::string& message) {
  Send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Server::Send(const json& message) {
  // Text from the editor may hold invalid UTF-8; it must not end the server.
  WriteMessage(out_, message.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace vgdl::tools::lsp
