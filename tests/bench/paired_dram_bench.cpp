// The nested SAXPY's memory-bound depths against the probe's DRAM kernels, measured in rounds:
// each round times every kernel once, one after another, on arrays of the same size. On a host
// whose DRAM bandwidth drifts by 2× over minutes, a roof measured a minute before the kernel says
// little; kernels sampled in turn over the same seconds see the same drift. Reported per depth:
// the faster variant's median rate over the rounds against the fastest probe kernel's median (the
// roof as the probe defines it), and the median of the per-round ratios to that round's fastest
// probe kernel. All threads, pinned, as `rooflab` runs; every kernel is verified before it is
// timed.
//
// usage: rooflab_paired_dram_bench [--working-set BYTES] [--rounds N]
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/cpu/isa.hpp"
#include "kernels/cpu/nested_saxpy_cases.hpp"
#include "probes/cpu/bandwidth.hpp"
#include "probes/cpu/device.hpp"
#include "roofline/provenance.hpp"
#include "roofline/stats.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using kernels::StreamOp;
using kernels::cpu::Isa;

constexpr int kDepths[] = {1, 2, 4, 8, 16};  // memory-bound and near the ridge

double median(const std::vector<double>& v) { return roofline::summarize(v).median; }

// The probe's DRAM kernels: its sweep's cases at one working set past the caches.
std::vector<std::unique_ptr<roofline::Case>> probe_kernels(double working_set, int threads,
                                                           Isa isa) {
  std::vector<std::unique_ptr<roofline::Case>> out;
  for (StreamOp op : probes::cpu::SweepPlan{}.kernels)
    for (const auto& config : probes::cpu::bandwidth_configs(op, threads, working_set, true, isa))
      out.push_back(probes::cpu::make_bandwidth_case(config, "cpu", "DRAM"));
  return out;
}

// Prepares and verifies every case; false (with the message printed) when one fails.
bool prepare_all(std::vector<std::unique_ptr<roofline::Case>>& cases) {
  for (auto& c : cases) {
    c->prepare();
    const roofline::Verification v = c->verify();
    if (!v.passed) {
      std::fprintf(stderr, "FAILED %s %s: %s\n", c->info().variant.c_str(),
                   c->info().params.dump().c_str(), v.message.c_str());
      return false;
    }
  }
  return true;
}

double seconds_of(roofline::Case& c) {
  const Clock::time_point start = Clock::now();
  c.run();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double bytes_per_s(roofline::Case& c) { return c.info().work.bytes / seconds_of(c); }

}  // namespace

int main(int argc, char** argv) {
  roofline::ensure_pinned_threads(argv);
  CLI::App app{"Nested SAXPY against the probe's DRAM kernels, in paired rounds"};
  double working_set = 512.0 * (1 << 20);
  int rounds = 25;
  app.add_option("--working-set", working_set, "Bytes of each kernel's arrays together")
      ->check(CLI::PositiveNumber);
  app.add_option("--rounds", rounds, "Rounds, each timing every kernel once")
      ->check(CLI::Range(1, 10000));
  CLI11_PARSE(app, argc, argv);

  const roofline::Device device = probes::cpu::describe_cpu();
  const int threads = omp_get_max_threads();
  const Isa isa = kernels::cpu::best_isa();
  auto probe = probe_kernels(working_set, threads, isa);
  if (!prepare_all(probe)) return 1;
  std::map<std::string, std::vector<double>> probe_rates;

  std::printf("%d threads, %s, working set %.0f MiB, %d rounds\n\n", threads,
              std::string(to_string(isa)).c_str(), working_set / (1 << 20), rounds);
  std::printf(
      "| precision | m | faster variant | GB/s | / fastest probe kernel | per round: median "
      "(min–max) |\n|---|---|---|---|---|---|\n");
  for (roofline::Precision p : {roofline::Precision::fp32, roofline::Precision::fp64}) {
    const auto n = static_cast<std::size_t>(working_set / (2 * roofline::size_of(p)));
    std::vector<std::unique_ptr<roofline::Case>> nested;
    for (int m : kDepths)
      for (bool prefetch : {false, true}) {
        const kernels::cpu::NestedSaxpyCall call{m, threads, isa, prefetch};
        nested.push_back(kernels::cpu::make_nested_saxpy_case(
            device, kernels::cpu::nested_saxpy_variant_name(call), call, p, n));
      }
    if (!prepare_all(nested)) return 1;
    using Key = std::pair<int, std::string>;  // depth, variant
    std::map<Key, std::vector<double>> rates, ratios;
    for (int round = 0; round < rounds; ++round) {
      double best_probe = 0;
      for (auto& c : probe) {
        const double rate = bytes_per_s(*c);
        probe_rates[c->info().variant].push_back(rate);
        best_probe = std::max(best_probe, rate);
      }
      for (auto& c : nested) {
        const Key key{c->info().params.at("m").get<int>(), c->info().variant};
        rates[key].push_back(bytes_per_s(*c));
        ratios[key].push_back(rates[key].back() / best_probe);
      }
    }
    double roof = 0;
    for (const auto& [name, r] : probe_rates) roof = std::max(roof, median(r));
    for (int m : kDepths) {
      const Key* best = nullptr;  // the faster variant at this depth
      for (const auto& [key, r] : rates)
        if (key.first == m && (!best || median(r) > median(rates[*best]))) best = &key;
      const double rate = median(rates[*best]);
      const std::vector<double>& r = ratios[*best];
      std::printf("| %s | %d | %s | %.1f | %.3f | %.3f (%.3f–%.3f) |\n",
                  std::string(to_string(p)).c_str(), m, best->second.c_str(), rate / 1e9,
                  rate / roof, median(r), *std::min_element(r.begin(), r.end()),
                  *std::max_element(r.begin(), r.end()));
    }
    for (auto& c : nested) c->release();
  }
  std::printf("\n| probe kernel (fp64) | GB/s, median over rounds |\n|---|---|\n");
  for (const auto& [name, rates] : probe_rates)
    std::printf("| %s | %.1f |\n", name.c_str(), median(rates) / 1e9);
  for (auto& c : probe) c->release();
  return 0;
}
