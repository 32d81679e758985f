#pragma once
// The backends of this build, registered in the order their folders are configured (cpu first).
// Defined in a file CMake generates (cmake/Backends.cmake).
#include "roofline/backend.hpp"

namespace cli {

// Sets the environment variables that the backends' libraries read as they load (the CPU
// backend's OPENBLAS_CORETYPE), the user's own standing; true when it set one, and the program
// must start again for it to take effect.
bool prepare_backend_environments();
void register_backends(roofline::Registry& registry);

}  // namespace cli
