# Run at every build (agents/CMakeLists.txt): writes OUT with VGDL_AGENT_API, the fingerprint
# of the interface an agent plugin compiles against: the project's version and a SHA-256 of
# the text of every public header (HEADERS, a comma-separated list relative to SOURCE_DIR). A plugin built
# against other headers has another fingerprint, and `vgdl` refuses to load it rather than
# call code that lays out State or Agent differently (agents/plugin_loader.cc). The file is
# rewritten only when its text changes, so that an unchanged interface recompiles nothing.
string(REPLACE "," ";" HEADERS "${HEADERS}")
set(all "")
foreach(header IN LISTS HEADERS)
  file(READ "${SOURCE_DIR}/${header}" text)
  string(APPEND all "${header}\n${text}\n")
endforeach()
string(SHA256 digest "${all}")
string(SUBSTRING "${digest}" 0 16 digest)
set(text "// Written by cmake/write_agent_api.cmake from the public headers.\n#define VGDL_AGENT_API \"vgdl-${VERSION}-${digest}\"\n")
include(${CMAKE_CURRENT_LIST_DIR}/WriteIfChanged.cmake)
vgdl_write_if_changed("${OUT}" "${text}")
