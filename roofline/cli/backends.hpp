#pragma once
// The backends of this build, registered in the order their folders are configured (cpu first).
// Defined in a file CMake generates (cmake/Backends.cmake).
#include "roofline/backend.hpp"

namespace cli {

void register_backends(roofline::Registry& registry);

}  // namespace cli
