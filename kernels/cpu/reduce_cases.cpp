#include "kernels/cpu/reduce_cases.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "kernels/cpu/buffer.hpp"
#include "kernels/cpu/openblas.hpp"
#include "kernels/cpu/partition.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cpu {
namespace {

template <class T>
class ReduceCase final : public roofline::Case {
 public:
  static constexpr std::uint64_t kXSeed = 301, kYSeed = 302;

  ReduceCase(roofline::CaseInfo info, const ReduceCall& call, std::size_t n)
      : Case(std::move(info)), call_(call), n_(n) {}

  void prepare() override {
    x_.emplace(n_);
    fill_random(*x_, kXSeed, call_.threads, Split::blocks);
    if (call_.op == ReduceOp::dot) {
      y_.emplace(n_);
      fill_random(*y_, kYSeed, call_.threads, Split::blocks);
    }
  }

  void run() override { result_ = reduce_run(call_, x_->data(), y(), n_); }

  roofline::Verification verify() override {
    run();
    return verify_reduce<T>(call_.op, result_, x_->data(), y(), n_);
  }

  void release() override {
    x_.reset();
    y_.reset();
  }

 private:
  const T* y() const { return y_ ? y_->data() : nullptr; }

  ReduceCall call_;
  std::size_t n_;
  std::optional<Buffer<T>> x_, y_;
  T result_{};
};

}  // namespace

std::vector<ReduceVariant> reduce_ladder(int max_threads) {
  if (max_threads < 1)
    throw std::invalid_argument("reduce: max_threads " + std::to_string(max_threads) + " < 1");
  const Isa best = best_isa();
  std::vector<ReduceVariant> ladder;
  ladder.push_back({{.technique = ReduceTechnique::plain, .isa = best, .threads = 1}, true});
  for (Isa isa : supported_isas())
    for (int acc : kReduceAccumulators)
      for (int t : thread_ladder(max_threads)) {
        const bool quick =
            isa == best && ((t == 1 && (acc == 1 || acc == 8)) || (t == max_threads && acc == 8));
        ladder.push_back(
            {{.technique = ReduceTechnique::simd, .isa = isa, .accumulators = acc, .threads = t},
             quick});
      }
  for (Isa isa : supported_isas())
    for (int t : thread_ladder(max_threads))
      if (t > 1)
        ladder.push_back({{.technique = ReduceTechnique::simd,
                           .isa = isa,
                           .accumulators = 8,
                           .threads = t,
                           .team = true},
                          isa == best && t == max_threads});
  for (int t : {1, max_threads}) {
    ladder.push_back({{.technique = ReduceTechnique::openblas, .threads = t}, true});
    if (max_threads == 1) break;
  }
  return ladder;
}

std::vector<roofline::Precision> reduce_precisions(const ReduceCall& call) {
  using roofline::Precision;
  if (call.technique != ReduceTechnique::openblas)
    return {Precision::fp32, Precision::fp64, Precision::int32};
  std::vector<Precision> out;
  if (call.op == ReduceOp::max) return out;  // BLAS has the index of the largest |x[i]| alone
  for (Precision p : {Precision::fp32, Precision::fp64})
    if (call.op == ReduceOp::dot || !openblas_sum_defect(p)) out.push_back(p);
  return out;
}

std::vector<std::string> reduce_not_offered() {
  std::vector<std::string> lines = {
      "openblas max: BLAS has no maximum (i?amax is the index of the largest |x[i]|)"};
  for (roofline::Precision p : {roofline::Precision::fp32, roofline::Precision::fp64})
    if (const auto why = openblas_sum_defect(p))
      lines.push_back("openblas sum " + std::string(to_string(p)) + ": " + *why);
  return lines;
}

std::unique_ptr<roofline::Case> make_reduce_case(const roofline::Device& device,
                                                 const ReduceCall& call, roofline::Precision p,
                                                 std::size_t n) {
  nlohmann::json params = {{"n", n},
                           {"op", to_string(call.op)},
                           {"technique", to_string(call.technique)},
                           {"threads", call.threads}};
  if (call.technique == ReduceTechnique::openblas) {
    params["library"] = openblas_config();
  } else {
    params["isa"] = to_string(call.isa);
  }
  if (call.technique == ReduceTechnique::simd) params["accumulators"] = call.accumulators;
  if (call.team) params["threading"] = "team";
  const roofline::Work work = reduce_work(call.op, p, static_cast<std::int64_t>(n));
  auto info = roofline::case_info(device, std::move(params), work, call.threads);
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    return std::make_unique<ReduceCase<T>>(std::move(info), call, n);
  };
  const std::string what = "reduce " + reduce_variant_name(call) + " on the CPU";
  if (call.technique == ReduceTechnique::openblas) return with_type<float, double>(p, what, make);
  return with_type<float, double, std::int32_t>(p, what, make);
}

}  // namespace kernels::cpu
