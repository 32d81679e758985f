#include "kernels/cpu/openblas.hpp"

#include <cblas.h>

#include <cstdlib>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "kernels/precision_dispatch.hpp"
#include "roofline/affinity.hpp"

namespace kernels::cpu {
namespace {

void prepare(int threads, std::size_t n) {
  if (n > static_cast<std::size_t>(std::numeric_limits<blasint>::max()))
    throw std::invalid_argument("openblas: n " + std::to_string(n) +
                                " exceeds its index type (blasint)");
  openblas_use_threads(threads);
}

}  // namespace

void openblas_use_threads(int threads) {
  if (threads < 1)
    throw std::invalid_argument("openblas: threads " + std::to_string(threads) + " < 1");
  if (openblas_get_num_threads() == threads) return;
  // OpenBLAS starts the workers it lacks here, and they inherit this thread's one core.
  const roofline::PlacesAffinity for_openblas_threads;
  openblas_set_num_threads(threads);
}

float openblas_reduce(ReduceOp op, int threads, const float* x, const float* y, std::size_t n) {
  prepare(threads, n);
  const auto count = static_cast<blasint>(n);
  return op == ReduceOp::dot ? cblas_sdot(count, x, 1, y, 1) : cblas_ssum(count, x, 1);
}

double openblas_reduce(ReduceOp op, int threads, const double* x, const double* y, std::size_t n) {
  prepare(threads, n);
  const auto count = static_cast<blasint>(n);
  return op == ReduceOp::dot ? cblas_ddot(count, x, 1, y, 1) : cblas_dsum(count, x, 1);
}

template <class T>
std::optional<std::string> sum_defect() {
  constexpr std::size_t kCount = 1024;
  std::vector<T> x(kCount);
  double exact = 0;
  for (std::size_t i = 0; i < kCount; ++i) {
    x[i] = static_cast<T>(static_cast<int>(i % 7) - 3) + static_cast<T>(0.25) * (i % 3);
    exact += x[i];
  }
  const T got = openblas_reduce(ReduceOp::sum, 1, x.data(), nullptr, kCount);
  if (got == exact) return std::nullopt;
  std::ostringstream why;
  why << openblas_config() << ": its sum of " << kCount << " multiples of 1/4 is " << got
      << ", exactly " << exact;
  return why.str();
}

std::optional<std::string> openblas_sum_defect(roofline::Precision p) {
  return with_type<float, double>(p, "openblas sum", []<class T>() {
    static const std::optional<std::string> defect = sum_defect<T>();  // checked once per type
    return defect;
  });
}

std::string openblas_config() {
  const char* coretype = std::getenv("OPENBLAS_CORETYPE");
  return openblas_get_config() + (coretype ? std::string(" OPENBLAS_CORETYPE=") + coretype : "");
}

std::string openblas_coretype_for(std::string_view chosen_core, Isa best) {
  if (chosen_core != "Prescott") return "";
#if defined(__x86_64__)
  if (best == Isa::avx512) return "SkylakeX";
  if (best == Isa::avx2) return "Haswell";
#endif
  (void)best;  // "Prescott" is x86's fallback: no other architecture has it
  return "";
}

bool set_openblas_coretype() {
  if (std::getenv("OPENBLAS_CORETYPE") != nullptr) return false;
  const std::string coretype = openblas_coretype_for(openblas_get_corename(), best_isa());
  if (coretype.empty()) return false;
  setenv("OPENBLAS_CORETYPE", coretype.c_str(), 1);
  return true;
}

}  // namespace kernels::cpu
