// A CPU program marked with roofline/region.hpp, as a user writes one: a triad and a sum, each
// pass timed, written to regions.json in the working folder (and, under `rooflab profile -d cpu`,
// to the profile's folder too). With an argument it exits with that code after writing.
#include <cstdlib>
#include <numeric>
#include <roofline/region.hpp>
#include <vector>

int main(int argc, char** argv) {
  const std::size_t n = 1 << 20;
  std::vector<double> a(n, 1.0), b(n, 2.0), c(n, 3.0);
  rooflab::Regions regions;
  rooflab::Region& triad = regions.add(
      "triad", {.flops = 2.0 * n, .bytes = 24.0 * n, .precision = "fp64", .working_set = 24.0 * n});
  rooflab::Region& sum =
      regions.add("sum", {.flops = 1.0 * n, .bytes = 8.0 * n, .working_set = 8.0 * n});
  double total = 0;
  for (int pass = 0; pass < 12; ++pass) {
    triad.start();
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    triad.stop();
    sum.start();
    total += std::accumulate(a.begin(), a.end(), 0.0);
    sum.stop();
  }
  regions.write("regions.json");
  return argc > 1 ? std::atoi(argv[1]) : total > 0 ? 0 : 1;
}
