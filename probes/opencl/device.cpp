#include "probes/opencl/device.hpp"

#include <CL/cl_ext.h>

#include <cstdio>

#include "kernels/opencl/cases.hpp"
#include "probes/nvidia/architectures.hpp"
#include "probes/nvidia/nvml.hpp"
#include "probes/opencl/nvidia_l2.hpp"

namespace probes::opencl {
namespace {

using kernels::opencl::checked;

// cl_nv_device_attribute_query: where an NVIDIA device sits on the PCI bus.
constexpr cl_device_info kPciBusNv = 0x4008, kPciSlotNv = 0x4009, kPciDomainNv = 0x400A;

std::string device_type(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "GPU";
  if (type & CL_DEVICE_TYPE_CPU) return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

bool has_extension(const std::string& extensions, const std::string& name) {
  return (" " + extensions + " ").find(" " + name + " ") != std::string::npos;
}

// "0000:1b:00.0", as lspci and CUDA print a bus id; empty where the device does not say.
std::string pci_bus_id(const cl::Device& d, const std::string& extensions) {
  if (!has_extension(extensions, "cl_nv_device_attribute_query")) return "";
  cl_uint bus = 0, slot = 0, domain = 0;
  if (clGetDeviceInfo(d(), kPciBusNv, sizeof bus, &bus, nullptr) != CL_SUCCESS ||
      clGetDeviceInfo(d(), kPciSlotNv, sizeof slot, &slot, nullptr) != CL_SUCCESS)
    return "";
  if (clGetDeviceInfo(d(), kPciDomainNv, sizeof domain, &domain, nullptr) != CL_SUCCESS) domain = 0;
  char text[32];
  std::snprintf(text, sizeof text, "%04x:%02x:%02x.0", domain, bus, slot);
  return text;
}

nlohmann::json vector_widths(const cl::Device& d, bool native) {
  if (native)
    return {{"char", d.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR>()},
            {"short", d.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT>()},
            {"int", d.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_INT>()},
            {"long", d.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG>()},
            {"half", d.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF>()},
            {"float", d.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT>()},
            {"double", d.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE>()}};
  return {{"char", d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR>()},
          {"short", d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT>()},
          {"int", d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT>()},
          {"long", d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG>()},
          {"half", d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF>()},
          {"float", d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT>()},
          {"double", d.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE>()}};
}

// The NVIDIA architecture of a device that reports its compute capability
// (cl_nv_device_attribute_query); nullptr for other devices and capabilities the table lacks.
const nvidia::Architecture* nvidia_architecture(const cl::Device& d, const std::string& extensions,
                                                std::string& capability) {
  if (!has_extension(extensions, "cl_nv_device_attribute_query")) return nullptr;
  const cl_uint major = d.getInfo<CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV>(),
                minor = d.getInfo<CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV>();
  capability = std::to_string(major) + "." + std::to_string(minor);
  return nvidia::ArchitectureTable::embedded().find(static_cast<int>(major),
                                                    static_cast<int>(minor));
}

void set_theoretical_peaks(roofline::Device& device, const std::string& type,
                           const nvidia::Architecture* arch) {
  if (!arch) {
    device.facts["architecture"] = nullptr;
    device.facts["theoretical_compute"] =
        type == "CPU"
            ? "unknown: an OpenCL CPU device's FLOP/cycle depend on how its compiler vectorizes "
              "work-items, which no query reports (the native cpu device has the hardware peak)"
            : "unknown: " + device.vendor + " " + device.name +
                  " reports no compute capability found in data/cuda_architectures.json";
    return;
  }
  device.facts["architecture"] = arch->name;
  // NVIDIA's global cache is the SMs' L1, each caching what its own SM reads; a sweep over arrays
  // every SM shares never stays in it (an H200 read 2 MiB at 1 TB/s, a quarter of its HBM rate),
  // so the L2 is the sweep's first level.
  if (const auto l2 = nvidia_l2_bytes(device.name))
    device.caches = {{.level = "L2",
                      .size_bytes = *l2,
                      .instances = 1,
                      .cpus_per_instance = device.compute_units}};
  for (roofline::Precision p : {roofline::Precision::fp32, roofline::Precision::fp64}) {
    const auto per_clock = arch->flop_per_clock_per_sm.find(p);
    if (per_clock == arch->flop_per_clock_per_sm.end()) continue;
    char basis[256];
    std::snprintf(basis, sizeof basis,
                  "%d compute units x %.3f GHz (CL_DEVICE_MAX_CLOCK_FREQUENCY) x %g %s FLOP per "
                  "clock per SM (%s; %s)",
                  device.compute_units, device.clock_hz / 1e9, per_clock->second,
                  std::string(roofline::to_string(p)).c_str(), arch->name.c_str(),
                  arch->source.c_str());
    device.theoretical_compute.push_back(
        {.precision = p,
         .path = "fma",
         .threads = device.compute_units,
         .flops_per_s = nvidia::theoretical_flops(*arch, p, device.compute_units, device.clock_hz),
         .basis = basis});
  }
}

// An NVIDIA device's DRAM peak, from the bus width and memory clock NVML reports for its PCI bus id
// (OpenCL reports neither).
void set_theoretical_dram(roofline::Device& device) {
  const auto bus = device.facts.find("pci_bus_id");
  if (bus == device.facts.end()) return;
  nvidia::NvmlDevice nvml(bus->get<std::string>());
  if (const auto memory = nvml.memory_bus())
    device.theoretical_memory.push_back(nvidia::theoretical_dram(
        static_cast<int>(memory->width_bits), memory->max_clock_hz, "NVML"));
  else
    device.facts["theoretical_memory"] = "unknown: " + nvml.reason();
}

}  // namespace

roofline::Device describe_device(const kernels::opencl::DeviceHandle& handle) {
  return checked([&] {
    const cl::Device& d = handle.device;
    roofline::Device device;
    device.id = handle.id();
    device.backend = "opencl";
    device.name = d.getInfo<CL_DEVICE_NAME>();
    device.vendor = d.getInfo<CL_DEVICE_VENDOR>();
    device.driver = handle.cl_platform.getInfo<CL_PLATFORM_NAME>() + " " +
                    d.getInfo<CL_DRIVER_VERSION>() + " (" + d.getInfo<CL_DEVICE_VERSION>() + ")";
    device.compute_units = static_cast<int>(d.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
    device.clock_hz = d.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>() * 1e6;
    device.memory_bytes = static_cast<double>(d.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>());
    const double cache = static_cast<double>(d.getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>());
    if (cache > 0)
      device.caches.push_back({.level = kGlobalCache,
                               .size_bytes = cache,
                               .instances = 1,
                               .cpus_per_instance = device.compute_units});
    const std::string extensions = d.getInfo<CL_DEVICE_EXTENSIONS>();
    const std::string type = device_type(d.getInfo<CL_DEVICE_TYPE>());
    device.facts = {
        {"platform", handle.cl_platform.getInfo<CL_PLATFORM_NAME>()},
        {"platform_version", handle.cl_platform.getInfo<CL_PLATFORM_VERSION>()},
        {"device_type", type},
        {"opencl_c_version", d.getInfo<CL_DEVICE_OPENCL_C_VERSION>()},
        {"local_memory_bytes", d.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>()},
        {"local_memory_type",
         d.getInfo<CL_DEVICE_LOCAL_MEM_TYPE>() == CL_LOCAL ? "dedicated" : "global"},
        {"max_alloc_bytes", d.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>()},
        {"max_work_group_size", d.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>()},
        {"global_cache_bytes", cache},
        {"global_cache_line_bytes", d.getInfo<CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE>()},
        {"preferred_vector_width", vector_widths(d, false)},
        {"native_vector_width", vector_widths(d, true)},
        {"fp64", has_extension(extensions, "cl_khr_fp64")},
        {"fp16", has_extension(extensions, "cl_khr_fp16")},
    };
    if (const std::string bus = pci_bus_id(d, extensions); !bus.empty())
      device.facts["pci_bus_id"] = bus;
    std::string capability;
    const nvidia::Architecture* arch = nvidia_architecture(d, extensions, capability);
    if (!capability.empty()) device.facts["compute_capability"] = capability;
    set_theoretical_peaks(device, type, arch);
    if (arch) set_theoretical_dram(device);
    device.not_offered = kernels::opencl::not_offered(d, has_extension(extensions, "cl_khr_fp16"));
    return device;
  });
}

}  // namespace probes::opencl
