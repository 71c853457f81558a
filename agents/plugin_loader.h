// Agents from outside the tree: a shared library built against the installed headers
// (agents/plugin.h), named by its path, or a Python class, named "py:FILE:CLASS", which the
// Python host library (python/, itself such a plugin) runs. The registry (registry.cc) sends
// every spec that names one of these here; the options after it are read as for any agent.
//
// A library is loaded once per process and never unloaded: the agents it creates run its code.
// What can go wrong is an error for the caller, never a crash: a missing file, a library that
// is no plugin or was built against another interface (VGDL_AGENT_API), a describe function
// that throws or returns an unusable spec.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "agents/common/agent_spec.h"

namespace vgdl {

// A spec that names a plugin, split into where the agent comes from and its options.
struct PluginSpecText {
  std::string library;   // the shared library to load, as written (or the Python host)
  std::string argument;  // passed to the library's describe function ("FILE:CLASS" for py:)
  std::string name;      // the canonical name: the absolute library path, or "py:ABS_FILE:CLASS"
  std::string options;   // "k=v,..." after the name, possibly empty
  bool python = false;
};

// nullopt when `spec` names a built-in agent. A plugin is "py:FILE:CLASS[:options]" or a
// library path: a name with a '/' or ending in ".so" ("./libmy_agent.so:depth=3"). `error` is
// set (and nullopt returned) for a "py:" spec without a file or class.
std::optional<PluginSpecText> SplitPluginSpec(std::string_view spec, std::string* error);

// The spec the plugin publishes, its name replaced by `text.name`; loaded on first use and
// cached. nullptr with `error` set when the library cannot be used.
const AgentSpec* LoadPluginAgent(const PluginSpecText& text, std::string* error);

// The Python host library that runs "py:" agents: $VGDL_PYTHON_HOST, else
// libvgdl_python_host.so beside the running executable or in ../lib from it. "" when none is
// found; `looked_in` lists the places tried.
std::string PythonHostLibrary(std::string* looked_in);

// A short name for tables: the library's file name, or "py:FILE:CLASS" with the file's name.
std::string PluginShortName(const PluginSpecText& text);

}  // namespace vgdl
