#include "kernels/cpu/scan_cases.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "kernels/cpu/buffer.hpp"
#include "kernels/cpu/partition.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cpu {
namespace {

// What a verified run's output holds before the scan writes it.
template <class T>
T poison() {
  if constexpr (std::is_integral_v<T>) {
    return std::numeric_limits<T>::min();
  } else {
    return std::numeric_limits<T>::quiet_NaN();
  }
}

template <class T>
class ScanCase final : public roofline::Case {
 public:
  static constexpr std::uint64_t kXSeed = 401;

  ScanCase(roofline::CaseInfo info, const ScanCall& call, std::size_t n)
      : Case(std::move(info)), call_(call), n_(n) {}

  void prepare() override {
    x_.emplace(n_);
    fill_random(*x_, kXSeed, call_.threads, Split::blocks);
    out_.emplace(n_);
    fill_value(*out_, T{}, call_.threads, Split::blocks);
  }

  void run() override { scan_run(call_, x_->data(), out_->data(), n_); }

  roofline::Verification verify() override {
    fill_value(*out_, poison<T>(), call_.threads, Split::blocks);
    run();
    return verify_scan<T>(call_.kind, x_->data(), out_->data(), n_);
  }

  void release() override {
    x_.reset();
    out_.reset();
  }

 private:
  ScanCall call_;
  std::size_t n_;
  std::optional<Buffer<T>> x_, out_;
};

}  // namespace

std::vector<ScanVariant> scan_ladder(int max_threads, std::size_t block_bytes) {
  if (max_threads < 1)
    throw std::invalid_argument("scan: max_threads " + std::to_string(max_threads) + " < 1");
  const Isa best = best_isa();
  std::vector<ScanVariant> ladder;
  for (int unroll : kScanUnrolls)
    ladder.push_back(
        {{.technique = ScanTechnique::plain, .isa = best, .unroll = unroll}, unroll == 1});
  for (ScanKind kind : kScanKinds)
    ladder.push_back({{.kind = kind, .technique = ScanTechnique::std_library, .isa = best}, true});
  for (Isa isa : supported_isas())
    ladder.push_back({{.technique = ScanTechnique::simd, .isa = isa}, isa == best});
  for (Isa isa : supported_isas())
    for (int t : thread_ladder(max_threads))
      if (t > 1)
        for (ScanTechnique technique :
             {ScanTechnique::reduce_then_scan, ScanTechnique::scan_then_fan,
              ScanTechnique::cache_partitioned})
          ladder.push_back(
              {{.technique = technique, .isa = isa, .threads = t, .block_bytes = block_bytes},
               isa == best && t == max_threads});
  return ladder;
}

std::vector<ScanKind> scan_kinds(const ScanCall& call) {
  if (call.technique == ScanTechnique::plain) return {ScanKind::inclusive};
  if (call.technique == ScanTechnique::std_library) return {call.kind};
  return {kScanKinds.begin(), kScanKinds.end()};
}

Store scan_store(const ScanCall& call, bool in_dram) {
  return scan_streams(call.technique) && in_dram ? Store::nontemporal : Store::temporal;
}

std::size_t scan_block_bytes(const roofline::Device& device) {
  for (const roofline::Cache& c : device.caches)
    if (c.level == "L2" && c.size_bytes > 0)
      return static_cast<std::size_t>(c.size_bytes / std::max(c.cpus_per_instance, 1) / 2);
  return 256 << 10;
}

std::unique_ptr<roofline::Case> make_scan_case(const roofline::Device& device, const ScanCall& call,
                                               roofline::Precision p, std::size_t n) {
  nlohmann::json params = {{"n", n},
                           {"kind", to_string(call.kind)},
                           {"technique", to_string(call.technique)},
                           {"isa", to_string(call.isa)},
                           {"threads", call.threads}};
  if (call.technique == ScanTechnique::plain) params["unroll"] = call.unroll;
  if (call.technique == ScanTechnique::std_library)
    params["library"] = "libstdc++ " + std::to_string(_GLIBCXX_RELEASE);
  if (call.technique == ScanTechnique::cache_partitioned) params["block_bytes"] = call.block_bytes;
  if (scan_streams(call.technique)) params["store"] = to_string(call.store);
  roofline::Work work = scan_work(p, static_cast<std::int64_t>(n), scan_passes(call));
  if (call.store == Store::nontemporal) work.bytes_write_allocate = work.bytes;  // no line read
  auto info = roofline::case_info(device, std::move(params), work, call.threads);
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    return std::make_unique<ScanCase<T>>(std::move(info), call, n);
  };
  return with_type<std::int32_t, float, double>(
      p, "scan " + scan_variant_name(call) + " on the CPU", make);
}

}  // namespace kernels::cpu
