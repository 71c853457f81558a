# vgdl_add_agent_plugin(NAME SOURCES...): a shared library lib<NAME>.so holding one agent
# (agents/plugin.h), which `vgdl run --agent ./lib<NAME>.so` loads. Only the two entry points
# of VGDL_AGENT_PLUGIN are exported; the copy of the vgdl libraries inside stays private, so
# that it never stands in for the loading program's own. Installed with the package
# (vgdlConfig.cmake includes it) and used in the tree by the plugin tests.
function(vgdl_add_agent_plugin name)
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE vgdl::agents)
  target_compile_features(${name} PRIVATE cxx_std_20)
  set_target_properties(${name} PROPERTIES PREFIX "lib" CXX_VISIBILITY_PRESET hidden
                                           VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${name} PRIVATE -Wl,--exclude-libs,ALL)
  # Every symbol resolved at link time, so that a missing one is a link error here and not a
  # failed dlopen in `vgdl`; except under the sanitizers, whose runtime only the program holds.
  if(NOT VGDL_SANITIZE)
    target_link_options(${name} PRIVATE -Wl,--no-undefined)
  endif()
endfunction()
