// The `vgdl` command: one executable, one subcommand per job.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "tools/commands.h"
#include "tools/version.h"

int main(int argc, char** argv) {
  using vgdl::tools::CommandExit;
  CLI::App app{"vgdl: a fast, GVGAI-faithful VGDL engine with planning agents"};
  app.require_subcommand(1);
  app.set_version_flag("--version", vgdl::tools::VersionText());
  bool verbose = false;
  bool quiet = false;
  app.add_flag("-v,--verbose", verbose, "Log debugging details");
  app.add_flag("-q,--quiet", quiet, "Log errors only");
  app.parse_complete_callback([&] {
    spdlog::set_pattern("%^%l%$: %v");
    spdlog::set_level(verbose ? spdlog::level::debug
                      : quiet ? spdlog::level::err
                              : spdlog::level::info);
  });

  vgdl::tools::AddCheckCommand(app);
  vgdl::tools::AddVerifyTracesCommand(app);
  vgdl::tools::AddBenchCommand(app);
  vgdl::tools::AddRunCommand(app);
  vgdl::tools::AddReportCommand(app);
  vgdl::tools::AddAgentsCommand(app);
  vgdl::tools::AddReplayCommand(app);
  vgdl::tools::AddSolveCommand(app);
  vgdl::tools::AddTuneCommand(app);
  vgdl::tools::AddSlurmCommand(app);
  vgdl::tools::AddLspCommand(app);
  vgdl::tools::AddPlaytestCommand(app);
#ifdef VGDL_HAS_WINDOW
  vgdl::tools::AddPlayCommand(app);
  vgdl::tools::AddEditCommand(app);
  vgdl::tools::AddRenderCommand(app);
#endif

  vgdl::tools::InvokedCommandLine().assign(argv, argv + argc);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? vgdl::tools::kExitOk : vgdl::tools::kExitUserError;
  } catch (const CommandExit& e) {
    return e.code;
  } catch (const std::exception& e) {
    std::cerr << "vgdl: internal error: " << e.what() << "\n";
    return vgdl::tools::kExitInternalError;
  }
  return vgdl::tools::kExitOk;
}
