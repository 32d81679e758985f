#include "kernels/cpu/reduce.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "kernels/cpu/block_reduce_isa.hpp"
#include "kernels/cpu/openblas.hpp"
#include "kernels/cpu/partition.hpp"
#include "kernels/cpu/team.hpp"

namespace kernels::cpu {
namespace {

// Throws for a call that cannot run; builds no text unless it throws (small calls are timed).
template <class T>
void check(const ReduceCall& call, const T* x, const T* y, std::size_t n) {
  const auto fail = [&](const std::string& why) {
    throw std::invalid_argument("reduce " + std::string(to_string(call.op)) + " " +
                                reduce_variant_name(call) + ": " + why);
  };
  if (call.threads < 1) fail("threads " + std::to_string(call.threads) + " < 1");
  if (call.team && call.technique == ReduceTechnique::openblas)
    fail("OpenBLAS runs its own threads, not a team");
  if (call.technique == ReduceTechnique::simd &&
      std::find(std::begin(kReduceAccumulators), std::end(kReduceAccumulators),
                call.accumulators) == std::end(kReduceAccumulators))
    fail("no kernel with " + std::to_string(call.accumulators) +
         " accumulators (expected 1, 2, 4 or 8)");
  if (call.technique != ReduceTechnique::openblas && !cpu_supports(call.isa))
    fail("this CPU lacks " + std::string(to_string(call.isa)));
  if (n > 0 && (!x || (call.op == ReduceOp::dot && !y))) fail("an array it reads is null");
}

// Each thread reduces its contiguous block with `block`; the partials are combined in thread
// order.
template <class T, class Block>
T in_blocks(const ReduceCall& call, const T* x, const T* y, std::size_t n, Block block) {
  if (call.threads == 1) return block(x, y, n);  // no fork and join for one thread
  // Kept from call to call: allocating the cache-line-aligned partials on every call made 2-thread
  // calls of 8 K elements 1.16-1.42x slower. The workers write through the reference: by name,
  // each thread would reach a thread_local of its own.
  thread_local std::vector<Partial<T>> kept;
  // Identities: OpenMP may give fewer threads.
  kept.assign(static_cast<std::size_t>(call.threads), {reduce_identity<T>(call.op)});
  std::vector<Partial<T>>& partials = kept;
  const auto reduce_block = [&](int t, int threads) {
    const Range r = thread_block(x, n, sizeof(T), t, threads);
    partials[static_cast<std::size_t>(t)].value =
        block(x + r.begin, y ? y + r.begin : nullptr, r.end - r.begin);
  };
  if (call.team) {
    auto member = [&](int t) { reduce_block(t, call.threads); };
    Team::of(call.threads).run(member);
  } else {
#pragma omp parallel num_threads(call.threads) proc_bind(close)
    reduce_block(omp_get_thread_num(), omp_get_num_threads());
  }
  T result = reduce_identity<T>(call.op);
  for (const Partial<T>& p : partials)
    result = call.op == ReduceOp::max ? std::max(result, p.value) : wrapping_add(result, p.value);
  return result;
}

template <class T>
T run(const ReduceCall& call, const T* x, const T* y, std::size_t n) {
  check(call, x, y, n);
  if (call.op != ReduceOp::dot) y = nullptr;
  switch (call.technique) {
    case ReduceTechnique::plain: {
      const auto kernel = ROOFLAB_ISA_PICK(call.isa, reduce_block_plain<T>);
      return in_blocks(call, x, y, n, [&](const T* bx, const T* by, std::size_t bn) {
        return kernel(call.op, bx, by, bn);
      });
    }
    case ReduceTechnique::simd: {
      const auto kernel = ROOFLAB_ISA_PICK(call.isa, reduce_block_simd<T>);
      return in_blocks(call, x, y, n, [&](const T* bx, const T* by, std::size_t bn) {
        return kernel(call.op, call.accumulators, bx, by, bn);
      });
    }
    case ReduceTechnique::openblas:
      if constexpr (std::is_integral_v<T>) {
        throw std::invalid_argument("reduce: OpenBLAS has no integer " +
                                    std::string(to_string(call.op)));
      } else {
        return openblas_reduce(call.op, call.threads, x, y, n);
      }
  }
  throw std::invalid_argument("reduce: unknown technique");
}

}  // namespace

std::string_view to_string(ReduceTechnique t) {
  switch (t) {
    case ReduceTechnique::plain:
      return "plain";
    case ReduceTechnique::simd:
      return "simd";
    case ReduceTechnique::openblas:
      return "openblas";
  }
  return "unknown";
}

std::string reduce_variant_name(const ReduceCall& call) {
  std::string threads = "_";  // appended, not `"_" + …`, which trips GCC 12's -Wrestrict
  threads += std::to_string(call.threads) + "t" + (call.team ? "_team" : "");
  switch (call.technique) {
    case ReduceTechnique::plain:
      return "plain" + threads;
    case ReduceTechnique::simd:
      return std::string(to_string(call.isa)) + "_" + std::to_string(call.accumulators) + "acc" +
             threads;
    case ReduceTechnique::openblas:
      return "openblas" + threads;
  }
  return "unknown";
}

float reduce_run(const ReduceCall& call, const float* x, const float* y, std::size_t n) {
  return run(call, x, y, n);
}

double reduce_run(const ReduceCall& call, const double* x, const double* y, std::size_t n) {
  return run(call, x, y, n);
}

std::int32_t reduce_run(const ReduceCall& call, const std::int32_t* x, const std::int32_t* y,
                        std::size_t n) {
  return run(call, x, y, n);
}

}  // namespace kernels::cpu
