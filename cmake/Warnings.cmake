# Warnings for the project's own targets (not for dependencies).
add_library(vgdl_warnings INTERFACE)
target_compile_options(vgdl_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Wunused -Woverloaded-virtual -Wconversion -Wsign-conversion
  -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough)
if(VGDL_WERROR)
  target_compile_options(vgdl_warnings INTERFACE -Werror)
endif()
