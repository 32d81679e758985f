# rooflab_add_isa_variants(<target> <source>...)
# Compiles each source once per ISA level of the target architecture, so one binary carries code
# for every level and picks at run time (kernels/cpu/isa.hpp, which lists the same levels):
#   x86-64:  baseline, avx2, avx512 (-march x86-64, x86-64-v3, x86-64-v4)
#   aarch64: neon (armv8-a, whose Advanced SIMD every core has), sve (armv8.2-a+sve)
# Each copy sees ROOFLAB_ISA_NS (the namespace to define its functions in: isa_<level>) and the
# level's flags. A level may compile a source of its own in place of one: where <name>_<level>.cpp
# sits beside <name>_simd.cpp, that level compiles it instead (SVE's vector length is known only
# at run time, so it cannot use the fixed-width vectors of kernels/cpu/simd.hpp).
# Kernel sources are built with -ffp-contract=fast so a*b+c becomes one FMA where the ISA has it,
# and always optimized (-O3): an unoptimized kernel measures nothing, and a debug build (with
# sanitizers) still checks the real kernels' instructions and memory accesses. Each source is an
# object of its own, never part of a unity build: the instruction tests disassemble it by name.
include_guard(DIRECTORY)  # the level variables below are directory-scoped
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  set(ROOFLAB_ISA_LEVELS baseline avx2 avx512)
  set(ROOFLAB_ISA_FLAGS_baseline -march=x86-64 -mtune=generic)
  set(ROOFLAB_ISA_FLAGS_avx2 -march=x86-64-v3 -mtune=generic)
  set(ROOFLAB_ISA_FLAGS_avx512 -march=x86-64-v4 -mtune=generic -mprefer-vector-width=512)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64")
  set(ROOFLAB_ISA_LEVELS neon sve)
  set(ROOFLAB_ISA_FLAGS_neon -march=armv8-a -mtune=generic)
  set(ROOFLAB_ISA_FLAGS_sve -march=armv8.2-a+sve -mtune=generic)
else()
  message(FATAL_ERROR "The CPU backend targets x86-64 and aarch64; ${CMAKE_SYSTEM_PROCESSOR} is not supported")
endif()

function(rooflab_add_isa_variants target)
  foreach(level IN LISTS ROOFLAB_ISA_LEVELS)
    set(lib ${target}_${level})
    set(sources)
    foreach(source IN LISTS ARGN)
      string(REGEX REPLACE "_simd\\.cpp$" "_${level}.cpp" own ${source})
      if(NOT own STREQUAL source AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${own})
        set(source ${own})
      endif()
      list(APPEND sources ${source})
    endforeach()
    add_library(${lib} OBJECT ${sources})
    target_compile_options(${lib} PRIVATE ${ROOFLAB_ISA_FLAGS_${level}} -ffp-contract=fast -O3)
    target_compile_definitions(${lib} PRIVATE ROOFLAB_ISA_NS=isa_${level})
    target_link_libraries(${lib} PRIVATE OpenMP::OpenMP_CXX rooflab_core)
    target_include_directories(${lib} PRIVATE ${PROJECT_SOURCE_DIR})
    set_target_properties(${lib} PROPERTIES POSITION_INDEPENDENT_CODE ON UNITY_BUILD OFF)
    target_sources(${target} PRIVATE $<TARGET_OBJECTS:${lib}>)
  endforeach()
endfunction()
