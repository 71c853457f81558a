// `vgdl lsp`: the Language Server Protocol server for VGDL game and level files, over
// standard input and output (tools/lsp/server.h; docs/authoring.md says how to attach an
// editor to it).
#include <iostream>

#include "tools/commands.h"
#include "tools/lsp/server.h"

namespace vgdl::tools {

void AddLspCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "lsp",
      "Serve the Language Server Protocol on standard input and output: diagnostics as "
      "you type, hover, completion and go-to-definition for VGDL files");
  cmd->callback([] {
    // Messages are bytes counted by their header: no translation, no sync with C stdio.
    std::ios::sync_with_stdio(false);
    lsp::Server server(std::cin, std::cout);
    const int code = server.Run();
    if (code != kExitOk) throw CommandExit{code};
  });
}

}  // namespace vgdl::tools
