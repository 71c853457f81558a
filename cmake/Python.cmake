# The Python module and the host of Python agents (python/, docs/python.md), built when
# Debian's pybind11-dev, python3-dev and python3-numpy are installed (scripts/install-deps).
# Not under the sanitizers: an extension would need their runtime preloaded into Python.
# Debian's interpreter is the one those packages serve; a python3 earlier on PATH (pyenv)
# would be found first otherwise.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
set(vgdl_python_default OFF)
if(NOT VGDL_SANITIZE AND VGDL_BUILD_WINDOW AND TARGET vgdl_runner)
  find_package(Python3 COMPONENTS Interpreter Development NumPy QUIET)
  find_package(pybind11 CONFIG QUIET)
  if(Python3_FOUND AND Python3_NumPy_FOUND AND pybind11_FOUND)
    set(vgdl_python_default ON)
  endif()
endif()
option(VGDL_BUILD_PYTHON "Build the Python module and the py: agent host" ${vgdl_python_default})
if(VGDL_BUILD_PYTHON)
  if(VGDL_SANITIZE OR NOT VGDL_BUILD_WINDOW)
    message(FATAL_ERROR "VGDL_BUILD_PYTHON needs the window library (VGDL_BUILD_WINDOW) and no "
                        "sanitizers (VGDL_SANITIZE)")
  endif()
  if(NOT (Python3_FOUND AND Python3_NumPy_FOUND AND pybind11_FOUND))
    message(FATAL_ERROR "VGDL_BUILD_PYTHON needs pybind11-dev, python3-dev and python3-numpy "
                        "(scripts/install-deps)")
  endif()
  add_subdirectory(python)
else()
  message(STATUS "Python module: off (needs pybind11-dev, python3-dev, python3-numpy, "
                 "the window library, no sanitizers)")
endif()
