#pragma once
// The GEMM family on the CPU (definition in kernels/gemm.hpp): the study's naive triple loop, the
// loop-interchanged form vectorised along X's rows and threaded over them, and OpenBLAS as the
// baseline. The steps are the parameters of GemmCall.
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
  openblas,  // cblas_sgemm / cblas_dgemm with OpenBLAS's own threads
};

std::string_view to_string(GemmTechnique t);

struct GemmCall {
  GemmTechnique technique = GemmTechnique::interchanged;
  Isa isa = Isa::baseline;  // the level the kernel is compiled for (openblas: its own choice)
  int threads = 1;          // naive: 1
};

// The variant's name, from its parameters: "naive", "interchanged_avx2_2t", "openblas_1t".
std::string gemm_variant_name(const GemmCall& call);

// x = a·b for row-major a (m×k), b (k×n) and x (m×n), any sizes (0 included) and alignment; x
// must not overlap a or b. Throws std::invalid_argument for a call that cannot run (threads < 1,
// a naive call on more than one thread, an ISA level this CPU lacks, a negative size, a null
// matrix that has entries, sizes beyond OpenBLAS's index type).
void gemm_run(const GemmCall& call, const GemmShape& s, const float* a, const float* b, float* x);
void gemm_run(const GemmCall& call, const GemmShape& s, const double* a, const double* b,
              double* x);

}  // namespace kernels::cpu
