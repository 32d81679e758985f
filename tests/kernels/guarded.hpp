#pragma once
// Arrays for kernel tests: a view of n elements at a chosen offset from a 64-byte boundary,
// surrounded by guard elements that must survive the kernel untouched.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "kernels/cpu/buffer.hpp"
#include "kernels/inputs.hpp"

namespace kernels::cpu::testing {

template <class T>
class Guarded {
 public:
  static constexpr std::size_t kGuard = 32;
  static constexpr T kGuardValue = T(12345.5);

  Guarded(std::size_t n, std::size_t offset, std::uint64_t seed)
      : buffer_(n + 2 * kGuard + offset),
        view_(buffer_.data() + kGuard + offset),
        n_(n),
        seed_(seed) {
    for (T* p = buffer_.data(); p < view_; ++p) *p = kGuardValue;
    reset();
    for (T* p = view_ + n; p < end(); ++p) *p = kGuardValue;
  }

  T* data() const { return view_; }
  // The view's initial value at i, and all of them restored.
  T initial(std::size_t i) const { return static_cast<T>(input_value(seed_, i)); }
  void reset() const {
    for (std::size_t i = 0; i < n_; ++i) view_[i] = initial(i);
  }
  void poison() const {
    for (std::size_t i = 0; i < n_; ++i) view_[i] = std::nan("");
  }
  // True when no element outside the view changed.
  bool guards_intact() const {
    for (const T* p = buffer_.data(); p < view_; ++p)
      if (*p != kGuardValue) return false;
    for (const T* p = view_ + n_; p < end(); ++p)
      if (*p != kGuardValue) return false;
    return true;
  }

 private:
  T* end() const { return buffer_.data() + buffer_.size(); }

  Buffer<T> buffer_;
  T* view_;
  std::size_t n_;
  std::uint64_t seed_;
};

}  // namespace kernels::cpu::testing
