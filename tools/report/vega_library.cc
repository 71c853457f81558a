// Vega's modules joined into one inline script.
#include "tools/report/vega_library.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace vgdl::report {

namespace {

// The modules the report's charts need (parsing, the SVG renderer, the data transforms and
// the encoders), each after the modules it requires.
constexpr const char* kModules[] = {
    "util",           "time",       "format",     "loader",     "canvas",          "scale",
    "event-selector", "expression", "dataflow",   "statistics", "scenegraph",      "selection",
    "functions",      "runtime",    "transforms", "encode",     "view-transforms", "parser",
    "view",
};

std::optional<std::string> ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::optional<std::string> VegaScript(std::string* error) {
  const char* env = std::getenv("VGDL_VEGA_DIR");
  const std::filesystem::path dir = env != nullptr && *env != '\0' ? env : kDebianVegaDir;
  // vega-functions asks for "vega-selections", the module's name on npm; Debian's file is
  // vega-selection.
  std::string script =
      "/* Vega 5 (BSD-3-Clause, https://vega.github.io/vega/), from Debian's libjs-vega. */\n"
      "var vegaModules={};function vegaRequire(n){if(n==='vega-selections')n='vega-selection';"
      "var m=vegaModules[n];if(!m)throw new Error('vega module missing: '+n);return m;}\n";
  for (const char* module : kModules) {
    const std::filesystem::path file = dir / ("vega-" + std::string(module) + ".min.js");
    const auto text = ReadText(file);
    if (!text) {
      *error = "cannot read '" + file.string() +
               "': the HTML report inlines the Vega charting library from Debian's libjs-vega "
               "(scripts/install-deps installs it; $VGDL_VEGA_DIR names another folder)";
      return std::nullopt;
    }
    // A "</script" inside would end the inline script early.
    if (text->find("</script") != std::string::npos) {
      *error = "'" + file.string() + "' contains \"</script\" and cannot be inlined";
      return std::nullopt;
    }
    script +=
        "(function(){var module={exports:{}};var exports=module.exports;"
        "var require=vegaRequire;var define;\n" +
        *text + "\n;vegaModules['vega-" + module + "']=module.exports;})();\n";
  }
  script +=
      "var vega=Object.assign({},...Object.values(vegaModules));"
      "Object.assign(vegaModules['vega-dataflow'].transforms,vegaModules['vega-transforms'],"
      "vegaModules['vega-view-transforms'],vegaModules['vega-encode']);\n";
  return script;
}

}  // namespace vgdl::report
