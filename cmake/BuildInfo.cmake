# Build provenance (version, git hash, compiler and flags) for every file Rooflab writes.
# The git hash is read at build time, so a rebuild after a commit records the new one.
set(ROOFLAB_BUILD_INFO_OUT "${CMAKE_BINARY_DIR}/generated/build_info.cpp")
string(TOUPPER "${CMAKE_BUILD_TYPE}" _bt)
set(ROOFLAB_COMPILER "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
set(ROOFLAB_FLAGS "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_bt}}")
string(STRIP "${ROOFLAB_FLAGS}" ROOFLAB_FLAGS)
add_custom_target(rooflab_build_info
  COMMAND ${CMAKE_COMMAND}
          -DSRC=${PROJECT_SOURCE_DIR} -DOUT=${ROOFLAB_BUILD_INFO_OUT}
          -DVERSION=${PROJECT_VERSION} "-DCOMPILER=${ROOFLAB_COMPILER}"
          "-DFLAGS=${ROOFLAB_FLAGS}" -DBUILD_TYPE=${CMAKE_BUILD_TYPE}
          -P "${PROJECT_SOURCE_DIR}/cmake/BuildInfoScript.cmake"
  BYPRODUCTS "${ROOFLAB_BUILD_INFO_OUT}"
  COMMENT "Recording build provenance")
