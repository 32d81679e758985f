#pragma once
// The reductions, as every kernel that reduces a vector names them: the reduce family's
// operations, the block reduction it shares with the CPU scan's reduce pass
// (kernels/cpu/block_reduce_isa.hpp).
#include <array>
#include <limits>
#include <string_view>

namespace kernels {

enum class ReduceOp {
  sum,  // Σ x[i]
  dot,  // Σ x[i]·y[i]
  max,  // max x[i]: exact in any order; of no elements, the lowest finite value (CUB's)
};

inline constexpr std::array kReduceOps = {ReduceOp::sum, ReduceOp::dot, ReduceOp::max};

std::string_view to_string(ReduceOp op);  // "sum", "dot", "max"

constexpr int reduce_inputs(ReduceOp op) { return op == ReduceOp::dot ? 2 : 1; }

// What a reduction of no elements gives, and so what every partial starts from: 0, or for max
// the lowest finite value of T (as CUB's DeviceReduce::Max gives).
template <class T>
constexpr T reduce_identity(ReduceOp op) {
  return op == ReduceOp::max ? std::numeric_limits<T>::lowest() : T{};
}

}  // namespace kernels
