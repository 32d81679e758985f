#pragma once
// `list` and `devices` with --machine: the devices as a profile measured them.
#include <string>
#include <vector>

#include "roofline/cli/session.hpp"

namespace cli {

// Replaces each selected device the profile in `path` holds (this node's, as `run --machine`
// reads it) by its profiled record, whose measured levels size its cases; the others stay as
// detected. Throws InputError naming a bad file.
void use_profile(std::vector<Selected>& devices, const std::string& path);

// The levels the profile measured with the most threads: "L1 to 24 KiB, L2 to 384 KiB, L3 to
// 16 MiB, DRAM from 64 MiB (2 threads)", each cache up to the largest working set of its plateaus
// and DRAM from the sweep's onset (Device::dram_onset) or its plateaus' start; empty without
// memory ceilings.
std::string measured_levels(const roofline::Device& device);

}  // namespace cli
