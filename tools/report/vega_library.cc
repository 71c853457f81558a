// Vega's modules joined into one inline script.
#include "tools/report/vega_library.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace vgdl::report {

namespace {

// The license travels with the library inlined in every page (BSD-3-Clause's first two
// conditions); from /usr/share/doc/libjs-vega/copyright.
constexpr const char* kVegaLicense = R"(/*
 * Vega 5 (https://vega.github.io/vega/), from Debian's libjs-vega.
 * Copyright (c) 2015-2021, UW Interactive Data Lab (http://idl.cs.washington.edu)
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without modification, are
 * permitted provided that the following conditions are met:
 * 1. Redistributions of source code must retain the above copyright notice, this list of
 *    conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice, this list of
 *    conditions and the following disclaimer in the documentation and/or other materials
 *    provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors may be used
 *    to endorse or promote products derived from this software without specific prior
 *    written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
 * OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
 * COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 * SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
 * HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
 * TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 *
 * The modules include code of Esprima (BSD-2-Clause, in vega-expression) and of D3 (ISC,
 * Mike Bostock); on Debian, /usr/share/doc/libjs-vega/copyright lists every part and its
 * license.
 */
)";

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
      std::string(kVegaLicense) +
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
