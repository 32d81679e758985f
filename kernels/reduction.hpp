#pragma once
// The reductions, as every kernel that reduces a vector names them: the reduce family's
// operations, the block reduction it shares with the CPU scan's reduce pass
// (kernels/cpu/block_reduce_isa.hpp).
#include <array>
#include <string_view>

namespace kernels {

enum class ReduceOp {
  sum,  // Σ x[i]
  dot,  // Σ x[i]·y[i]
};

inline constexpr std::array kReduceOps = {ReduceOp::sum, ReduceOp::dot};

std::string_view to_string(ReduceOp op);  // "sum", "dot"

constexpr int reduce_inputs(ReduceOp op) { return op == ReduceOp::dot ? 2 : 1; }

}  // namespace kernels
