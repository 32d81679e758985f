#include "probes/cuda/device.hpp"

#include <cuda_runtime_api.h>

#include <cstdio>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/one_buffer_cases.hpp"
#include "kernels/one_buffer.hpp"
#include "kernels/suite.hpp"
#include "probes/cuda/fma_path.hpp"
#include "probes/cuda/tensor_instruction.hpp"
#include "probes/nvidia/architectures.hpp"

namespace probes::cuda {

namespace {

int attribute(cudaDeviceAttr attr, int ordinal, const char* name) {
  int value = 0;
  kernels::cuda::check(cudaDeviceGetAttribute(&value, attr, ordinal), name);
  return value;
}

std::string version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string rate_basis(int sms, double clock_hz, double per_clock, const char* unit,
                       const std::string& arch) {
  char text[200];
  std::snprintf(text, sizeof text, "%d SMs x %.3f GHz x %g %s/clock/SM (%s)", sms, clock_hz / 1e9,
                per_clock, unit, arch.c_str());
  return text;
}

roofline::Device describe(int ordinal) {
  cudaDeviceProp prop{};
  ROOFLAB_CUDA(cudaGetDeviceProperties(&prop, ordinal));
  char pci[32] = {0};
  ROOFLAB_CUDA(cudaDeviceGetPCIBusId(pci, sizeof pci, ordinal));
  int driver = 0, runtime = 0;
  ROOFLAB_CUDA(cudaDriverGetVersion(&driver));
  ROOFLAB_CUDA(cudaRuntimeGetVersion(&runtime));
  // In CUDA 13 clocks and the memory interface are attributes, no longer properties.
  const double clock_hz =
      attribute(cudaDevAttrClockRate, ordinal, "cudaDeviceGetAttribute(cudaDevAttrClockRate)") *
      1e3;
  const double memory_clock_hz = attribute(cudaDevAttrMemoryClockRate, ordinal,
                                           "cudaDeviceGetAttribute(cudaDevAttrMemoryClockRate)") *
                                 1e3;
  const int bus_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, ordinal,
                                 "cudaDeviceGetAttribute(cudaDevAttrGlobalMemoryBusWidth)");

  roofline::Device d;
  d.id = "cuda:" + std::to_string(ordinal);
  d.backend = "cuda";
  d.name = prop.name;
  d.vendor = "NVIDIA";
  d.driver = "CUDA driver " + version_text(driver) + ", runtime " + version_text(runtime);
  d.compute_units = prop.multiProcessorCount;
  d.clock_hz = clock_hz;
  d.memory_bytes = static_cast<double>(prop.totalGlobalMem);
  // The L2 is shared by every SM: one instance covering all of them.
  d.caches.push_back({.level = "L2",
                      .size_bytes = static_cast<double>(prop.l2CacheSize),
                      .instances = 1,
                      .cpus_per_instance = prop.multiProcessorCount});
  d.facts = {{"ordinal", ordinal},
             {"pci_bus_id", pci},
             {"compute_capability", std::to_string(prop.major) + "." + std::to_string(prop.minor)},
             {"sms", prop.multiProcessorCount},
             {"max_threads_per_sm", prop.maxThreadsPerMultiProcessor},
             {"shared_memory_per_sm_bytes", prop.sharedMemPerMultiprocessor},
             {"shared_memory_per_block_optin_bytes", prop.sharedMemPerBlockOptin},
             {"l2_bytes", prop.l2CacheSize},
             {"memory_clock_hz", memory_clock_hz},
             {"memory_bus_width_bits", bus_bits}};
  set_theoretical_peaks(d);
  d.not_offered = kernels::not_offered({{&kernels::kOneBuffer, [ordinal] {
                                           return kernels::cuda::one_buffer_not_offered(ordinal);
                                         }}});
  return d;
}

}  // namespace

roofline::Availability cuda_availability() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess)
    return {.available = false,
            .reason = kernels::cuda::cuda_error_text(status, "cudaGetDeviceCount")};
  if (count == 0) return {.available = false, .reason = "cudaGetDeviceCount found no device"};
  return {.available = true, .reason = ""};
}

std::vector<roofline::Device> describe_cuda_devices() {
  int count = 0;
  ROOFLAB_CUDA(cudaGetDeviceCount(&count));
  std::vector<roofline::Device> devices;
  for (int i = 0; i < count; ++i) devices.push_back(describe(i));
  return devices;
}

void set_theoretical_peaks(roofline::Device& d) {
  d.theoretical_compute.clear();
  d.theoretical_memory.clear();
  const double memory_clock_hz = d.facts.at("memory_clock_hz").get<double>();
  const int bus_bits = d.facts.at("memory_bus_width_bits").get<int>();
  d.theoretical_memory.push_back(
      nvidia::theoretical_dram(bus_bits, memory_clock_hz, "CUDA device attributes"));

  const std::string cc = d.facts.at("compute_capability").get<std::string>();
  const int major = std::stoi(cc), minor = std::stoi(cc.substr(cc.find('.') + 1));
  const nvidia::Architecture* arch = nvidia::ArchitectureTable::embedded().find(major, minor);
  if (!arch) {
    d.facts["architecture"] = "compute capability " + cc +
                              " is not in data/cuda_architectures.json: no theoretical FLOP/s";
    return;
  }
  d.facts["architecture"] = arch->name;
  const int sms = d.compute_units;
  for (const auto& [precision, per_clock] : arch->flop_per_clock_per_sm)
    d.theoretical_compute.push_back(
        {.precision = precision,
         .path = std::string(fma_path(precision)),
         .threads = sms,
         .flops_per_s = nvidia::theoretical_flops(*arch, precision, sms, d.clock_hz),
         .basis = rate_basis(sms, d.clock_hz, per_clock, "FLOP", arch->name)});
  // One entry per instruction path the tensor-core probe measures a precision with here.
  for (const auto& [precision, per_clock] : arch->tensor_flop_per_clock_per_sm)
    for (const TensorShape& s : kTensorShapes)
      if (s.precision == precision && s.runs_on(major * 10 + minor))
        d.theoretical_compute.push_back(
            {.precision = precision,
             .path = std::string(s.path),
             .threads = sms,
             .flops_per_s = nvidia::theoretical_flops(*arch, precision, sms, d.clock_hz),
             .basis = rate_basis(sms, d.clock_hz, per_clock, "FLOP", arch->name + ", dense")});
  d.theoretical_memory.push_back(
      {"shared", sms * d.clock_hz * arch->shared_bytes_per_clock_per_sm,
       rate_basis(sms, d.clock_hz, arch->shared_bytes_per_clock_per_sm, "B", arch->name)});
}

}  // namespace probes::cuda
