#include "kernels/cpu/gemm.hpp"

#include <cblas.h>

#include <array>
#include <limits>
#include <stdexcept>

#include "kernels/cpu/gemm_isa.hpp"
#include "kernels/cpu/openblas.hpp"

namespace kernels::cpu {
namespace {

// Throws for a call that cannot run; builds no text unless it throws (small calls are timed).
template <class T>
void check(const GemmCall& call, const GemmShape& s, const T* a, const T* b, const T* x) {
  const auto fail = [&](const std::string& why) {
    throw std::invalid_argument("gemm " + gemm_variant_name(call) + " " + gemm_shape_name(s) +
                                ": " + why);
  };
  if (call.threads < 1) fail("threads " + std::to_string(call.threads) + " < 1");
  if (call.technique == GemmTechnique::naive && call.threads != 1)
    fail("the naive loop runs on one thread, not " + std::to_string(call.threads));
  if (call.technique != GemmTechnique::openblas && !cpu_supports(call.isa))
    fail("this CPU lacks " + std::string(to_string(call.isa)));
  if (s.m < 0 || s.n < 0 || s.k < 0) fail("a negative size");
  if ((s.m * s.k > 0 && !a) || (s.k * s.n > 0 && !b) || (s.m * s.n > 0 && !x))
    fail("a null matrix that has entries");
  constexpr auto kMaxIndex = std::numeric_limits<blasint>::max();
  if (call.technique == GemmTechnique::openblas &&
      (s.m > kMaxIndex || s.n > kMaxIndex || s.k > kMaxIndex))
    fail("a size beyond OpenBLAS's index type (blasint)");
}

void openblas_gemm(const GemmShape& s, const float* a, const float* b, float* x) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<blasint>(s.m),
              static_cast<blasint>(s.n), static_cast<blasint>(s.k), 1.0f, a,
              static_cast<blasint>(std::max<std::int64_t>(s.k, 1)), b,
              static_cast<blasint>(std::max<std::int64_t>(s.n, 1)), 0.0f, x,
              static_cast<blasint>(std::max<std::int64_t>(s.n, 1)));
}

void openblas_gemm(const GemmShape& s, const double* a, const double* b, double* x) {
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<blasint>(s.m),
              static_cast<blasint>(s.n), static_cast<blasint>(s.k), 1.0, a,
              static_cast<blasint>(std::max<std::int64_t>(s.k, 1)), b,
              static_cast<blasint>(std::max<std::int64_t>(s.n, 1)), 0.0, x,
              static_cast<blasint>(std::max<std::int64_t>(s.n, 1)));
}

template <class T>
void run(const GemmCall& call, const GemmShape& s, const T* a, const T* b, T* x) {
  check(call, s, a, b, x);
  const auto m = static_cast<std::size_t>(s.m), n = static_cast<std::size_t>(s.n),
             k = static_cast<std::size_t>(s.k);
  if (m == 0 || n == 0) return;
  switch (call.technique) {
    case GemmTechnique::naive:
      return ROOFLAB_ISA_PICK(call.isa, gemm_naive<T>)(m, n, k, a, b, x);
    case GemmTechnique::interchanged:
      return ROOFLAB_ISA_PICK(call.isa, gemm_interchanged<T>)(call.threads, m, n, k, a, b, x);
    case GemmTechnique::blocked:
      return ROOFLAB_ISA_PICK(call.isa, gemm_blocked<T>)(call.threads, m, n, k, a, b, x);
    case GemmTechnique::openblas:
      openblas_use_threads(call.threads);
      return openblas_gemm(s, a, b, x);
  }
}

}  // namespace

std::string_view to_string(GemmTechnique t) {
  switch (t) {
    case GemmTechnique::naive:
      return "naive";
    case GemmTechnique::interchanged:
      return "interchanged";
    case GemmTechnique::blocked:
      return "blocked";
    case GemmTechnique::openblas:
      return "openblas";
  }
  return "?";
}

std::string gemm_variant_name(const GemmCall& call) {
  // Appended piece by piece: a chain of operator+ draws a GCC 12 -Wrestrict false positive.
  std::string name(to_string(call.technique));
  if (call.technique == GemmTechnique::naive) return name;
  if (call.technique == GemmTechnique::interchanged || call.technique == GemmTechnique::blocked) {
    name += '_';
    name += to_string(call.isa);
  }
  name += '_';
  name += std::to_string(call.threads);
  name += 't';
  return name;
}

MicroTile gemm_micro_tile(Isa isa, std::size_t element_bytes) {
  return {kGemmMicroTileRows, ROOFLAB_ISA_PICK(isa, gemm_micro_tile_columns)(element_bytes)};
}

void gemm_run(const GemmCall& call, const GemmShape& s, const float* a, const float* b, float* x) {
  run(call, s, a, b, x);
}

void gemm_run(const GemmCall& call, const GemmShape& s, const double* a, const double* b,
              double* x) {
  run(call, s, a, b, x);
}

}  // namespace kernels::cpu
