# Run at every build (tools/CMakeLists.txt): writes OUT with the project's version and the git
# commit of the source tree, so that `vgdl --version` and the run folders of `vgdl slurm` say
# which code played. The file is rewritten only when its text changes, so that a build at the
# same commit recompiles nothing.
execute_process(
  COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
  OUTPUT_VARIABLE commit
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
  RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(text "// Written by cmake/write_version.cmake.\n#define VGDL_VERSION \"${VERSION}\"\n#define VGDL_GIT_COMMIT \"${commit}\"\n")
include(${CMAKE_CURRENT_LIST_DIR}/WriteIfChanged.cmake)
vgdl_write_if_changed("${OUT}" "${text}")
