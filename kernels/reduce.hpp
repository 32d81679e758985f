#pragma once
// The reduce family, independent of the backend: the sum and the maximum of one vector and the
// dot product of two, in float, double and int32; the work each call declares, the sizes of the
// sweep, and the check of a result against a reference computed independently of any variant.
//
// Work. FLOPs follow the BLAS convention (LAWN 41), which is also the stream family's for its
// read and dot: n adds for a sum and 2n (n multiplies, n adds) for a dot, i.e. the operations of
// one accumulation from zero. The exact minimum is n − 1 and 2n − 1; the difference is one
// operation, under 0.1% from the smallest size of the sweep, and a count that does not depend
// on the variant's summation tree lets every variant be compared on the same work. A maximum
// counts its n comparisons (one floating-point or integer min/max instruction each) as the sum
// counts its adds, so the two operators are compared on the same work. Bytes are the
// inputs read once (n or 2n elements); nothing is written.
//
// Integers. int32 results wrap around modulo 2^32, as a 32-bit add does in hardware: modular
// addition and multiplication are associative and commutative, so every summation order gives
// the same bits and the check is exact. The reference accumulates in int64 and is compared
// modulo 2^32; inputs (kernels::input_as) lie in ±[512, 1536), so sums of up to 2^20 elements (and
// dots of up to 910) never wrap and are also the true sum.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kernels/accumulator.hpp"
#include "kernels/family.hpp"
#include "kernels/precision_dispatch.hpp"
#include "kernels/reduction.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace kernels {

// Run when asked for (--family reduce): its size study sweeps the vector length n from L1 to DRAM,
// a panel per operation (sum, dot) and element type; the GPU backends' launch sweep is a heat map
// of threads per block × items per thread.
inline constexpr Family kReduce{.name = "reduce",
                                .size_param = "n",
                                .size_label = "vector length (elements)",
                                .panel_param = "op",
                                .sweep_rows = "threads_per_block",
                                .sweep_columns = "items_per_thread"};

roofline::Work reduce_work(ReduceOp op, roofline::Precision p, std::int64_t n);

// Checks `result` of op over x (and y for a dot) against the reference: a long-double sum of
// the terms for float and double (float products are exact in it; a double product is rounded
// to 64 bits, 2^11 times below the double tolerance), an int64 sum compared modulo 2^32 for
// int32. max_error is |result − reference| / Σ|terms| (0 for n = 0), or the absolute difference
// for int32. A maximum is exact: compared for equality with the largest element.
template <class T>
roofline::Verification verify_reduce(ReduceOp op, T result, const T* x, const T* y, std::size_t n);

// verify_reduce of two launches in a row on the same inputs: the second result must not depend
// on what the first left behind (a one-pass variant's result or ticket). The message says which.
template <class T>
roofline::Verification verify_reduce_twice(ReduceOp op, T first, T second, const T* x, const T* y,
                                           std::size_t n);

// The steps of the GPU ladders (CUDA and OpenCL) that both languages have. How a block's
// combination of its threads' sums (its block reduce) differs by backend.

// Which elements of a tile a thread (work-item) loads (CUB's BLOCK_LOAD_DIRECT vs _STRIPED).
enum class BlockLoad {
  striped,  // load i of thread t: vector i·threads + t of the tile; a warp's load is contiguous
  blocked,  // load i of thread t: vector t·loads + i; a thread's loads are contiguous
};

enum class LoadWidth {
  element,  // one element per load (4 bytes for float and int32, 8 for double)
  vec16,    // 16-byte vectors (float4, double2, int4)
};

// Whether loads are compared with n (CUB's guarded and unguarded tile loads).
enum class Bounds {
  unchecked,  // full tiles load unchecked; the n % tile elements after them go one per thread
  checked,    // every load of every tile is compared with n (the last tile may be partial)
};

// How the blocks' (work-groups') sums become the result.
enum class PassScheme {
  two_pass,             // each block writes a partial; a second launch of one block sums them
  one_pass_atomic,      // each block atomically adds its sum into the zeroed result
  one_pass_last_block,  // each block writes a partial, fences, takes a ticket; the last one sums
};

// The GPU ladders' sweeps, shared by CUDA and OpenCL. The heat map: threads (work-items) per block
// × items per thread, 1 to 64: one and two single-element loads, then 1 to 16 loads of 16 bytes
// (4 floats), the default shape otherwise. The grid sweep: at most this many blocks per SM (work-
// groups per compute unit), from one to 256 (beyond a block per tile at DRAM lengths).
struct SweepLoads {
  LoadWidth width;
  int loads;
};
inline constexpr SweepLoads kReduceSweepLoads[] = {
    {LoadWidth::element, 1}, {LoadWidth::element, 2}, {LoadWidth::vec16, 1}, {LoadWidth::vec16, 2},
    {LoadWidth::vec16, 4},   {LoadWidth::vec16, 8},   {LoadWidth::vec16, 16}};
inline constexpr int kReduceSweepThreads[] = {32, 64, 128, 256, 512, 1024};
inline constexpr int kReduceGridPerUnit[] = {1, 4, 16, 64, 256};

std::string_view to_string(BlockLoad l);
std::string_view to_string(LoadWidth w);
std::string_view to_string(Bounds b);
std::string_view to_string(PassScheme p);

}  // namespace kernels
