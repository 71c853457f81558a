// Loading agent plugins (plugin_loader.h): dlopen, the interface check, the described spec.
#include "agents/plugin_loader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "agents/common/options.h"
#include "agents/plugin.h"

namespace vgdl {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPythonPrefix = "py:";
constexpr const char* kPythonHostName = "libvgdl_python_host.so";

std::string AbsolutePath(std::string_view path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(fs::path(path), ec);
  if (ec) return std::string(path);
  return absolute.lexically_normal().string();
}

std::optional<PluginSpecText> SplitPython(std::string_view rest, std::string* error) {
  const size_t file_end = rest.find(':');
  const size_t class_end =
      file_end == std::string_view::npos ? file_end : rest.find(':', file_end + 1);
  const std::string_view file = rest.substr(0, file_end);
  const std::string_view class_name =
      file_end == std::string_view::npos ? "" : rest.substr(file_end + 1, class_end - file_end - 1);
  if (file.empty() || class_name.empty()) {
    *error =
        "a Python agent is named py:FILE.py:ClassName[:options], e.g. "
        "py:my_agent.py:MyAgent";
    return std::nullopt;
  }
  PluginSpecText text;
  text.python = true;
  const std::string absolute = AbsolutePath(file);
  text.argument = absolute + ":" + std::string(class_name);
  text.name = std::string(kPythonPrefix) + text.argument;
  if (class_end != std::string_view::npos) text.options = std::string(rest.substr(class_end + 1));
  return text;
}

// The checks every spec from outside must pass before the registry relies on it.
std::string SpecProblem(const AgentSpec& spec) {
  if (spec.name.empty()) return "its spec has no name";
  if (!spec.create) return "its spec has no create function";
  std::set<std::string> keys;
  for (const AgentOption& option : spec.options) {
    if (option.key.empty()) return "an option has no key";
    if (!keys.insert(option.key).second) return "option '" + option.key + "' is declared twice";
    if (!NormalizeOptionValue(option.type, option.default_value)) {
      return "option '" + option.key + "' has the default '" + option.default_value +
             "', which is not a " + std::string(OptionTypeName(option.type));
    }
  }
  return "";
}

void* OpenLibrary(const std::string& path, bool global, std::string* error) {
  if (!fs::exists(path)) {
    *error = "agent library '" + path + "' does not exist";
    return nullptr;
  }
  // The Python host's interpreter loads extension modules (NumPy's) that expect the
  // interpreter's symbols to be global.
  void* handle = dlopen(path.c_str(), RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL));
  if (handle == nullptr) {
    const char* why = dlerror();
    *error = "cannot load agent library '" + path + "': " + (why ? why : "unknown error");
  }
  return handle;
}

std::unique_ptr<AgentSpec> Describe(const PluginSpecText& text, const std::string& path,
                                    std::string* error) {
  void* handle = OpenLibrary(path, text.python, error);
  if (handle == nullptr) return nullptr;
  using ApiFn = const char* (*)();
  using DescribeFn = void (*)(const char*, AgentSpec*);
  auto api = reinterpret_cast<ApiFn>(dlsym(handle, VGDL_AGENT_API_SYMBOL));
  auto describe = reinterpret_cast<DescribeFn>(dlsym(handle, VGDL_AGENT_DESCRIBE_SYMBOL));
  if (api == nullptr || describe == nullptr) {
    *error = "'" + path + "' is not a vgdl agent plugin: it does not export " +
             (api == nullptr ? VGDL_AGENT_API_SYMBOL : VGDL_AGENT_DESCRIBE_SYMBOL) +
             " (define the agent with VGDL_AGENT_PLUGIN, agents/plugin.h)";
    return nullptr;
  }
  const std::string theirs = api();
  if (theirs != VGDL_AGENT_API) {
    *error = "'" + path + "' was built against the agent interface " + theirs +
             ", and this vgdl has " + VGDL_AGENT_API +
             ": rebuild it against this vgdl's installed headers (docs/own-agents.md)";
    return nullptr;
  }
  auto spec = std::make_unique<AgentSpec>();
  try {
    describe(text.argument.c_str(), spec.get());
  } catch (const std::exception& e) {
    *error = "'" + path + "' failed to describe its agent: " + e.what();
    return nullptr;
  } catch (...) {
    *error = "'" + path + "' failed to describe its agent (an exception that is no std::exception)";
    return nullptr;
  }
  if (const std::string problem = SpecProblem(*spec); !problem.empty()) {
    *error = "'" + path + "' describes an unusable agent: " + problem;
    return nullptr;
  }
  return spec;
}

