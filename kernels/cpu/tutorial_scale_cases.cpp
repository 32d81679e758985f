#include "kernels/cpu/tutorial_scale_cases.hpp"

#include <cstdint>
#include <limits>
#include <optional>

#include "kernels/cpu/buffer.hpp"
#include "kernels/precision_dispatch.hpp"
#include "kernels/tutorial_scale.hpp"

namespace kernels::cpu {
namespace {

template <class T>
class TutorialScaleCase final : public roofline::Case {
 public:
  static constexpr std::uint64_t kXSeed = 301;

  TutorialScaleCase(roofline::CaseInfo info, int threads, std::size_t n)
      : Case(std::move(info)), threads_(threads), n_(n) {}

  void prepare() override {
    x_.emplace(n_);
    y_.emplace(n_);
    fill_random(*x_, kXSeed, threads_, Split::omp_static);
    fill_value(*y_, T(0), threads_, Split::omp_static);
  }

  void run() override {
    const T a = T(kTutorialScaleA), *x = x_->data();
    T* y = y_->data();
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (std::size_t i = 0; i < n_; ++i) y[i] = a * x[i];
  }

  // y is poisoned first, so an element the call skips fails the check.
  roofline::Verification verify() override {
    fill_value(*y_, std::numeric_limits<T>::quiet_NaN(), threads_, Split::omp_static);
    run();
    return verify_tutorial_scale(x_->data(), y_->data(), n_);
  }

  void release() override {
    x_.reset();
    y_.reset();
  }

 private:
  int threads_;
  std::size_t n_;
  std::optional<Buffer<T>> x_, y_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_tutorial_scale_case(const roofline::Device& device,
                                                         int threads, roofline::Precision p,
                                                         std::size_t n) {
  auto info = roofline::case_info(device, {{"n", n}, {"threads", threads}},
                                  tutorial_scale_work(p, static_cast<std::int64_t>(n)), threads);
  return with_type<float, double>(
      p, "tutorial scale on the CPU", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<TutorialScaleCase<T>>(std::move(info), threads, n);
      });
}

}  // namespace kernels::cpu
