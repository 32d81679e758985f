#pragma once
// The STREAM family, independent of the backend: the operations, the work each call declares, and
// the check of a result against a reference computed in a wider type.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "kernels/element_check.hpp"
#include "kernels/exact.hpp"
#include "kernels/family.hpp"
#include "kernels/store.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace kernels {

// In the default suite. Its size study (time against the length, a panel per operation) sweeps
// the length from 1 K elements to DRAM: on a GPU every 8× (quick) or 2× (full), so that the
// launch cost and the L2-to-DRAM transition show; on a CPU a quick run sizes every case into DRAM
// and a full run sweeps every 2×. The plain OpenMP loop (CPU) and cuBLAS (CUDA) are its baselines.
inline constexpr Family kStream{.name = "stream",
                                .in_default_suite = true,
                                .size_param = "n",
                                .size_label = "vector length (elements)",
                                .panel_param = "op"};

enum class StreamOp {
  read,   // return Σ in1
  dot,    // return Σ in1·in2
  write,  // out = s
  copy,   // out = in1
  scale,  // out = s·in1
  add,    // out = in1 + in2
  triad,  // out = in1 + s·in2
  daxpy,  // out = out + s·in1, in place (likwid-bench's daxpy)
};

inline constexpr std::array kStreamOps = {StreamOp::read,  StreamOp::dot,   StreamOp::write,
                                          StreamOp::copy,  StreamOp::scale, StreamOp::add,
                                          StreamOp::triad, StreamOp::daxpy};

std::string_view to_string(StreamOp op);
// The operation of that name (to_string's), nullopt for none.
std::optional<StreamOp> stream_op_named(std::string_view name);

// Input arrays (in1, in2) read per element; daxpy's output, which it also reads, is not one.
constexpr int stream_inputs(StreamOp op) {
  switch (op) {
    case StreamOp::write:
      return 0;
    case StreamOp::read:
    case StreamOp::copy:
    case StreamOp::scale:
    case StreamOp::daxpy:
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

// Reads its output array before overwriting it (daxpy): the lines are already in cache when
// stored, so a temporal store causes no write-allocate traffic.
constexpr bool stream_in_place(StreamOp op) { return op == StreamOp::daxpy; }

// Arrays in memory: the inputs plus the output (daxpy's counts once, though it moves twice).
constexpr int stream_arrays(StreamOp op) { return stream_inputs(op) + (stream_stores(op) ? 1 : 0); }

// The scalar of pass `pass` (0-based) of a call that makes several passes. daxpy feeds its output
// back as input, so it alternates s, −s, s, …: the values stay within |s·in1| of where the call
// started however many passes it makes (a fixed s would drift by s·in1 per pass; in cache, a call
// makes thousands). Calls of an odd number of passes still drift by s·in1 per call: linearly, so
// the values stay finite and normal. Other operations use s on every pass. A call of one pass
// computes the textbook result, which is what verification checks.
template <class T>
constexpr T stream_pass_scalar(StreamOp op, T s, int pass) {
  return stream_in_place(op) && pass % 2 == 1 ? -s : s;
}
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
    case StreamOp::daxpy:
      return 2;
  }
  return 0;
}

// Work of one pass over n elements per array, counted as referenced (STREAM: daxpy moves 3 arrays,
// reading and writing its output; its working set is 2 arrays). A temporal store
// also reads its output line first (write-allocate); a non-temporal one does not, nor does an
// in-place operation, which has just read the line itself.
roofline::Work stream_work(StreamOp op, roofline::Precision p, std::int64_t n, Store store);

// The tolerance of an element of `op`'s output: γ_k = k·u/(1 − k·u) relative to Σ|terms| (k
// roundings per element, u the unit roundoff), so copy and write must be exact.
template <class T>
double stream_output_tolerance(StreamOp op);

// The verification of `op`'s output of n elements that `check` found (wherever it ran), with
// the element found and its reference at check.first_bad when it failed.
template <class T>
roofline::Verification stream_output_verdict(StreamOp op, std::size_t n, const ElementCheck& check,
                                             T found, const ExactValue& expected);

// Checks every element of `out` against the exact result (kernels/stream_exact.hpp) within
// stream_output_tolerance. `out0` gives the output's values before the call (one pass with
// scalar s); required for an in-place operation (daxpy), ignored otherwise.
template <class T>
roofline::Verification verify_stream_output(StreamOp op, const T* out, const T* in1, const T* in2,
                                            std::size_t n, T s,
                                            const std::function<T(std::size_t)>& out0 = {});

// Checks the sum returned by read or dot against a long-double sum. Any summation order is
// allowed: the tolerance is the probabilistic rounding-error bound λ·√(k·n)·u relative to
// Σ|terms| with λ = 6 (Higham & Mary 2019; exceeded by chance with probability < 1e-7).
template <class T>
roofline::Verification verify_stream_sum(StreamOp op, double sum, const T* in1, const T* in2,
                                         std::size_t n);

// The verification of a sum against the exact one and Σ|terms| (that tolerance), wherever the
// exact sum was computed.
template <class T>
roofline::Verification stream_sum_verdict(StreamOp op, double sum, long double exact,
                                          long double magnitude, std::size_t n);

}  // namespace kernels