std::string ExecutableFolder() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "" : exe.parent_path().string();
}

}  // namespace

std::optional<PluginSpecText> SplitPluginSpec(std::string_view spec, std::string* error) {
  std::string scratch;
  if (error == nullptr) error = &scratch;
  if (spec.starts_with(kPythonPrefix)) return SplitPython(spec.substr(kPythonPrefix.size()), error);
  const size_t colon = spec.find(':');
  const std::string_view library = spec.substr(0, colon);
  if (library.find('/') == std::string_view::npos && !library.ends_with(".so")) return std::nullopt;
  PluginSpecText text;
  text.library = std::string(library);
  text.name = AbsolutePath(library);
  if (colon != std::string_view::npos) text.options = std::string(spec.substr(colon + 1));
  return text;
}

std::string PythonHostLibrary(std::string* looked_in) {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv("VGDL_PYTHON_HOST"); env != nullptr && *env != '\0') {
    candidates.push_back(env);
  } else if (const std::string folder = ExecutableFolder(); !folder.empty()) {
    candidates.push_back(folder + "/" + kPythonHostName);
    candidates.push_back((fs::path(folder) / ".." / "lib" / kPythonHostName).lexically_normal());
  }
  std::string tried;
  for (const std::string& candidate : candidates) {
    if (fs::exists(candidate)) return candidate;
    tried += (tried.empty() ? "" : ", ") + candidate;
  }
  if (looked_in != nullptr) *looked_in = tried;
  return "";
}

namespace {

// Where the library of `text` is: the Python host for a py: agent, else the library named.
std::string LibraryPath(const PluginSpecText& text, std::string* error) {
  if (!text.python) {
    // dlopen would search the library path for a bare file name.
    return text.library.find('/') == std::string::npos ? text.name : text.library;
  }
  std::string tried;
  std::string path = PythonHostLibrary(&tried);
  if (path.empty()) {
    *error = std::string("a py: agent needs the Python host library ") + kPythonHostName +
             ", built when pybind11 is installed (scripts/install-deps); looked in: " + tried;
  }
  return path;
}

}  // namespace

const AgentSpec* LoadPluginAgent(const PluginSpecText& text, std::string* error) {
  std::string scratch;
  if (error == nullptr) error = &scratch;
  // Agents are created from the runner's threads, and every spec that names a plugin comes
  // here (each episode's agent, each table row's label): each plugin is described once.
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<AgentSpec>> loaded;
  std::lock_guard lock(mutex);
  if (auto found = loaded.find(text.name); found != loaded.end()) return found->second.get();
  const std::string path = LibraryPath(text, error);
  if (path.empty()) return nullptr;
  std::unique_ptr<AgentSpec> spec = Describe(text, path, error);
  if (spec == nullptr) return nullptr;
  spec->summary = spec->name + (spec->summary.empty() ? "" : ": " + spec->summary);
  spec->name = text.name;
  return loaded.emplace(text.name, std::move(spec)).first->second.get();
}

std::string PluginShortName(const PluginSpecText& text) {
  if (!text.python) return fs::path(text.name).filename().string();
  const size_t colon = text.argument.rfind(':');
  return std::string(kPythonPrefix) + fs::path(text.argument.substr(0, colon)).filename().string() +
         text.argument.substr(colon);
}

}  // namespace vgdl
