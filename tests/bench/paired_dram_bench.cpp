// The nested SAXPY's memory-bound depths against the probe's DRAM kernels, measured in rounds:
// each round times every kernel once, one after another. On a host whose DRAM bandwidth drifts by
// 2× over minutes, a roof measured a minute before the kernel says little; kernels sampled in turn
// over the same seconds see the same drift. Every variant and depth of a precision runs on the
// same two arrays: on a guest where an array's bandwidth depends on where it landed (with arrays
// per case, one depth's read 0.6 of the roof where its neighbours' read 0.9-1.0, alike in every
// process), variants on arrays of their own would compare placements. Reported per depth and
// variant (the fastest marked): the median rate over the rounds against the fastest probe kernel's
// median (the roof as the probe defines it), and the median of the per-round ratios to that round's
// fastest probe kernel. All threads, pinned, as `rooflab` runs; every kernel is verified before it
// is timed.
//
// usage: rooflab_paired_dram_bench [--working-set BYTES] [--rounds N] [--isa NAME]
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/cpu/buffer.hpp"
#include "kernels/cpu/isa.hpp"
#include "kernels/cpu/nested_saxpy.hpp"
#include "kernels/inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "paired_rounds.hpp"
#include "probes/cpu/bandwidth.hpp"
#include "roofline/provenance.hpp"

namespace {

using bench::kPrecisionOf;
using bench::median;
using bench::seconds_of;
using kernels::StreamOp;
using kernels::cpu::Isa;

constexpr int kDepths[] = {1, 2, 4, 8, 16};  // memory-bound and near the ridge

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

double bytes_per_s(roofline::Case& c) {
  return c.info().work.bytes / seconds_of([&] { c.run(); });
}

// The nested SAXPY's variants of one precision on one pair of arrays (y updated in place).
template <class T>
class NestedOnSharedArrays {
 public:
  NestedOnSharedArrays(std::size_t n, int threads) : x_(n), y_(n), threads_(threads) {
    kernels::cpu::fill_random(x_, kXSeed, threads, kernels::cpu::Split::blocks);
  }

  // Runs the call once on fresh y and checks it against the closed form.
  roofline::Verification verify(const kernels::cpu::NestedSaxpyCall& call) {
    kernels::cpu::fill_random(y_, kYSeed, threads_, kernels::cpu::Split::blocks);
    run(call);
    return kernels::verify_nested_saxpy<T>(
        call.m, x_.data(), y_.data(), x_.size(),
        [](std::size_t i) { return kernels::input_as<T>(kYSeed, i); });
  }

  double bytes_per_s(const kernels::cpu::NestedSaxpyCall& call) {
    const roofline::Work work =
        kernels::nested_saxpy_work(kPrecisionOf<T>, static_cast<std::int64_t>(x_.size()), call.m);
    return work.bytes / seconds_of([&] { run(call); });
  }

 private:
  static constexpr std::uint64_t kXSeed = 201, kYSeed = 202;

  void run(const kernels::cpu::NestedSaxpyCall& call) {
    kernels::cpu::nested_saxpy_run(call, y_.data(), x_.data(), x_.size(),
                                   T(kernels::kNestedSaxpyA));
  }

  kernels::cpu::Buffer<T> x_, y_;
  int threads_;
};

// Every depth and variant of precision T in rounds with the probe's kernels, one table row each;
// false (with the message printed) when a variant fails verification.
template <class T>
bool nested_rounds(double working_set, int threads, Isa isa, int rounds,
                   std::vector<std::unique_ptr<roofline::Case>>& probe,
                   std::map<std::string, std::vector<double>>& probe_rates) {
  NestedOnSharedArrays<T> arrays(static_cast<std::size_t>(working_set / (2 * sizeof(T))), threads);
  std::vector<kernels::cpu::NestedSaxpyCall> calls;
  for (int m : kDepths)
    for (bool prefetch : {false, true}) {
      calls.push_back({m, threads, isa, prefetch});
      const roofline::Verification v = arrays.verify(calls.back());
      if (!v.passed) {
        std::fprintf(stderr, "FAILED %s m=%d: %s\n",
                     kernels::cpu::nested_saxpy_variant_name(calls.back()).c_str(), m,
                     v.message.c_str());
        return false;
      }
    }
  using Key = std::pair<int, std::string>;  // depth, variant
  std::map<Key, std::vector<double>> rates, ratios;
  for (int round = 0; round < rounds; ++round) {
    double best_probe = 0;
    for (auto& c : probe) {
      const double rate = bytes_per_s(*c);
      probe_rates[c->info().variant].push_back(rate);
      best_probe = std::max(best_probe, rate);
    }
    for (const auto& call : calls) {
      const Key key{call.m, kernels::cpu::nested_saxpy_variant_name(call)};
      rates[key].push_back(arrays.bytes_per_s(call));
      ratios[key].push_back(rates[key].back() / best_probe);
    }
  }
  double roof = 0;
  for (const auto& [name, r] : probe_rates) roof = std::max(roof, median(r));
  const std::string precision(to_string(kPrecisionOf<T>));
  for (int m : kDepths) {
    const Key* best = nullptr;  // the fastest variant at this depth
    for (const auto& [key, r] : rates)
      if (key.first == m && (!best || median(r) > median(rates[*best]))) best = &key;
    for (const auto& [key, r] : ratios) {
      if (key.first != m) continue;
      const double rate = median(rates[key]);
      std::printf("| %s | %d | %s | %.1f | %.3f | %s | %s |\n", precision.c_str(), m,
                  key.second.c_str(), rate / 1e9, rate / roof, bench::spread(r).c_str(),
                  key == *best ? "yes" : "");
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  roofline::ensure_pinned_threads(argv);
  CLI::App app{"Nested SAXPY against the probe's DRAM kernels, in paired rounds"};
  bench::PairedOptions options;
  bench::add_paired_options(app, options);
  std::map<std::string, Isa> isas;  // the levels this CPU has, by name
  for (Isa i : kernels::cpu::supported_isas()) isas.emplace(to_string(i), i);
  std::string isa_name(to_string(kernels::cpu::best_isa()));
  app.add_option("--isa", isa_name, "The nested SAXPY's ISA level (default: the best this CPU has)")
      ->check(CLI::IsMember(isas));
  CLI11_PARSE(app, argc, argv);
  const Isa isa = isas.at(isa_name);

  const int threads = omp_get_max_threads();
  auto probe = probe_kernels(options.working_set, threads, kernels::cpu::best_isa());
  if (!prepare_all(probe)) return 1;
  std::map<std::string, std::vector<double>> probe_rates;

  std::printf("%d threads, %s, working set %.0f MiB, %d rounds\n\n", threads,
              std::string(to_string(isa)).c_str(), options.working_set / (1 << 20), options.rounds);
  std::printf(
      "| precision | m | variant | GB/s | / fastest probe kernel | per round: median (min–max) | "
      "fastest |\n|---|---|---|---|---|---|---|\n");
  if (!nested_rounds<float>(options.working_set, threads, isa, options.rounds, probe,
                            probe_rates) ||
      !nested_rounds<double>(options.working_set, threads, isa, options.rounds, probe, probe_rates))
    return 1;
  std::printf("\n| probe kernel (fp64) | GB/s, median over rounds |\n|---|---|\n");
  for (const auto& [name, rates] : probe_rates)
    std::printf("| %s | %.1f |\n", name.c_str(), median(rates) / 1e9);
  for (auto& c : probe) c->release();
  return 0;
}
