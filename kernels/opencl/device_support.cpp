#include "kernels/opencl/device_support.hpp"

#include <cstdio>

#include "kernels/opencl/cl.hpp"

namespace kernels::opencl {
namespace {

// cl_ext_float_atomics (not in the Debian 12 headers): the capability queries and the add bit.
constexpr cl_device_info kSingleFpAtomicCapabilities = 0x4231, kDoubleFpAtomicCapabilities = 0x4232;
constexpr cl_bitfield kGlobalFpAtomicAdd = 1 << 1;

bool has_extension(const std::string& extensions, const std::string& name) {
  return (" " + extensions + " ").find(" " + name + " ") != std::string::npos;
}

bool has_global_add(const cl::Device& d, cl_device_info query) {
  cl_bitfield capabilities = 0;
  return clGetDeviceInfo(d(), query, sizeof capabilities, &capabilities, nullptr) == CL_SUCCESS &&
         (capabilities & kGlobalFpAtomicAdd);
}

std::string capability_names(cl_device_atomic_capabilities c) {
  std::string out;
  const auto add = [&](cl_device_atomic_capabilities bit, const char* name) {
    if (c & bit) out += (out.empty() ? "" : ", ") + std::string(name);
  };
  add(CL_DEVICE_ATOMIC_ORDER_RELAXED, "relaxed");
  add(CL_DEVICE_ATOMIC_ORDER_ACQ_REL, "acq_rel");
  add(CL_DEVICE_ATOMIC_ORDER_SEQ_CST, "seq_cst");
  add(CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM, "work-item scope");
  add(CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP, "work-group scope");
  add(CL_DEVICE_ATOMIC_SCOPE_DEVICE, "device scope");
  add(CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES, "all-devices scope");
  return out.empty() ? "none" : out;
}

}  // namespace

DeviceSupport query_device_support(const cl::Device& d) {
  return checked([&] {
    DeviceSupport s;
    const std::string extensions = d.getInfo<CL_DEVICE_EXTENSIONS>();
    s.fp64 = has_extension(extensions, "cl_khr_fp64");
    s.int64_atomics = has_extension(extensions, "cl_khr_int64_base_atomics");
    if (has_extension(extensions, "cl_ext_float_atomics")) {
      s.float_atomic_add = has_global_add(d, kSingleFpAtomicCapabilities);
      s.double_atomic_add = s.fp64 && has_global_add(d, kDoubleFpAtomicCapabilities);
    }
    // "OpenCL C 1.2 PoCL": the version the device compiles by default.
    std::sscanf(d.getInfo<CL_DEVICE_OPENCL_C_VERSION>().c_str(), "OpenCL C %d.%d", &s.c_major,
                &s.c_minor);
    const std::string version = d.getInfo<CL_DEVICE_VERSION>();  // "OpenCL 3.0 ..."
    int major = 1, minor = 2;
    std::sscanf(version.c_str(), "OpenCL %d.%d", &major, &minor);
    bool c3_subgroups = false;
    if (major >= 3) {
      // A 3.0 device lists its OpenCL C versions and optional features; the 2.x memory model at
      // device scope is optional there, reported by the capability queries.
      for (const cl_name_version& v : d.getInfo<CL_DEVICE_OPENCL_C_ALL_VERSIONS>())
        if (CL_VERSION_MAJOR(v.version) > static_cast<cl_uint>(s.c_major)) {
          s.c_major = static_cast<int>(CL_VERSION_MAJOR(v.version));
          s.c_minor = static_cast<int>(CL_VERSION_MINOR(v.version));
        }
      for (const cl_name_version& f : d.getInfo<CL_DEVICE_OPENCL_C_FEATURES>())
        if (std::string(f.name) == "__opencl_c_subgroups") c3_subgroups = true;
      const auto memory = d.getInfo<CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES>();
      const auto fence = d.getInfo<CL_DEVICE_ATOMIC_FENCE_CAPABILITIES>();
      const cl_device_atomic_capabilities needed =
          CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_SCOPE_DEVICE;
      s.device_scope_acq_rel =
          s.c_major >= 2 && (memory & CL_DEVICE_ATOMIC_SCOPE_DEVICE) && (fence & needed) == needed;
      s.memory_model = "OpenCL C " + std::to_string(s.c_major) + "." + std::to_string(s.c_minor) +
                       "; atomic memory capabilities: " + capability_names(memory) +
                       "; atomic fence capabilities: " + capability_names(fence);
    } else {
      // OpenCL 2.x requires the whole memory model; 1.x has none of it.
      s.device_scope_acq_rel = major == 2;
      s.memory_model = version;
    }
    s.sub_groups = has_extension(extensions, "cl_khr_subgroups") || c3_subgroups;
    s.nv_ptx_warps = has_extension(extensions, "cl_nv_device_attribute_query") &&
                     d.getInfo<CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV>() >= 7;
    return s;
  });
}

}  // namespace kernels::opencl
