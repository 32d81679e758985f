#pragma once
// The CPU backend's rows of the kernel suite (`rooflab run -d cpu`) and its memory facts.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kernels/suite.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cpu {

// Every variant row of every family on the CPU, in the order a run times them.
std::vector<Variant> variants(const roofline::Device& device);

// What of each family the CPU cannot run and why (roofline::Device::not_offered).
std::map<std::string, std::vector<std::string>> not_offered();

// DRAM is STREAM's rule: working sets of at least 4× the last-level cache and 64 MiB; a case's
// arrays must fit in the device's memory.
MemoryFacts memory_facts(const roofline::Device& device);

// The cases a run asks for (kernels::make_cases over the rows above).
std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options);

}  // namespace kernels::cpu
