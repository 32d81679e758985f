#include "kernels/cpu/nested_saxpy_cases.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>

#include "kernels/cpu/buffer.hpp"
#include "kernels/inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cpu {
namespace {

template <class T>
class NestedSaxpyCase final : public roofline::Case {
 public:
  static constexpr std::uint64_t kXSeed = 201, kYSeed = 202;

  NestedSaxpyCase(roofline::CaseInfo info, const NestedSaxpyCall& call, std::size_t n)
      : Case(std::move(info)), call_(call), n_(n) {}

  void prepare() override {
    x_.emplace(n_);
    y_.emplace(n_);
    fill_random(*x_, kXSeed, call_.threads, Split::blocks);
    fill_random(*y_, kYSeed, call_.threads, Split::blocks);
  }

  void run() override { nested_saxpy_run(call_, y_->data(), x_->data(), n_, T(kNestedSaxpyA)); }

  // y is updated in place by every timed call, so it is reset to its initial values first: a
  // stale or partial result then differs from the reference.
  roofline::Verification verify() override {
    fill_random(*y_, kYSeed, call_.threads, Split::blocks);
    run();
    return verify_nested_saxpy<T>(call_.m, x_->data(), y_->data(), n_, [](std::size_t i) {
      return static_cast<T>(input_value(kYSeed, i));
    });
  }

  void release() override {
    x_.reset();
    y_.reset();
  }

 private:
  NestedSaxpyCall call_;
  std::size_t n_;
  std::optional<Buffer<T>> x_, y_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_nested_saxpy_case(const roofline::Device& device,
                                                       const NestedSaxpyCall& call,
                                                       roofline::Precision p, std::size_t n) {
  const nlohmann::json params = {{"n", n},
                                 {"threads", call.threads},
                                 {"isa", to_string(call.isa)},
                                 {"m", call.m},
                                 {"prefetch", call.prefetch}};
  const roofline::Work work = nested_saxpy_work(p, static_cast<std::int64_t>(n), call.m);
  auto info = roofline::case_info(device, params, work, call.threads);
  return with_type<float, double>(
      p, "nested saxpy on the CPU", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<NestedSaxpyCase<T>>(std::move(info), call, n);
      });
}

std::vector<std::string> nested_saxpy_not_offered() {
  return {
      "fp16 and bf16: the CPU backend has no 16-bit FMA roof to place them under (its FMA "
      "probe and kernels are fp32 and fp64; x86 computes 16-bit FMAs only with AVX512-FP16, "
      "which it does not probe)"};
}

}  // namespace kernels::cpu
