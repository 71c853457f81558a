// libvgdl_python_host.so, the library agents/plugin_loader.cc loads for `--agent py:FILE:CLASS`.
// It holds no engine and no Python: it loads libpython into the program (RTLD_GLOBAL, so that
// the extension and the interpreter's own extensions find its symbols), then the extension
// vgdl._vgdl, which holds the engine, the bindings and the host itself
// (python_agent.h), and hands the describe call on to it. So one copy of the bindings serves
// both the agent's `import vgdl` and the objects the host gives the agent.
#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "agents/plugin.h"

namespace {

namespace fs = std::filesystem;

using DescribeFunction = void (*)(const char*, vgdl::AgentSpec*);

// This library's folder, from the address of one of its functions.
fs::path OwnFolder() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&OwnFolder), &info) == 0 || info.dli_fname == nullptr) {
    throw std::runtime_error("the Python host cannot find its own file");
  }
  return fs::path(info.dli_fname).parent_path();
}

void* Open(const std::string& path, int mode, const char* what) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | mode);
  if (handle == nullptr) {
    const char* error = dlerror();
    throw std::runtime_error(std::string("the Python host cannot load ") + what + ": " +
                             (error != nullptr ? error : path));
  }
  return handle;
}

// The extension: installed beside the host (lib/python3/dist-packages/vgdl), else where the
// build tree has it.
fs::path ExtensionPath() {
  const fs::path folder = OwnFolder();
  const fs::path installed = folder / VGDL_EXTENSION_INSTALLED / VGDL_EXTENSION_NAME;
  std::error_code ec;
  if (fs::exists(installed, ec)) return installed;
  return (folder / VGDL_EXTENSION_FROM_HOST / VGDL_EXTENSION_NAME).lexically_normal();
}

DescribeFunction LoadExtension() {
  Open(VGDL_LIBPYTHON, RTLD_GLOBAL, "libpython (python3-dev)");
  const fs::path extension = ExtensionPath();
  void* handle = Open(extension.string(), RTLD_LOCAL, "the vgdl Python module");
  auto* describe = reinterpret_cast<DescribeFunction>(dlsym(handle, "vgdl_python_host_describe"));
  if (describe == nullptr) {
    throw std::runtime_error("'" + extension.string() + "' is not the vgdl Python module");
  }
  return describe;
}

vgdl::AgentSpec DescribePythonAgent(const char* argument) {
  static const DescribeFunction describe = LoadExtension();
  vgdl::AgentSpec spec;
  describe(argument, &spec);
  return spec;
}

}  // namespace

VGDL_AGENT_PLUGIN(DescribePythonAgent)
