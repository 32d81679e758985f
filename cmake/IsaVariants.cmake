# rooflab_add_isa_variants(<target> <source>...)
# Compiles each source once per x86-64 ISA level (x86-64, x86-64-v3, x86-64-v4), so one binary carries code for every level and
# picks at run time (kernels/cpu/isa.hpp). Each copy sees ROOFLAB_ISA_NS (the namespace to define
# its functions in: isa_baseline, isa_avx2, isa_avx512) and the matching -march level.
# Kernel sources are built with -ffp-contract=fast so a*b+c becomes one FMA where the ISA has it,
# and always optimized (-O3): an unoptimized kernel measures nothing, and a debug build (with
# sanitizers) still checks the real kernels' instructions and memory accesses. Each source is an
# object of its own, never part of a unity build: the instruction tests disassemble it by name.
include_guard(DIRECTORY)  # the level variables below are directory-scoped
if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  message(FATAL_ERROR "The CPU backend targets x86-64; ${CMAKE_SYSTEM_PROCESSOR} is not supported yet")
endif()
set(ROOFLAB_ISA_LEVELS baseline avx2 avx512)
set(ROOFLAB_ISA_FLAGS_baseline -march=x86-64 -mtune=generic)
set(ROOFLAB_ISA_FLAGS_avx2 -march=x86-64-v3 -mtune=generic)
set(ROOFLAB_ISA_FLAGS_avx512 -march=x86-64-v4 -mtune=generic -mprefer-vector-width=512)

function(rooflab_add_isa_variants target)
  foreach(level IN LISTS ROOFLAB_ISA_LEVELS)
    set(lib ${target}_${level})
    add_library(${lib} OBJECT ${ARGN})
    target_compile_options(${lib} PRIVATE ${ROOFLAB_ISA_FLAGS_${level}} -ffp-contract=fast -O3)
    target_compile_definitions(${lib} PRIVATE ROOFLAB_ISA_NS=isa_${level})
    target_link_libraries(${lib} PRIVATE OpenMP::OpenMP_CXX rooflab_core)
    target_include_directories(${lib} PRIVATE ${PROJECT_SOURCE_DIR})
    set_target_properties(${lib} PROPERTIES POSITION_INDEPENDENT_CODE ON UNITY_BUILD OFF)
    target_sources(${target} PRIVATE $<TARGET_OBJECTS:${lib}>)
  endforeach()
endfunction()
