// Verifying many traces: directory expansion, parallel jobs, and isolation of each replay in
// its own process, so that a crash or a hang in the engine fails one trace, not the run.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "gvgai/trace/replay.h"

namespace vgdl::trace {

struct BatchOptions {
  int jobs = 1;               // replays running at the same time
  bool isolate = true;        // each replay in a forked process (false: threads, in-process)
  int timeout_seconds = 600;  // per file, isolated runs only: a replay past it is killed
  // What checks one file: VerifyFile unless the caller substitutes its own (tests do, to
  // crash or hang on purpose).
  std::function<Outcome(const std::filesystem::path&, const VerifyOptions&)> verify;
};

struct BatchResult {
  std::string name;  // TraceName(file)
  std::filesystem::path file;
  Outcome outcome;
};

// Every file to check: files as given, directories replaced by the *.trace.gz files and the
// statistics tables (*.tsv) directly inside them, sorted by name. Sets `error` and returns nothing
// when an input does not exist.
std::vector<std::filesystem::path> CollectTraceFiles(
    const std::vector<std::filesystem::path>& inputs, std::string* error);

// Verifies every file (VerifyFile) and returns the results in input order; `report`, when
// given, is called in input order as soon as each result and all before it are known.
std::vector<BatchResult> VerifyBatch(const std::vector<std::filesystem::path>& files,
                                     const VerifyOptions& options, const BatchOptions& batch,
                                     const std::function<void(const BatchResult&)>& report = {});

}  // namespace vgdl::trace
