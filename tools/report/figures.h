// `vgdl report --figures DIR`: the report's charts as SVG and PNG files for papers. The page
// (html_page.h) is opened in headless Chromium with "#figures", where Vega writes each chart's
// SVG (its own renderer: the same drawing as the page's); the SVGs are read from the DOM
// Chromium dumps, and rsvg-convert (Debian's librsvg2-bin) turns each into a PNG.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace vgdl::report {

// The browser: $VGDL_CHROMIUM, else `chromium` (Debian's package) on the PATH.
std::string ChromiumCommand();

// Opens `page` in headless Chromium at `fragment` ("" or "#figures") and returns the DOM once
// its scripts ran; false with `error` when Chromium cannot be run.
bool DumpDom(const std::filesystem::path& page, const std::string& fragment, std::string* dom,
             std::string* error);

// The figures in a dumped DOM: (chart id, SVG text), in the page's order.
std::vector<std::pair<std::string, std::string>> FigureSvgs(const std::string& dom);

// Writes DIR/ID.svg and DIR/ID.png for every chart of `page`; returns the files written, or
// nothing with `error` (Chromium or rsvg-convert missing, a chart not drawn).
std::vector<std::filesystem::path> WriteFigures(const std::filesystem::path& page,
                                                size_t expected_charts,
                                                const std::filesystem::path& dir,
                                                std::string* error);

}  // namespace vgdl::report
