#pragma once
#include <string>

#include "roofline/profile.hpp"

namespace roofline {

// Who, where, when and how: build facts, host, CPU model, OpenMP threads and where each may
// run, the time (UTC) and the command line.
Provenance collect_provenance(const std::string& command);

// OpenMP reads its binding settings when the runtime loads, so they must be in the environment
// before the program starts. When OMP_PLACES is unset this sets OMP_PLACES=cores and
// OMP_PROC_BIND=close and re-executes the program (argv unchanged); it returns only when the
// binding is already in place (or re-executing failed, which leaves threads unpinned).
void ensure_pinned_threads(char** argv);

}  // namespace roofline
