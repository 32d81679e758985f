#pragma once
// The kernel families the CPU backend runs (`rooflab run -d cpu`).
#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cpu {

std::vector<std::string> families();          // "nested_saxpy", "reduce", "stream"
std::vector<std::string> default_families();  // run when none is named: nested_saxpy, stream
// The cases of the requested families (the default families when options.families is empty),
// sized for the device. Throws roofline::InputError naming a bad family, variant or size.
std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        const roofline::RunOptions& options);

}  // namespace kernels::cpu
