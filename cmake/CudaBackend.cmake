# Whether to build the CUDA backend, and for which architectures: sets ROOFLAB_WITH_CUDA, enables
# the CUDA language when it is on, and says which and why in one line.
#
# ROOFLAB_CUDA (cache; its first value from the environment variable of that name, else AUTO):
#   AUTO  builds it when nvcc is found and nvidia-smi answers with a GPU, for those GPUs'
#         architectures alone (device code for a GPU the machine lacks is minutes of build for
#         nothing);
#   ON    builds it whenever nvcc is found, without a GPU too (CI compiles it so);
#   OFF   never.
# An architecture list given to CMake (CMAKE_CUDA_ARCHITECTURES, or CMake's CUDAARCHS environment
# variable) builds it too, for those architectures; ON without one builds sm_75, sm_80 and sm_90
# (Turing, Ampere, Hopper: CUDA 13 dropped Volta).
set(rooflab_cuda_default "AUTO")
if(DEFINED ENV{ROOFLAB_CUDA})
  set(rooflab_cuda_default "$ENV{ROOFLAB_CUDA}")
endif()
set(ROOFLAB_CUDA "${rooflab_cuda_default}" CACHE STRING
    "Build the CUDA backend: AUTO (for the GPUs present), ON (whenever nvcc is found) or OFF")
set_property(CACHE ROOFLAB_CUDA PROPERTY STRINGS AUTO ON OFF)
string(TOUPPER "${ROOFLAB_CUDA}" rooflab_cuda_mode)
if(NOT rooflab_cuda_mode MATCHES "^(AUTO|ON|OFF)$")
  message(FATAL_ERROR "rooflab: ROOFLAB_CUDA is '${ROOFLAB_CUDA}': AUTO, ON or OFF")
endif()

# What forces the backend on, in the user's words; empty when nothing does.
set(rooflab_cuda_forced "")
if(rooflab_cuda_mode STREQUAL "ON")
  set(rooflab_cuda_forced "ROOFLAB_CUDA=ON")
elseif(DEFINED ENV{CUDAARCHS})
  set(rooflab_cuda_forced "CUDAARCHS=$ENV{CUDAARCHS}")
elseif(DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(rooflab_cuda_forced "CMAKE_CUDA_ARCHITECTURES=${CMAKE_CUDA_ARCHITECTURES}")
endif()

set(ROOFLAB_WITH_CUDA OFF)
if(rooflab_cuda_mode STREQUAL "OFF")
  set(rooflab_cuda_why "off (ROOFLAB_CUDA=OFF)")
else()
  include(CheckLanguage)
  check_language(CUDA)
  if(NOT CMAKE_CUDA_COMPILER)
    set(rooflab_cuda_why "off (no nvcc found, or CMAKE_CUDA_COMPILER set empty)")
    if(rooflab_cuda_mode STREQUAL "ON")
      message(FATAL_ERROR "rooflab: ROOFLAB_CUDA=ON, but no nvcc was found")
    endif()
  elseif(rooflab_cuda_forced)
    set(ROOFLAB_WITH_CUDA ON)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
      set(CMAKE_CUDA_ARCHITECTURES 75 80 90)
    endif()
    set(rooflab_cuda_why "on (forced by ${rooflab_cuda_forced})")
  else()
    # One line per GPU ("9.0"); nvidia-smi fails, or is absent, without a GPU and its driver.
    find_program(ROOFLAB_NVIDIA_SMI nvidia-smi)
    set(rooflab_smi_failed ON)
    if(ROOFLAB_NVIDIA_SMI)
      execute_process(COMMAND ${ROOFLAB_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                      OUTPUT_VARIABLE rooflab_capabilities RESULT_VARIABLE rooflab_smi_failed
                      ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
    endif()
    if(rooflab_smi_failed)
      set(rooflab_cuda_why "off (nvcc found, no NVIDIA GPU or driver; -DROOFLAB_CUDA=ON forces it)")
    else()
      set(ROOFLAB_WITH_CUDA ON)
      string(REGEX MATCHALL "[0-9]+\\.[0-9]+" rooflab_capabilities "${rooflab_capabilities}")
      string(REPLACE "." "" CMAKE_CUDA_ARCHITECTURES "${rooflab_capabilities}")
      list(REMOVE_DUPLICATES CMAKE_CUDA_ARCHITECTURES)
      if(NOT CMAKE_CUDA_ARCHITECTURES)  # a driver too old to report compute_cap: nvcc asks
        set(CMAKE_CUDA_ARCHITECTURES native)
      endif()
      set(rooflab_cuda_why "on (for the GPUs nvidia-smi lists)")
    endif()
  endif()
endif()

if(ROOFLAB_WITH_CUDA)
  enable_language(CUDA)
  # CMake 3.25 does not know nvcc's C++20 flag (nvcc 12 and later take it).
  set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
  set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
  set(CMAKE_CUDA_STANDARD 20)
  # CMake 3.25's FindCUDAToolkit marks CUDA::nvToolsExt deprecated without checking that the
  # toolkit has it (CUDA 12.9 and later have none), and fails for projects that require 3.25:
  # seen as a project of 3.24 it leaves that target alone.
  set(CMAKE_MINIMUM_REQUIRED_VERSION 3.24)
  find_package(CUDAToolkit REQUIRED)
  set(CMAKE_MINIMUM_REQUIRED_VERSION 3.25)
  string(REPLACE ";" " " rooflab_architectures "${CMAKE_CUDA_ARCHITECTURES}")
  string(APPEND rooflab_cuda_why ": device code for ${rooflab_architectures}")
endif()
message(STATUS "rooflab: CUDA backend: ${rooflab_cuda_why}")
