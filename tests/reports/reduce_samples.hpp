#pragma once
// Hand-made reduce results for the report tests: sum and dot in fp32, sum in int32, over three
// lengths, with OpenBLAS-like library variants as baselines and one failed result.
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports::samples {

// Variants of the fp32 panels, in order: "plain_1t", "avx2_8acc_1t", "avx2_8acc_2t",
// "openblas_1t" and "openblas_2t" (the library ones); int32 has no library variant.
inline const std::vector<std::string> kReduceVariants = {"plain_1t", "avx2_8acc_1t", "avx2_8acc_2t",
                                                         "openblas_1t", "openblas_2t"};
inline const std::vector<double> kReduceLengths = {1024, 32768, 1048576};

// The median time of a variant at a length: 1 ns per element for the fastest library variant,
// scaled by a per-variant factor (plain 4×, 1 thread 1.1×, 2 threads 0.9×, openblas_1t 1.2×).
double reduce_sample_time(const std::string& variant, double length);

// Every (op, precision) of the description above on device "cpu", plus a failed fp32 sum.
roofline::Results reduce_results();

// The same results on an OpenCL device of id "opencl:0:0" named `name`, each time `slower` times
// the CPU's.
roofline::Results reduce_results_on_opencl(const std::string& name, double slower = 1);

}  // namespace reports::samples
