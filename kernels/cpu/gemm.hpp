#pragma once
// The GEMM family on the CPU (definition in kernels/gemm.hpp): the study's naive triple loop, the
// loop-interchanged form vectorised along X's rows and threaded over them, and OpenBLAS as the
// baseline. The steps are the parameters of GemmCall.
#include <cstddef>
#include <string>
#include <string_view>

#include "kernels/cpu/isa.hpp"
#include "kernels/gemm.hpp"

namespace kernels::cpu {

enum class GemmTechnique {
  // The study's i-j-k loop: each entry a dot of A's row and B's column, accumulated in T; the
  // column is read with a stride of n elements (a cache line per term once B outgrows the cache)
  naive,
  // The i-k-j loop: X's row i += a_ik · B's row k, the inner loop over j unit-stride and
  // vectorised (`omp simd`); OpenMP threads take blocks of rows. B is read once per row of X:
  // from the caches while it fits, from memory beyond
  interchanged,
  // BLIS's structure: for each NC-column block of B and KC-deep slice, B's block packed into
  // NR-column panels (shared by all threads), then each thread packs an MC×KC block of A into
  // MR-row panels and multiplies it with every panel of B by an MR×NR register-blocked
  // micro-kernel (MR × 2 vector accumulators of the ISA level, FMA where it has it). Edges are
  // zero-padded in the panels and stored through a temporary tile: any size is exact
  blocked,
  openblas,  // cblas_sgemm / cblas_dgemm with OpenBLAS's own threads
};

// The micro-tile: kGemmMicroTileRows rows × kGemmMicroTileVectors vectors of the ISA level (AVX2:
// 6×16 floats, 6×8 doubles, BLIS's Haswell/Zen micro-tiles: 12 accumulators + 2 B vectors + 1
// broadcast of the 16 ymm registers). AVX-512 and SSE2 keep the same shape, untuned.
inline constexpr std::size_t kGemmMicroTileRows = 6;
inline constexpr std::size_t kGemmMicroTileVectors = 2;

// The cache blocking, in elements: A's MC×KC block stays in L2, B's KC×NC block in L3, a KC×NR
// panel of B in L1.
struct GemmBlocking {
  std::size_t mc, kc, nc;
};

// BLIS's Haswell configuration (config/haswell/bli_cntx_init_haswell.c, read 2026-11-26; its
// Zen configurations start from it): MR×NR 6×16 / 6×8, MC 144 / 72, KC 256, NC 4080 for float /
// double. A 144×256 float block is 144 KiB of a Zen 3 core's 512 KiB L2; B's 256×4080 block is
// 4 MiB (8 for double) of the 32 MiB L3. Not tuned here.
template <class T>
constexpr GemmBlocking gemm_blocking() {
  return sizeof(T) == 4 ? GemmBlocking{144, 256, 4080} : GemmBlocking{72, 256, 4080};
}

std::string_view to_string(GemmTechnique t);

struct GemmCall {
  GemmTechnique technique = GemmTechnique::interchanged;
  Isa isa = kBaselineIsa;  // the level the kernel is compiled for (openblas: its own choice)
  int threads = 1;         // naive: 1
};

// The blocked kernel's micro-tile at an ISA level: {MR, NR} for elements of `element_bytes`.
struct MicroTile {
  std::size_t mr, nr;
};
MicroTile gemm_micro_tile(Isa isa, std::size_t element_bytes);

// The variant's name, from its parameters: "naive", "interchanged_avx2_2t", "blocked_avx2_2t",
// "openblas_1t".
std::string gemm_variant_name(const GemmCall& call);

// x = a·b for row-major a (m×k), b (k×n) and x (m×n), any sizes (0 included) and alignment; x
// must not overlap a or b. Throws std::invalid_argument for a call that cannot run (threads < 1,
// a naive call on more than one thread, an ISA level this CPU lacks, a negative size, a null
// matrix that has entries, sizes beyond OpenBLAS's index type).
void gemm_run(const GemmCall& call, const GemmShape& s, const float* a, const float* b, float* x);
void gemm_run(const GemmCall& call, const GemmShape& s, const double* a, const double* b,
              double* x);

}  // namespace kernels::cpu
