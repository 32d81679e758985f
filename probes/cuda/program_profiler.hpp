#pragma once
// `rooflab profile -d cuda:N -- PROGRAM`: the program runs with librooflab_inject.so (probes/cuda/
// inject) as its CUDA injection, and what that recorded (rooflab.cupti/1 files, one per process)
// becomes one result per kernel and shape.
#include <filesystem>
#include <memory>

#include "roofline/program.hpp"

namespace probes::cuda {

// The recordings of every process in `folder` (cupti.<pid>.json), merged; names demangled.
// Throws InputError naming a file that does not parse or lacks a field.
roofline::ProgramRecording read_cupti_recordings(const std::filesystem::path& folder);

// `inject_library`: the path of librooflab_inject.so.
std::unique_ptr<roofline::ProgramProfiler> make_cuda_program_profiler(
    std::filesystem::path inject_library);

}  // namespace probes::cuda
