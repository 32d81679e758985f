// A program of Rooflab's own verified CUDA kernels for `rooflab profile` to count: the first four
// cases of the stream, nested SAXPY, GEMM and reduce families (arrays of 2^26 elements, matrices of
// 1024²), each prepared, verified, then called 20·(i + 1) times, so that a kernel's launch count
// tells which case launched it. Writes each case's identity, declared work and calls to the JSON
// file named by its argument (tests/cuda/profile_gpu_test.cpp compares them with the profile).
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "kernels/cuda/cases.hpp"
#include "probes/cuda/device.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: profile_target CASES.json\n");
    return 2;
  }
  const roofline::Device device = probes::cuda::describe_cuda_devices().at(0);
  nlohmann::json cases = nlohmann::json::array();
  int index = 0;
  for (const auto& [family, size] :
       {std::pair{"stream", 1 << 26}, std::pair{"nested_saxpy", 1 << 26}, std::pair{"gemm", 1024},
        std::pair{"reduce", 1 << 26}}) {
    roofline::RunOptions options;
    options.families = {family};
    options.size = size;
    auto all = kernels::cuda::make_cases(device, options);
    for (std::size_t k = 0; k < all.size() && k < 4; ++k, ++index) {
      roofline::Case& c = *all[k];
      const int calls = 20 * (index + 1);
      c.prepare();
      const roofline::Verification v = c.verify();
      for (int i = 0; i < calls; ++i) c.run();
      c.release();
      const roofline::CaseInfo& info = c.info();
      cases.push_back({{"family", info.family},
                       {"variant", info.variant},
                       {"params", info.params},
                       {"precision", roofline::to_string(info.work.precision)},
                       {"flops", info.work.flops},
                       {"bytes", info.work.bytes},
                       {"bytes_write_allocate", info.work.bytes_write_allocate},
                       {"calls", calls},
                       {"verified", v.passed}});
      std::printf("%s %s %s: %d calls, %s\n", family, c.info().variant.c_str(),
                  c.info().params.dump().c_str(), calls, v.passed ? "verified" : v.message.c_str());
    }
  }
  std::ofstream(argv[1]) << cases.dump(1) << "\n";
  return 0;
}
