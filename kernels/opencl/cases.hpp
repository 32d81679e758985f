#pragma once
// The kernel families the OpenCL backend runs (`rooflab run -d opencl:P:D`).
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "kernels/suite.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::opencl {

// What of each family the device cannot run and why (roofline::Device::not_offered), for a
// device with or without cl_khr_fp16; a failing capability query costs the family it serves.
std::map<std::string, std::vector<std::string>> not_offered(const cl::Device& device,
                                                            bool has_fp16);

// Every variant row of every family on the device, in fp32 and, with cl_khr_fp64, fp64, in the
// order a run times them.
std::vector<Variant> variants(const roofline::Device& device,
                              const std::shared_ptr<Runtime>& runtime);

// Device memory: DRAM cases are dram_working_set's (STREAM's rule, or where the probe's sweep put
// DRAM); a GPU's as large as CUDA's (gpu_dram_smallest of its L2: at 4× the L2, or the 64 MiB an
// H100's sweep showed, NVIDIA's OpenCL ran its stream kernels at 0.87–0.95 of CUDA's, at 2^27
// elements per array 0.99–1.02; docs/performance.md, 2026-11-26), but for quick runs on a GPU
// that cannot check on the device (no fp64, kernels/opencl/device_check.hpp): made and checked
// on the host, a 2 GiB case cost about 4 s. A GPU's size study goes on to 1 GiB, as on CUDA; each
// array must fit in one allocation.
MemoryFacts memory_facts(const roofline::Device& device, const Runtime& runtime, bool quick);

// The cases a run asks for (kernels::make_cases over the rows above).
std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        std::shared_ptr<Runtime> runtime,
                                                        const roofline::RunOptions& options);

// Whether `device` is of this OpenCL device type ("CPU", "GPU"; the device_type fact).
bool is_device_type(const roofline::Device& device, std::string_view type);

// A case description of this backend on `device`, its level from the working set.
roofline::CaseInfo opencl_case_info(const roofline::Device& device, std::string family,
                                    std::string variant, nlohmann::json params,
                                    const roofline::Work& work);
// The same for a kernel family's case, whose family and variant its row gives (Case::stamp).
roofline::CaseInfo opencl_case_info(const roofline::Device& device, nlohmann::json params,
                                    const roofline::Work& work);

}  // namespace kernels::opencl
