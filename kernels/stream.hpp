#pragma once
// The STREAM family, independent of the backend: the operations, the work each call declares, and
// the check of a result against a reference computed in a wider type.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace kernels {

enum class StreamOp {
  read,   // return Σ in1
  dot,    // return Σ in1·in2
  write,  // out = s
  copy,   // out = in1
  scale,  // out = s·in1
  add,    // out = in1 + in2
  triad,  // out = in1 + s·in2
};

enum class Store {
  temporal,     // ordinary stores (write-allocate)
  nontemporal,  // streaming stores that bypass the caches
};

inline constexpr std::array kStreamOps = {StreamOp::read, StreamOp::dot,   StreamOp::write,
                                          StreamOp::copy, StreamOp::scale, StreamOp::add,
                                          StreamOp::triad};

std::string_view to_string(StreamOp op);
std::string_view to_string(Store store);

// Arrays read per element.
constexpr int stream_inputs(StreamOp op) {
  switch (op) {
    case StreamOp::write:
      return 0;
    case StreamOp::read:
    case StreamOp::copy:
    case StreamOp::scale:
      return 1;
    case StreamOp::dot:
    case StreamOp::add:
    case StreamOp::triad:
      return 2;
  }
  return 0;
}

// Writes an output array (read and dot return a sum instead).
constexpr bool stream_stores(StreamOp op) { return op != StreamOp::read && op != StreamOp::dot; }

// FLOPs per element, which is also the number of roundings in the result.
constexpr int stream_flops(StreamOp op) {
  switch (op) {
    case StreamOp::write:
    case StreamOp::copy:
      return 0;
    case StreamOp::read:
    case StreamOp::scale:
    case StreamOp::add:
      return 1;
    case StreamOp::dot:
    case StreamOp::triad:
      return 2;
  }
  return 0;
}

// Work of one pass over n elements per array, counted as referenced (STREAM). A temporal store
// also reads its output line first (write-allocate); a non-temporal one does not.
roofline::Work stream_work(StreamOp op, roofline::Precision p, std::int64_t n, Store store);

// Checks every element of `out` against the operation evaluated in a wider type (double for
// float, long double for double). The tolerance is
// γ_k = k·u/(1 − k·u) relative to Σ|terms| (k roundings per element, u the unit roundoff), so
// copy and write must be exact.
template <class T>
roofline::Verification verify_stream_output(StreamOp op, const T* out, const T* in1, const T* in2,
                                            std::size_t n, T s);

// Checks the sum returned by read or dot against a long-double sum. Any summation order is
// allowed: the tolerance is the probabilistic rounding-error bound λ·√(k·n)·u relative to
// Σ|terms| with λ = 6 (Higham & Mary 2019; exceeded by chance with probability < 1e-7).
template <class T>
roofline::Verification verify_stream_sum(StreamOp op, double sum, const T* in1, const T* in2,
                                         std::size_t n);

}  // namespace kernels
