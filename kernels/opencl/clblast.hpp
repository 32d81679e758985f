#pragma once
// What every CLBlast baseline shares: the library's version, and one call timed on the device.
#include <functional>
#include <string>

#include "kernels/opencl/runtime.hpp"

namespace kernels::opencl {

// "CLBlast 1.5.3", from its header.
std::string clblast_version();

// Enqueues a marker, then `call` (a CLBlast routine on the queue it is given, which returns its
// status and sets the event of its last kernel), and waits for that event: the device seconds
// from the marker to the end of CLBlast's last kernel. Throws std::runtime_error naming
// `routine` and the status when the call fails, or when the marker ended after the last kernel
// started (clocks that do not agree: no usable time).
double clblast_timed(Runtime& runtime, const std::string& routine,
                     const std::function<int(cl_command_queue*, cl_event*)>& call);

}  // namespace kernels::opencl
