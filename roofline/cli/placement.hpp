#pragma once
// --threads, --places and --bind, as likwid-bench and OpenMP users expect: they set OpenMP's
// OMP_NUM_THREADS, OMP_PLACES and OMP_PROC_BIND, which the OpenMP runtime reads as it loads. So
// main() applies them from the raw arguments before anything starts (and starts again before a
// command touches the devices), and each command accepts and checks them like any other option.
#include <CLI/CLI.hpp>

namespace cli {

// Sets the environment the placement options name, the last of an option given twice; whether it
// changed. A second call with the same arguments changes nothing.
bool apply_placement_options(int argc, char** argv);

// Before OpenMP starts its threads: refuses OMP_NUM_THREADS (roofline::InputError) where it is
// no thread count or more than 64 per online CPU, and warns where it exceeds the CPUs this
// process may run on.
void check_thread_environment();

// Adds --threads, --places and --bind to a command (already applied by then; each value checked,
// the last one kept).
void add_placement_flags(CLI::App& command);

}  // namespace cli
