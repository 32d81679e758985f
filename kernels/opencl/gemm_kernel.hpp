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
  naive,           // one entry per work-item, A and B read from global memory
  tiled,           // the CUDA samples' local-memory tiles, tile × tile work-items
  register_tiled,  // rows × cols entries per work-item in registers, no local memory
  clblast,         // CLBlastSgemm / CLBlastDgemm
};

// One rung: its technique and shape (a parameter of the one kernel, passed as build defines).
struct GemmClConfig {
  GemmClTechnique technique = GemmClTechnique::naive;
  int tile = 16;                   // tiled: the work-group and each local tile is tile × tile
  int rows = 4, cols = 4;          // register_tiled: entries per work-item
  int group_x = 16, group_y = 16;  // naive, register_tiled: the work-group
};

std::string_view to_string(GemmClTechnique t);

// "naive", "tiled_16", "register_8x4", "clblast".
std::string gemm_variant_name(const GemmClConfig& c);

// The ladder: naive; tiled 16 and 32; register-tiled 4×4 and 8×4 (16×16 work-items, blocks of
// 64×64 and 128×64 entries of X); CLBlast.
std::vector<GemmClConfig> gemm_cl_ladder();

// Why the device cannot run c (a work-group larger than it allows), or none.
std::optional<std::string> gemm_unsupported(const GemmClConfig& c, std::size_t max_group);

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
