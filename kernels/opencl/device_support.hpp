#pragma once
// What an OpenCL device offers beyond OpenCL C 1.2, from its queries.
// Device-free, as the plans that include it are: the query takes the device declared here.
#include <string>

namespace cl {
class Device;  // <CL/opencl.hpp>, through kernels/opencl/cl.hpp
}  // namespace cl

namespace kernels::opencl {

// What a device offers the kernels that need more than OpenCL C 1.2 (the reduce and scan ladders,
// the stream cases' cache-global loads), from its queries.
struct DeviceSupport {
  bool fp64 = false;             // cl_khr_fp64
  int c_major = 1, c_minor = 2;  // the highest OpenCL C version the device compiles
  bool sub_groups = false;       // cl_khr_subgroups, or OpenCL C 3.0's __opencl_c_subgroups
  bool float_atomic_add = false, double_atomic_add = false;  // cl_ext_float_atomics, global add
  bool int64_atomics = false;  // cl_khr_int64_base_atomics: a double exchange
  // An NVIDIA device of compute capability 7.0 or later (cl_nv_device_attribute_query): its
  // compiler takes the inline PTX of common.cl's warp collectives (shfl.sync, vote.sync,
  // nanosleep).
  bool nv_ptx_warps = false;
  // OpenCL 2.x memory model at device scope: acquire/release fences and device-scope atomics
  // (CL_DEVICE_ATOMIC_FENCE_CAPABILITIES and _MEMORY_CAPABILITIES; every 2.x device has them).
  bool device_scope_acq_rel = false;
  std::string memory_model;  // what the device reports, for a refusal's message
};

// Throws ClError for a failing query.
DeviceSupport query_device_support(const cl::Device& device);

}  // namespace kernels::opencl
