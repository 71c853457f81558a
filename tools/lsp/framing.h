// The Language Server Protocol's base protocol: each message is a header ("Content-Length: N",
// optionally "Content-Type: ...", each line ended by CRLF), an empty line, then N bytes of
// JSON (LSP specification 3.17, "Base Protocol").
#pragma once

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace vgdl::tools::lsp {

struct FramedMessage {
  std::string body;   // the JSON text; empty when `error` is set
  std::string error;  // a header the protocol does not allow; the stream goes on after it
};

// The next message of `in`; nullopt at the end of the input (or when it ends inside a
// message). A header without a valid Content-Length gives an error and no body: the server
// answers it and reads on, since a client that sent it is still there.
std::optional<FramedMessage> ReadMessage(std::istream& in);

// Writes `body` with its header, and flushes: the client waits for each answer.
void WriteMessage(std::ostream& out, std::string_view body);

}  // namespace vgdl::tools::lsp
