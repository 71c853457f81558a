// `vgdl lsp`: a Language Server Protocol server (specification 3.17) for VGDL game and level
// files, reading requests from `in` and answering on `out`. It keeps the text of the files
// the editor has open, publishes `vgdl check`'s diagnostics for each open file whenever any
// of them changes (a level's diagnostics depend on its game's text and the other way round),
// and answers hover, completion and definition requests on game files (features.h).
//
// Requests are answered one at a time, in order: a check takes milliseconds, so there is
// nothing to cancel. Text is synchronised whole (TextDocumentSyncKind.Full): game files are
// small, and a full text cannot drift from the editor's.
#pragma once

#include <filesystem>
#include <istream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

namespace vgdl::tools::lsp {

// The path a file:// URI names (percent-decoded); nullopt for other schemes.
std::optional<std::filesystem::path> PathOfUri(const std::string& uri);
std::string UriOfPath(const std::filesystem::path& path);

class Server {
 public:
  Server(std::istream& in, std::ostream& out) : in_(in), out_(out) {}

  // Serves until the `exit` notification or the end of the input. Returns the process exit
  // code the specification asks for: 0 when `shutdown` came before `exit`, 1 otherwise.
  int Run();

 private:
  struct Document {
    std::filesystem::path path;
    std::string text;
  };

  // Answers one message: a request (with an id) gets a response, a notification none.
  void Handle(const nlohmann::json& message);
  nlohmann::json Answer(const std::string& method, const nlohmann::json& params);
  void Notify(const std::string& method, const nlohmann::json& params);
  void Send(const nlohmann::json& message);
  void SendError(const nlohmann::json& id, int code, const std::string& message);

  void Open(const nlohmann::json& params);
  void Change(const nlohmann::json& params);
  void Close(const nlohmann::json& params);
  void PublishAll();
  // The open game document a position request is about; nullptr when it is not open or is a
  // level file (the features read game files).
  const Document* GameDocument(const nlohmann::json& params) const;
  std::optional<std::string> TextOfFile(const std::filesystem::path& path) const;

  std::istream& in_;
  std::ostream& out_;
  bool initialized_ = false;
  bool shut_down_ = false;
  std::map<std::string, Document> documents_;  // by URI
};

}  // namespace vgdl::tools::lsp
