# Every dependency comes from Debian's packages; scripts/install-deps installs them.
find_package(PkgConfig QUIET)
find_package(Threads REQUIRED)
find_package(pegtl 3 CONFIG REQUIRED)
find_package(Boost 1.74 REQUIRED)          # header-only parts: Boost.Container small/static vectors
find_package(spdlog CONFIG REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(nlohmann_json 3 CONFIG REQUIRED)
find_package(ZLIB REQUIRED)                # reads the gzipped GVGAI reference traces
if(VGDL_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)
endif()
if(VGDL_BUILD_BENCHMARKS)
  find_package(benchmark CONFIG REQUIRED)
endif()
if(VGDL_BUILD_WINDOW)
  find_package(SFML 2.5 COMPONENTS graphics window system REQUIRED)
endif()
