#include "kernels/cpu/gemm_cases.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "kernels/cpu/buffer.hpp"
#include "kernels/cpu/openblas.hpp"
#include "kernels/cpu/partition.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cpu {
namespace {

constexpr std::uint64_t kASeed = 501, kBSeed = 502;

template <class T>
class GemmCase final : public roofline::Case {
 public:
  GemmCase(roofline::CaseInfo info, const GemmCall& call, const GemmShape& s)
      : Case(std::move(info)), call_(call), s_(s) {}

  void prepare() override {
    const auto m = static_cast<std::size_t>(s_.m), n = static_cast<std::size_t>(s_.n),
               k = static_cast<std::size_t>(s_.k);
    a_.emplace(m * k);
    fill_random(*a_, kASeed, call_.threads, Split::omp_static);
    b_.emplace(k * n);
    fill_random(*b_, kBSeed, call_.threads, Split::omp_static);
    x_.emplace(m * n);
    fill_value(*x_, T{}, call_.threads, Split::omp_static);
  }

  void run() override { gemm_run(call_, s_, a_->data(), b_->data(), x_->data()); }

  roofline::Verification verify() override {
    fill_value(*x_, std::numeric_limits<T>::quiet_NaN(), call_.threads, Split::omp_static);
    run();
    return verify_gemm<T>(s_, a_->data(), b_->data(), x_->data());
  }

  void release() override {
    a_.reset();
    b_.reset();
    x_.reset();
  }

 private:
  GemmCall call_;
  GemmShape s_;
  std::optional<Buffer<T>> a_, b_, x_;
};

// The squares of the study: the 256 … 8192 (quick: 256, 1024, 4096), cut per variant to
// what it finishes in seconds per call. Each case runs its call about a dozen times (a warm-up,
// the check, 9 samples), and a quick run is to finish in 2 minutes on a 2-core host: there the
// naive loop runs at ~1 GFLOP/s (1024³ fp64: ~2 s per call), the interchanged loop at a few
// GFLOP/s per thread (2048³: ~2-4 s), OpenBLAS near the FMA peak (4096³ fp64 on 2 threads:
// ~1.5 s). 4096 stays in the quick suite for OpenBLAS on all threads only.
const std::vector<std::size_t> kNaiveQuick = {256}, kNaiveFull = {256, 512, 1024};
const std::vector<std::size_t> kInterchangedQuick = {256, 1024},
                               kInterchangedFull = {256, 512, 1024, 2048};
const std::vector<std::size_t> kBlockedQuick = {256, 1024};
const std::vector<std::size_t> kOpenblasFull = {256, 512, 1024, 2048, 4096, 8192};

}  // namespace

GemmTraffic gemm_traffic(const GemmCall& call, roofline::Precision p, const GemmShape& s) {
  switch (call.technique) {
    case GemmTechnique::naive:
    case GemmTechnique::interchanged:
      // Both read A's row i (or X's row i) from L1 while they sweep all of B for it: B is read
      // once per row of X, A and X once.
      return gemm_tile_traffic(s, 1, s.n);
    case GemmTechnique::blocked: {
      // A is packed once per NC-column block of B, B's blocks once each (their packed copies
      // then live in L3 and L1, as sized); X gets one partial sum per KC-deep slice: written
      // ⌈k/KC⌉ times and read back before all but the first.
      const GemmBlocking b =
          p == roofline::Precision::fp32 ? gemm_blocking<float>() : gemm_blocking<double>();
      const auto blocks = [](std::int64_t extent, std::size_t side) {
        return std::max(1.0, std::ceil(static_cast<double>(extent) / static_cast<double>(side)));
      };
      return {.a_reads = blocks(s.n, b.nc), .b_reads = 1, .x_moves = 2 * blocks(s.k, b.kc) - 1};
    }
    case GemmTechnique::openblas:
      break;  // its blocking is its own: the compulsory bytes
  }
  return {};
}

std::vector<GemmVariant> gemm_ladder(int max_threads) {
  if (max_threads < 1)
    throw std::invalid_argument("gemm: max_threads " + std::to_string(max_threads) + " < 1");
  const Isa best = best_isa();
  std::vector<GemmVariant> ladder;
  // The naive loop reads B's columns a cache line per term: 1024x768*768x512 takes it ~2 s
  // per call on a Zen 3 core, so the quick suite leaves it out.
  ladder.push_back(
      {{.technique = GemmTechnique::naive, .isa = best}, true, kNaiveQuick, kNaiveFull, false});
  for (Isa isa : supported_isas())
    for (int t : thread_ladder(max_threads))
      ladder.push_back({{.technique = GemmTechnique::interchanged, .isa = isa, .threads = t},
                        isa == best && t == max_threads,
                        kInterchangedQuick,
                        kInterchangedFull});
  for (Isa isa : supported_isas())
    for (int t : thread_ladder(max_threads))
      ladder.push_back({{.technique = GemmTechnique::blocked, .isa = isa, .threads = t},
                        isa == best && (t == 1 || t == max_threads),
                        kBlockedQuick,
                        kOpenblasFull,
                        true,
                        true});
  std::vector<int> openblas_threads = {1};
  if (max_threads > 1) openblas_threads.push_back(max_threads);
  for (int t : openblas_threads) {
    const std::vector<std::size_t> quick = t == max_threads
                                               ? std::vector<std::size_t>{256, 1024, 4096}
                                               : std::vector<std::size_t>{256, 1024};
    ladder.push_back({{.technique = GemmTechnique::openblas, .threads = t},
                      true,
                      quick,
                      kOpenblasFull,
                      true,
                      true});
  }
  return ladder;
}

std::unique_ptr<roofline::Case> make_gemm_case(const roofline::Device& device, const GemmCall& call,
                                               roofline::Precision p, const GemmShape& s) {
  nlohmann::json params = {{"n", s.n},
                           {"m", s.m},
                           {"k", s.k},
                           {"shape", gemm_shape_name(s)},
                           {"technique", to_string(call.technique)},
                           {"threads", call.threads}};
  if (call.technique == GemmTechnique::openblas) {
    params["library"] = openblas_config();
  } else {
    params["isa"] = to_string(call.isa);
  }
  if (call.technique == GemmTechnique::blocked) {
    const MicroTile tile = gemm_micro_tile(call.isa, static_cast<std::size_t>(size_of(p)));
    const GemmBlocking blocking =
        p == roofline::Precision::fp32 ? gemm_blocking<float>() : gemm_blocking<double>();
    params["mr"] = tile.mr;
    params["nr"] = tile.nr;
    params["mc"] = blocking.mc;
    params["kc"] = blocking.kc;
    params["nc"] = blocking.nc;
  }
  auto info = roofline::case_info(device, std::move(params),
                                  gemm_work(p, s, gemm_traffic(call, p, s)), call.threads);
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    return std::make_unique<GemmCase<T>>(std::move(info), call, s);
  };
  return with_type<float, double>(p, "gemm " + gemm_variant_name(call) + " on the CPU", make);
}

}  // namespace kernels::cpu
