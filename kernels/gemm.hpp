#pragma once
// The GEMM family, independent of the backend: X = A·B with A m×k, B k×n and X m×n, all
// row-major, in float and double; the work each call declares, and the check of a result
// against a reference computed independently of any variant.
//
// Work. 2·m·n·k FLOPs (m·n·k multiplies and as many adds: the BLAS convention of LAWN 41, one
// accumulation from zero per entry). Compulsory bytes: A and B read once and X written once,
// (m·k + k·n + m·n) elements; with the read-for-ownership of X's lines, m·n more. The working set
// is all three matrices.
//
// Check. Entry (i, j) is a dot of k terms rounded k times in whatever order the variant adds
// them; it is checked against accumulation_tolerance of k products relative to Σ|a_il·b_lj| (see
// kernels/tolerance.hpp: Higham's γ_k for short dots, the probabilistic λ·√k·u bound for long
// ones). The reference accumulates in double for float inputs (products exact, sums 2^29 below
// the float tolerance) and in long double for double inputs (2^11 below it), rows on all host
// threads. Every entry is checked up to kGemmFullCheckEntries entries (2048 × 2048); above, a
// deterministic random sample of kGemmSampledEntries entries (the same for every variant).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/family.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace kernels {

// Run when asked for (--family gemm): its size study sweeps the size of square matrices, a panel
// per shape ("square", or a rectangular shape such as "1024x768*768x512") and element type.
inline constexpr Family kGemm{.name = "gemm",
                              .arrays = 3,  // A, B and X
                              .size_param = "n",
                              .size_label = "matrix size (M = N = K)",
                              .panel_param = "shape"};

// The sizes of one multiplication: A is m×k, B k×n, X m×n.
struct GemmShape {
  std::int64_t m = 0, n = 0, k = 0;
  bool operator==(const GemmShape&) const = default;
};

// "square" for m = n = k; otherwise "MxK*KxN" ("1024x768*768x512"), the size study's panel.
std::string gemm_shape_name(const GemmShape& s);

// The study's rectangular shapes: A 1024×768 · B 768×512 (every backend, its quick suite too),
// and A 3000×5000 · B 5000×4000 (the GPUs' full suite).
inline constexpr GemmShape kGemmRectangle{.m = 1024, .n = 512, .k = 768};
inline constexpr GemmShape kGemmLargeRectangle{.m = 3000, .n = 4000, .k = 5000};

// The study's group-size sweep of the naive and register-tiled GPU kernels: blocks of x × y
// threads (work-items; x along X's columns) of 8 × 8, 16 × 8 and 32 × 32, beside the ladders'
// 16 × 16.
struct GemmGroup {
  int x = 16, y = 16;
  friend constexpr bool operator==(const GemmGroup&, const GemmGroup&) = default;
};
inline constexpr std::array kGemmGroups = {GemmGroup{8, 8}, GemmGroup{16, 8}, GemmGroup{32, 32}};

// The study's largest square, 20000 (GPUs' full suites, for the kernels that finish it in about
// a second per call).
inline constexpr std::size_t kGemmLargestSize = 20000;

inline constexpr std::size_t kGemmFullCheckEntries = std::size_t{2048} * 2048;
inline constexpr std::size_t kGemmSampledEntries = 4096;

// What a variant's loop order and tiling move in all, in units of each whole matrix: A read
// `a_reads` times, B `b_reads` times, X moved `x_moves` times (a write, or a read or a write of
// a partial sum). Each variant states its model where it declares its work.
struct GemmTraffic {
  double a_reads = 1, b_reads = 1, x_moves = 1;
};

// A tiling in which each rows × cols tile of X reads its rows of A and its columns of B in full
// and writes the tile once: A is read ⌈n / cols⌉ times, B ⌈m / rows⌉ times. Throws
// std::invalid_argument for a tile side < 1.
GemmTraffic gemm_tile_traffic(const GemmShape& s, std::int64_t rows, std::int64_t cols);

// The work of one multiplication of shape s in precision p; Work::algorithm_bytes the bytes of
// `traffic` where they exceed the compulsory ones. Throws std::invalid_argument for a negative
// size.
roofline::Work gemm_work(roofline::Precision p, const GemmShape& s,
                         const GemmTraffic& traffic = {});

// Checks x (the variant's m×n result) of a·b, row-major with leading dimensions k, n and n:
// every entry when m·n ≤ kGemmFullCheckEntries, else the sample. max_error is the largest error
// in units of its entry's tolerance (tolerance 1; a NaN counts as infinite); the message names
// how many entries were checked and the first wrong one, what it holds and what it should.
// Throws std::invalid_argument for a negative size or a null matrix that has entries.
template <class T>
roofline::Verification verify_gemm(const GemmShape& s, const T* a, const T* b, const T* x);

// The same check against another tolerance, a fraction of each entry's Σ|a_il·b_lj|: for a
// product computed in lower precision than T (tensor cores), gemm_tensor_tolerance's.
template <class T>
roofline::Verification verify_gemm(const GemmShape& s, const T* a, const T* b, const T* x,
                                   double tolerance);

// B (k × n, row-major) as the transposed-B kernels take it: Bᵀ, n × k row-major.
template <class T>
std::vector<T> gemm_transposed_b(const GemmShape& s, const T* b);

// The tolerance of a product on tensor cores with float accumulation: 2·input_unit + k·2^-22 of
// Σ|terms|. Each product's inputs are rounded with a unit roundoff of input_unit (TF32 2^-10 if
// truncated, 0 for inputs already in bf16) and then multiplied exactly; each of the k sums in float
// may truncate rather than round (2^-23), as tensor cores' accumulators are not specified to round
// to nearest; the sum's share is doubled for margin. For k = 4096: 2^-10 (bf16 inputs) and
// 3·2^-10 (TF32), against 2^-21 that fp32 SIMT kernels are held to (accumulation_tolerance).
double gemm_tensor_tolerance(double input_unit, std::int64_t k);

}  // namespace kernels
