#pragma once
// The driver calls that launch a kernel (the runtime's launches reach the driver's too), and the
// shape and stream each one's parameters give.
#include <cuda.h>
#include <cupti_callbacks.h>

#include <array>
#include <optional>
#include <vector>

namespace probes::cuda {

struct LaunchCall {
  std::array<unsigned, 3> grid{}, block{};
  CUstream stream = nullptr;
};

// The driver API callback ids of kernel launches the profile follows.
const std::vector<CUpti_CallbackId>& launch_callback_ids();

// The launch's shape and stream from a driver callback's parameters; nullopt for any other call.
std::optional<LaunchCall> launch_call(CUpti_CallbackId id, const void* params);

}  // namespace probes::cuda
