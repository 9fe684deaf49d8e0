# The CMake package of an installed hccsim (lib/cmake/hccsim): see
# hccsimConfig.cmake.in for what it gives. Included from drivers/CMakeLists.txt.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
# Fixed names: the driver and the package look for lib/, include/, share/ by them.
set(CMAKE_INSTALL_INCLUDEDIR include)
set(CMAKE_INSTALL_LIBDIR lib)
set(CMAKE_INSTALL_BINDIR bin)
set(HCCSIM_INSTALL_PLATFORMDIR share/hccsim/platforms)
set(_hccsim_pkg ${PROJECT_BINARY_DIR}/cmake-package)
# A sanitizer build's libraries need the sanitizer's runtime (and clang's).
list(JOIN HCC_SANITIZE_LINK_FLAGS ";" HCCSIM_SANITIZE_LINK_OPTIONS)
set(HCCSIM_NATIVE_LINK "")
if(HCC_WITH_CUDA)
  set(HCCSIM_NATIVE_LINK "${CUDA_cudart_static_LIBRARY};dl;rt")
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/hccsimConfig.cmake.in
  ${_hccsim_pkg}/hccsimConfig.cmake
  INSTALL_DESTINATION lib/cmake/hccsim
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_BINDIR HCCSIM_INSTALL_PLATFORMDIR)
write_basic_package_version_file(${_hccsim_pkg}/hccsimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${_hccsim_pkg}/hccsimConfig.cmake ${_hccsim_pkg}/hccsimConfigVersion.cmake
        DESTINATION lib/cmake/hccsim)
