// Two regions of a program on the roofline: a memory-bound triad and a compute-bound chain of
// multiply-adds, each declared with its work and marked over ten passes.
//   ./region_example regions.json && rooflab report machine.json regions.json
#include <cstdio>
#include <roofline/region.hpp>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s regions.json\n", argv[0]);
    return 2;
  }
  constexpr std::size_t n = 1 << 22;  // 3 arrays of 32 MiB: in DRAM on most machines
  std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
  constexpr int kChain = 256;  // multiply-adds per element of the chain
  std::vector<double> x(4096, 0.5);

  rooflab::Regions regions;
  rooflab::Region& triad =
      regions.add("triad", {.flops = 2.0 * n, .bytes = 24.0 * n, .working_set = 24.0 * n});
  rooflab::Region& chain = regions.add(
      "fma_chain",
      {.flops = 2.0 * kChain * x.size(), .bytes = 16.0 * x.size(), .working_set = 8.0 * x.size()});
  for (int pass = 0; pass < 10; ++pass) {
    triad.start();
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    triad.stop();
    chain.start();
    for (double& v : x)
      for (int k = 0; k < kChain; ++k) v = v * 0.999 + 0.001;
    chain.stop();
  }
  regions.write(argv[1]);
  // Uses the results, so that the compiler keeps the loops.
  std::printf("wrote %s (a[1] = %g, x[1] = %g)\n", argv[1], a[1], x[1]);
  return 0;
}
