// The host of Python agents: an Agent that calls a Python object's methods, and the AgentSpec
// of a Python class (`--agent py:FILE.py:CLASS[:options]`, docs/python.md). The shim
// libvgdl_python_host.so reaches it through vgdl_python_host_describe, exported by the
// extension.
//
// The agent's methods run on the runner's thread, holding the GIL only during the call, so
// the thread's CPU time that the runner measures includes the interpreter's: a Python agent
// is timed, and disqualified, as a C++ one is.
#pragma once

#include <string>

#include "agents/common/agent_spec.h"

namespace vgdl::python {

// "ABS_FILE.py:CLASS": starts the interpreter if the program has none, imports the file and
// reads the class's name, docstring and `options` (python/vgdl/_host.py). Throws
// std::runtime_error with Python's message when the file or class cannot be used.
AgentSpec DescribePythonAgent(const std::string& argument);

}  // namespace vgdl::python

extern "C" __attribute__((visibility("default"))) void vgdl_python_host_describe(
    const char* argument, vgdl::AgentSpec* out);
