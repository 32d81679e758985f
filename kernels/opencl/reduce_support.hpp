#pragma once
// What an OpenCL device offers the reduce ladder (ReduceSupport), from its queries.
#include "kernels/opencl/cl.hpp"
#include "kernels/opencl/reduce_plan.hpp"

namespace kernels::opencl {

// Throws ClError for a failing query.
ReduceSupport query_reduce_support(const cl::Device& device);

}  // namespace kernels::opencl
