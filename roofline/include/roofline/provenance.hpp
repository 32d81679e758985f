#pragma once
#include <string>

#include "roofline/profile.hpp"

namespace roofline {

// Who, where, when and how: build facts, host, CPU model, OpenMP threads and where each may
// run, the time (UTC), the command line and how busy the machine was (measure_machine_load).
Provenance collect_provenance(const std::string& command);

// How much CPU time other work took in a sample of `sample_seconds` (this process sleeping
// through it), with the load average; cpus 0 where the system does not tell (no /proc/stat).
MachineLoad measure_machine_load(double sample_seconds = 0.25);

// OpenMP reads its binding settings when the runtime loads, so they must be in the environment
// before the program starts. When OMP_PLACES is unset this sets OMP_PLACES=cores and
// OMP_PROC_BIND=close and re-executes the program (argv unchanged), as it also does when the
// caller says it has set other variables that a library reads as it loads; it returns only when
// nothing needs a restart (or re-executing failed, which leaves threads unpinned).
void ensure_pinned_threads(char** argv, bool environment_changed = false);

}  // namespace roofline
