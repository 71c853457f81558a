// The Vega charting library (https://vega.github.io/vega/, BSD-3-Clause), read from Debian's
// libjs-vega (scripts/install-deps installs it) and made into one script the report inlines,
// so that the page draws its charts without a network.
//
// Debian ships Vega as its modules (vega-util, vega-scale, ...), each a UMD file whose
// browser-global branch would overwrite the one before (`global.vega = {}`); the full "vega"
// bundle is not packaged. Each module is therefore loaded through its CommonJS branch, with a
// `require` that hands it the modules before it, and the modules are joined into one `vega`
// object as Vega's own index does (the transforms registered with the dataflow).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace vgdl::report {

// Where libjs-vega installs its modules; $VGDL_VEGA_DIR overrides it.
inline constexpr const char* kDebianVegaDir = "/usr/share/javascript/vega";

// The library as one script defining `vega`; nullopt with `error` (the file that is missing
// and the package that provides it) when a module cannot be read.
std::optional<std::string> VegaScript(std::string* error);

}  // namespace vgdl::report
