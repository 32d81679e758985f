#pragma once
// --threads, --places and --bind, as likwid-bench and OpenMP users expect: they set OpenMP's
// OMP_NUM_THREADS, OMP_PLACES and OMP_PROC_BIND, which the OpenMP runtime reads as it loads. So
// main() applies them from the raw arguments before anything starts (and then starts again), and
// each command accepts and checks them like any other option.
#include <CLI/CLI.hpp>

namespace cli {

// Sets the environment the placement options name; whether it changed.
bool apply_placement_options(int argc, char** argv);

// Adds --threads, --places and --bind to a command (already applied by then).
void add_placement_flags(CLI::App& command);

}  // namespace cli
