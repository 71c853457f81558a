# `cmake --install`: the `vgdl` command, and for agents built outside the tree the libraries of
# the language, the engine and the agents, the public headers and a CMake package, so that an
# outside project writes find_package(vgdl) and vgdl_add_agent_plugin(...) (docs/own-agents.md,
# examples/agent-plugin). Headers install under include/vgdl/ and are included as in the tree:
# "agents/agent.h", "engine/state.h".
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(VGDL_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/vgdl)
set(VGDL_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/vgdl)

foreach(header IN LISTS VGDL_PUBLIC_HEADERS)
  get_filename_component(folder ${header} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${header} DESTINATION ${VGDL_INSTALL_INCLUDEDIR}/${folder})
endforeach()
install(FILES ${VGDL_GENERATED_DIR}/vgdl_agent_api.h DESTINATION ${VGDL_INSTALL_INCLUDEDIR})

foreach(library vgdl_lang vgdl_engine vgdl_agents)
  target_include_directories(${library} INTERFACE $<INSTALL_INTERFACE:${VGDL_INSTALL_INCLUDEDIR}>)
endforeach()
# Installed as vgdl::lang, vgdl::engine, vgdl::agents.
set_target_properties(vgdl_lang PROPERTIES EXPORT_NAME lang)
set_target_properties(vgdl_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(vgdl_agents PROPERTIES EXPORT_NAME agents)
install(TARGETS vgdl_lang vgdl_engine vgdl_agents EXPORT vgdlTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS vgdl RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT vgdlTargets NAMESPACE vgdl:: DESTINATION ${VGDL_INSTALL_CMAKEDIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/vgdlConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/vgdlConfig.cmake
                              INSTALL_DESTINATION ${VGDL_INSTALL_CMAKEDIR})
# A plugin checks the interface fingerprint, not the version number: any version may try.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/vgdlConfigVersion.cmake
                                 COMPATIBILITY AnyNewerVersion)
install(FILES ${PROJECT_BINARY_DIR}/vgdlConfig.cmake ${PROJECT_BINARY_DIR}/vgdlConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/AgentPlugin.cmake
        DESTINATION ${VGDL_INSTALL_CMAKEDIR})
