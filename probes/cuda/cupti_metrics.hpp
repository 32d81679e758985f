#pragma once
// The CUPTI metrics Rooflab counts per kernel by default, with what each adds to the roofline.
// Names and weights are those Nsight Compute's roofline sections use, verified on an H100 (sm_90,
// chip GH100): FLOPs from the SASS instruction counts with FMA = 2, bytes requested at L1
// (l1tex__t_bytes), at L2 (lts__t_bytes) and moved in DRAM (read + write), and the kernel time.
#include <string>
#include <vector>

#include "roofline/counters.hpp"

namespace probes::cuda {

// fp64 and fp32 FLOPs (add, mul ×1, fma ×2) add to "flops"; fp16 (add, mul ×2 and fma ×4 in
// Nsight Compute) is shown only: the counter cannot tell half2 from scalar half, and the
// HFMA2.MMA register moves the compiler emits in any kernel add about one per thread.
// "bytes.L1", "bytes.L2", "bytes.DRAM" (read + write); gpu__time_duration (ns) is shown only.
std::vector<roofline::EventSpec> cupti_default_events();

// The kernel's duration in nanoseconds, measured under the profiler.
inline constexpr char kDurationMetric[] = "gpu__time_duration.sum";

// What `rooflab profile` counts of a program's kernels: the default events, the tensor cores'
// operations per input type (FLOPs of the *_tensor precisions), and the bytes of shared memory's
// loads and stores ("bytes.shared").
std::vector<roofline::EventSpec> cupti_program_events();

// The default table's meaning of `metric`, or a shown-only spec for any other metric.
roofline::EventSpec cupti_event(const std::string& metric);

}  // namespace probes::cuda
