// Rooflab's stream kernels against the plain OpenMP STREAM loop (`omp_plain`) in the same seconds:
// each round times every variant of an operation once, one after another, on the same arrays in
// DRAM. `rooflab run` measures each case's repetitions in a row, so on a host whose DRAM bandwidth
// drifts by 2× over minutes its ratio to omp_plain compares two moments as much as two loops.
// Reported per operation, precision and variant: the median GB/s over the rounds and the median
// (min–max) of the per-round ratios to omp_plain. All threads, pinned, as `rooflab` runs, with the
// variants `rooflab run` gives DRAM arrays (balanced SIMD at every ISA level, ordinary and
// non-temporal stores); every variant is verified before it is timed.
//
// usage: rooflab_paired_stream_bench [--working-set BYTES] [--rounds N]
#include <omp.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "kernels/cpu/buffer.hpp"
#include "kernels/cpu/isa.hpp"
#include "kernels/cpu/stream.hpp"
#include "kernels/cpu/stream_cases.hpp"
#include "kernels/inputs.hpp"
#include "kernels/stream.hpp"
#include "paired_rounds.hpp"
#include "roofline/provenance.hpp"

namespace {

using bench::kPrecisionOf;
using bench::median;
using bench::seconds_of;
using kernels::Store;
using kernels::StreamOp;
using kernels::cpu::StreamCall;
using kernels::cpu::StreamTechnique;

constexpr double kScalar = 3;
constexpr std::uint64_t kSeeds[] = {101, 102, 103};  // in1, in2 and daxpy's initial output

struct Variant {
  std::string name;
  StreamTechnique technique;
  StreamCall call;
};

// One operation's arrays, shared by its variants, and the calls on them.
template <class T>
class SharedArrays {
 public:
  SharedArrays(StreamOp op, std::size_t n, int threads)
      : op_(op), n_(n), threads_(threads), in1_(n), in2_(n), out_(n) {
    kernels::cpu::fill_random(in1_, kSeeds[0], threads, kernels::cpu::Split::blocks);
    kernels::cpu::fill_random(in2_, kSeeds[1], threads, kernels::cpu::Split::blocks);
    kernels::cpu::fill_random(out_, kSeeds[2], threads, kernels::cpu::Split::blocks);
  }

  // One call from known values, checked as the stream family checks its cases.
  roofline::Verification verify(const Variant& v) {
    if (kernels::stream_in_place(op_))
      kernels::cpu::fill_random(out_, kSeeds[2], threads_, kernels::cpu::Split::blocks);
    else
      kernels::cpu::fill_value(out_, std::numeric_limits<T>::quiet_NaN(), threads_,
                               kernels::cpu::Split::blocks);
    const double sum = run(v);
    if (!kernels::stream_stores(op_))
      return kernels::verify_stream_sum<T>(op_, sum, in1_.data(), in2_.data(), n_);
    return kernels::verify_stream_output<T>(
        op_, out_.data(), in1_.data(), in2_.data(), n_, kScalar,
        [](std::size_t i) { return kernels::input_as<T>(kSeeds[2], i); });
  }

  double seconds(const Variant& v) {
    return bench::seconds_of([&] { run(v); });
  }

 private:
  double run(const Variant& v) {
    return v.technique == StreamTechnique::plain
               ? kernels::cpu::stream_plain(v.call, out_.data(), in1_.data(), in2_.data(), n_,
                                            T(kScalar))
               : kernels::cpu::stream_run(v.call, out_.data(), in1_.data(), in2_.data(), n_,
                                          T(kScalar));
  }

  StreamOp op_;
  std::size_t n_;
  int threads_;
  kernels::cpu::Buffer<T> in1_, in2_, out_;
};

// omp_plain first, then the SIMD variants of `rooflab run` for DRAM arrays, at every ISA level
// the CPU has: which vector width streams fastest differs between cores.
std::vector<Variant> variants_of(StreamOp op, int threads) {
  std::vector<Variant> out = {{"omp_plain",
                               StreamTechnique::plain,
                               {.op = op, .threads = threads, .isa = kernels::cpu::best_isa()}}};
  for (kernels::cpu::Isa isa : kernels::cpu::supported_isas()) {
    const std::string simd = "simd_" + std::string(to_string(isa));
    for (Store store : {Store::temporal, Store::nontemporal}) {
      if (store == Store::nontemporal && !kernels::stream_stores(op)) continue;
      out.push_back(
          {store == Store::nontemporal ? simd + "_nt" : simd,
           StreamTechnique::simd,
           {.op = op, .store = store, .threads = threads, .isa = isa, .balanced = threads > 1}});
    }
  }
  return out;
}

// Every operation's variants of precision T in rounds, one table row per variant; false (with
// the message printed) when a variant fails verification.
template <class T>
bool paired_rounds(double working_set, int threads, int rounds) {
  const std::string precision(to_string(kPrecisionOf<T>));
  for (StreamOp op : kernels::kStreamOps) {
    const auto n = static_cast<std::size_t>(working_set / (kernels::stream_arrays(op) * sizeof(T)));
    SharedArrays<T> arrays(op, n, threads);
    const std::vector<Variant> variants = variants_of(op, threads);
    for (const Variant& v : variants) {
      const roofline::Verification check = arrays.verify(v);
      if (!check.passed) {
        std::fprintf(stderr, "FAILED %s %s %s: %s\n", v.name.c_str(),
                     std::string(to_string(op)).c_str(), precision.c_str(), check.message.c_str());
        return false;
      }
    }
    const double bytes =  // as referenced, STREAM's count, whatever the stores
        kernels::stream_work(op, kPrecisionOf<T>, static_cast<std::int64_t>(n), Store::temporal)
            .bytes;
    std::vector<std::vector<double>> seconds(variants.size()), ratios(variants.size());
    for (int round = 0; round < rounds; ++round) {
      for (std::size_t k = 0; k < variants.size(); ++k)
        seconds[k].push_back(arrays.seconds(variants[k]));
      for (std::size_t k = 0; k < variants.size(); ++k)
        ratios[k].push_back(seconds[0].back() / seconds[k].back());
    }
    for (std::size_t k = 0; k < variants.size(); ++k) {
      std::printf("| %s | %s | %s | %.1f | %s |\n", std::string(to_string(op)).c_str(),
                  precision.c_str(), variants[k].name.c_str(), bytes / median(seconds[k]) / 1e9,
                  bench::spread(ratios[k]).c_str());
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  roofline::ensure_pinned_threads(argv);
  CLI::App app{"Rooflab's stream kernels against omp_plain, in paired rounds"};
  bench::PairedOptions options;
  bench::add_paired_options(app, options);
  CLI11_PARSE(app, argc, argv);

  const int threads = omp_get_max_threads();
  std::printf("%d threads, working set %.0f MiB, %d rounds\n\n", threads,
              options.working_set / (1 << 20), options.rounds);
  std::printf(
      "| op | precision | variant | GB/s, median | / omp_plain, per round: median (min–max) "
      "|\n|---|---|---|---|---|\n");
  return paired_rounds<float>(options.working_set, threads, options.rounds) &&
                 paired_rounds<double>(options.working_set, threads, options.rounds)
             ? 0
             : 1;
}
