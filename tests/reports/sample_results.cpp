#include "sample_results.hpp"

#include <cmath>
#include <string>

namespace reports::samples {

using roofline::Precision;

namespace {

roofline::Summary summary_of(double median, double spread, bool unstable = false) {
  roofline::Summary s;
  s.n = 5;
  s.median = s.mean = median;
  s.min = s.ci_low = median * (1 - spread);
  s.max = s.ci_high = median * (1 + spread);
  s.ci_level = 0.95;
  s.cv = unstable ? 0.2 : spread / 2;
  s.unstable = unstable;
  return s;
}

// As the suite's driver stamps it on the nested SAXPY's results (kernels::kNestedSaxpy).
const roofline::SizeStudy kNestedSaxpyStudy{.param = "m", .label = "depth m (FMAs per element)"};

roofline::Result timed(roofline::Result r, double seconds, bool unstable,
                       const roofline::Roofline& roofs) {
  r.verification = {true, 0, 1e-6, "max relative error within tolerance"};
  r.samples.assign(5, seconds);
  r.time = summary_of(seconds, unstable ? 0.3 : 0.01, unstable);
  r.placement = roofs.place(r.work, r.level, seconds);
  return r;
}

}  // namespace

roofline::Device sample_device() {
  roofline::Device d;
  d.id = "cpu";
  d.backend = "cpu";
  d.name = "Sample CPU <2 cores>";
  d.vendor = "Sample";
  d.compute_units = 2;
  d.clock_hz = 3e9;
  d.memory_bytes = 8e9;
  d.caches = {{"L1", 32768, 2, 1}, {"L2", 524288, 2, 1}, {"L3", 33554432, 1, 2}};
  for (const int threads : {1, 2}) {
    const double scale = threads / 2.0;
    d.compute.push_back(
        {Precision::fp64, "scalar", threads, summary_of(8e9 * scale, 0.01), 3e9, "FMA chains"});
    d.compute.push_back(
        {Precision::fp64, "vec256", threads, summary_of(64e9 * scale, 0.01), 3e9, "FMA chains"});
    d.compute.push_back(
        {Precision::fp32, "vec256", threads, summary_of(128e9 * scale, 0.01), 3e9, "FMA chains"});
    const double dram = threads == 1 ? 12e9 : 20e9;
    d.memory.push_back(
        {"L1", "read", threads, summary_of(400e9 * scale, 0.02), 4096, 16384, "plateau"});
    d.memory.push_back(
        {"L2", "read", threads, summary_of(200e9 * scale, 0.02), 131072, 262144, "plateau"});
    d.memory.push_back(
        {"DRAM", "triad", threads, summary_of(dram, 0.02), 268435456, 1073741824, "plateau"});
    for (double ws = 16384; ws <= 268435456; ws *= 4) {
      const double level_bw = ws <= 32768 ? 400e9 : ws <= 524288 ? 200e9 : 20e9;
      d.sweep.push_back({"read",
                         threads,
                         "temporal",
                         ws,
                         {level_bw * scale * 0.99, level_bw * scale, level_bw * scale * 1.01}});
    }
  }
  d.theoretical_compute.push_back(
      {Precision::fp64, "vec256", 2, 68e9, "2 cores x 3 GHz x 16 FLOP/cycle (sample)"});
  d.theoretical_memory.push_back({"DRAM", 25.6e9, "DDR4-3200, 1 channel (sample)"});
  return d;
}

roofline::Results sample_results(const SampleCounts& counts) {
  roofline::Results results;
  results.provenance.version = "0.1.0";
  results.provenance.git_hash = "abcdef123456";
  results.provenance.host = "sample-host";
  results.provenance.threads = 2;
  results.provenance.affinity = {{0}, {1}};
  results.provenance.command = "rooflab run --quick";
  results.machine.provenance = results.provenance;
  results.machine.devices.push_back(sample_device());
  const roofline::Roofline roofs = results.machine.devices[0].roofline();

  const std::int64_t n = 1 << 24;
  for (int i = 0; i < counts.verified; ++i) {
    const int m = 1 << (i % 11);
    const Precision p = i % 2 == 0 ? Precision::fp32 : Precision::fp64;
    const double size = p == Precision::fp32 ? 4 : 8;
    roofline::Result r;
    r.family = "nested_saxpy";
    r.variant = p == Precision::fp32 ? "avx2_8chain" : "avx2_8chain_dp";
    r.backend = "cpu";
    r.device = "cpu";
    r.params = {{"n", n}, {"m", m}, {"isa", "avx2"}};
    r.study = kNestedSaxpyStudy;
    r.work = {p, 2.0 * m * n, 3 * n * size, 3 * n * size, 2 * n * size};
    r.level = "DRAM";
    // 80% of the attainable roof, so efficiencies are known.
    const double attainable = *roofs.attainable(p, "DRAM", r.work.arithmetic_intensity());
    results.results.push_back(timed(r, r.work.flops / (0.8 * attainable), i == 1, roofs));
  }
  for (int i = 0; i < counts.flopless; ++i) {
    roofline::Result r;
    r.family = "stream";
    r.variant = "simd_avx2";
    r.backend = "cpu";
    r.device = "cpu";
    r.params = {{"n", n}, {"op", "copy"}};
    r.study = roofline::SizeStudy{.param = "n", .label = "vector length (elements)", .panel = "op"};
    r.work = {Precision::fp64, 0, 16 * n, 24 * n, 16 * n};
    r.level = "DRAM";
    results.results.push_back(timed(r, 16 * n / 18e9, false, roofs));
  }
  for (int i = 0; i < counts.failed; ++i) {
    roofline::Result r;
    r.family = "nested_saxpy";
    r.variant = "avx2_8chain_wrong";
    r.backend = "cpu";
    r.device = "cpu";
    r.params = {{"n", n}, {"m", 8}};
    r.study = kNestedSaxpyStudy;
    r.work = {Precision::fp32, 16 * n, 12 * n, 12 * n, 8 * n};
    r.level = "DRAM";
    r.verification = {false, 0.5, 1e-6, "mismatch at index 7: got 1.5, want \"2\" <&>"};
    results.results.push_back(r);
  }
  return results;
}

}  // namespace reports::samples
