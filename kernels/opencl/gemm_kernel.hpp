#pragma once
// The GEMM family's OpenCL ladder (gemm.cl) and CLBlast's GEMM, the baseline: each built once
// for its shape and timed by profiling events. Any m, n, k: edges are handled in the kernels.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/gemm.hpp"
#include "kernels/opencl/runtime.hpp"

namespace kernels::opencl {

enum class GemmClTechnique {
  naive,  // one entry per work-item, A and B read from global memory
  // the same reading B transposed (n × k, as a CPU study stores it so that both operands of a dot
  // are read along rows), transposed once before timing
  naive_transposed_b,
  tiled,           // the CUDA samples' local-memory tiles, tile × tile work-items
  register_tiled,  // rows × cols entries per work-item in registers, no local memory
  // block_rows × block_cols of X per work-group from blocks of A and B staged in local memory
  // `depth` deep, rows × cols entries per work-item in registers (2D block tiling)
  block_tiled,
  // the CUDA ladder's warp tiling: block → runs of 32 work-items (warps) of warp_rows ×
  // warp_cols in warp_col_iters × (the rest) sub-tiles → rows × cols per work-item in each; the
  // local blocks double-buffered through registers, A transposed and padded, 16-byte vectors
  warp_tiled,
  clblast,  // CLBlastSgemm / CLBlastDgemm
};

// One rung: its technique and shape (a parameter of the one kernel, passed as build defines).
struct GemmClConfig {
  GemmClTechnique technique = GemmClTechnique::naive;
  int tile = 16;                   // tiled: the work-group and each local tile is tile × tile
  int rows = 4, cols = 4;          // register_tiled, block_tiled: entries per work-item
  int group_x = 16, group_y = 16;  // naive, register_tiled: the work-group
  // block_tiled: X's block per work-group and the depth of the local blocks; its work-group is
  // (block_cols / cols) × (block_rows / rows)
  int block_rows = 64, block_cols = 64, depth = 8;
  // warp_tiled: a warp's tile and its column sub-tiles; elements after each k row of A's
  // transposed local block; block rows per group of the work-groups' walk (0: row by row).
  // Its work-group is (block_rows / warp_rows) · (block_cols / warp_cols) · 32 work-items.
  int warp_rows = 32, warp_cols = 32, warp_col_iters = 1, a_pad = 0, group_rows = 0;
};

// What a device allows a work-group: work-items, and bytes of local memory.
struct GemmClLimits {
  std::size_t max_group = 0, local_bytes = 0;
};
GemmClLimits gemm_cl_limits(const cl::Device& device);

std::string_view to_string(GemmClTechnique t);

// "naive", "naive_transposed_b", "tiled_16", "register_8x4", "block_128x128x8_8x8",
// "warp_128x128x8_w32x64i2_t4x4_pad4_g8", "clblast"; a naive or register-tiled work-group other
// than 16 × 16 follows as "_wg8x8" (x × y).
std::string gemm_variant_name(const GemmClConfig& c);

// The ladder: naive; tiled 16 and 32; register-tiled 4×4 and 8×4 (16×16 work-items, blocks of
// 64×64 and 128×64 entries of X); block-tiled 64×64×8 with 4×4 per work-item and 128×128×8 with
// 8×8 (256 work-items each; the research notes' H100 register-tiled kernels and Boehm's kernel
// 5); warp-tiled shapes of the CUDA ladder (CUTLASS's SM80 SIMT tiles and sm_90's rows); CLBlast.
std::vector<GemmClConfig> gemm_cl_ladder();

// The group-size sweep (kGemmGroups): naive, then register-tiled 4 × 4 and 8 × 4, at each group.
std::vector<GemmClConfig> gemm_cl_group_sweep();

// Why c cannot run in precision p on a device with these limits (a larger work-group or local
// memory, a block that is no multiple of its work-item's tile or of 16-byte vectors), or none.
std::optional<std::string> gemm_unsupported(const GemmClConfig& c, roofline::Precision p,
                                            const GemmClLimits& limits);

// The global loads c's tiling implies (GemmTraffic of a tile of X per work-item or work-group);
// CLBlast: the compulsory bytes.
GemmTraffic gemm_cl_traffic(const GemmClConfig& c, const GemmShape& s);

// One of the ladder's own kernels, built for T and c's shape.
template <class T>
class GemmKernel {
 public:
  // Throws roofline::InputError for a config the device cannot run or a technique that is not
  // one of gemm.cl's, BuildError or ClError for a failing build or call.
  GemmKernel(Runtime& runtime, const GemmClConfig& c, const GemmShape& s);
  // x = a·b; the device seconds of the launch.
  double launch(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& x);

 private:
  Runtime& runtime_;
  cl::Kernel kernel_;
  cl::NDRange global_, local_;
};

// CLBlast's GEMM, row-major, no transposes, α = 1, β = 0; instantiated for float and double.
template <class T>
class ClblastGemm {
 public:
  ClblastGemm(Runtime& runtime, const GemmClConfig& c, const GemmShape& s);
  // The device seconds from a marker enqueued before the call to the end of CLBlast's last
  // kernel (its event). Throws std::runtime_error naming the routine and status when it fails.
  double launch(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& x);

 private:
  Runtime& runtime_;
  GemmShape s_;
};

// "CLBlastSgemm" or "CLBlastDgemm".
const char* clblast_gemm_routine(roofline::Precision p);

}  // namespace kernels::opencl
