#include "kernels/opencl/gemm_kernel.hpp"

#include <limits>
#include <utility>

#include "kernels/opencl/case.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace rooflab_embedded {
extern const std::string_view gemm_cl;
}

namespace kernels::opencl {
namespace {

std::size_t round_up(std::int64_t v, std::size_t to) {
  return (static_cast<std::size_t>(v) + to - 1) / to * to;
}

// warp_tiled's work-items per work-group: 32 per warp tile of the block.
int warp_threads(const GemmClConfig& c) {
  return c.block_rows / c.warp_rows * (c.block_cols / c.warp_cols) * 32;
}

// 16-byte vectors: the width warp_tiled reads fragments from local memory in, and loads and
// stores global memory in where rows start on 16 bytes.
int vector_elements(roofline::Precision p) { return 16 / roofline::size_of(p); }

// Why warp_tiled's shape c cannot be tiled in vectors of v elements, or none.
std::optional<std::string> warp_tiling_error(const GemmClConfig& c, int v) {
  if (c.warp_rows < 1 || c.warp_cols < 1 || c.warp_col_iters < 1 || c.a_pad < 0 ||
      c.group_rows < 0 || c.block_rows % c.warp_rows != 0 || c.block_cols % c.warp_cols != 0 ||
      c.warp_cols % c.warp_col_iters != 0)
    return "warps of " + std::to_string(c.warp_rows) + "x" + std::to_string(c.warp_cols) + " in " +
           std::to_string(c.warp_col_iters) + " column sub-tiles that do not tile the block";
  const int lane_tiles = 32 * c.rows * c.cols * c.warp_col_iters;
  const int row_iters = c.warp_rows * c.warp_cols / lane_tiles;
  if (c.warp_rows * c.warp_cols % lane_tiles != 0 || row_iters < 1 ||
      c.warp_rows % row_iters != 0 || c.warp_rows / row_iters % c.rows != 0 ||
      c.warp_cols / c.warp_col_iters % c.cols != 0)
    return "a warp tile of " + std::to_string(c.warp_rows) + "x" + std::to_string(c.warp_cols) +
           " that 32 work-items of " + std::to_string(c.rows) + "x" + std::to_string(c.cols) +
           " do not cover";
  const int threads = warp_threads(c);
  if (c.rows % v != 0 || c.cols % v != 0 || c.depth % v != 0 || (c.block_rows + c.a_pad) % v != 0 ||
      c.block_rows * c.depth % (v * threads) != 0 || c.depth * c.block_cols % (v * threads) != 0)
    return "tiles that " + std::to_string(threads) + " work-items cannot load in vectors of " +
           std::to_string(v) + " elements";
  return std::nullopt;
}

// The work-group's size and the entries of X one work-group covers, as (columns, rows).
struct Cover {
  std::size_t group_x, group_y, cols, rows;
};

Cover cover(const GemmClConfig& c) {
  const auto gx = static_cast<std::size_t>(c.group_x), gy = static_cast<std::size_t>(c.group_y);
  switch (c.technique) {
    case GemmClTechnique::tiled: {
      const auto t = static_cast<std::size_t>(c.tile);
      return {t, t, t, t};
    }
    case GemmClTechnique::register_tiled:
      return {gx, gy, gx * static_cast<std::size_t>(c.cols), gy * static_cast<std::size_t>(c.rows)};
    case GemmClTechnique::block_tiled:
      return {static_cast<std::size_t>(c.block_cols / c.cols),
              static_cast<std::size_t>(c.block_rows / c.rows),
              static_cast<std::size_t>(c.block_cols), static_cast<std::size_t>(c.block_rows)};
    case GemmClTechnique::warp_tiled:
      return {static_cast<std::size_t>(warp_threads(c)), 1, static_cast<std::size_t>(c.block_cols),
              static_cast<std::size_t>(c.block_rows)};
    default:
      return {gx, gy, gx, gy};
  }
}

// A warp_tiled rung of the CUDA ladder's shapes (kernels/cuda/gemm_plan.hpp), with A padded by
// 4 and groups of 8 block rows as there.
GemmClConfig warp(int bm, int bn, int bk, int wm, int wn, int wn_iter, int tm, int tn) {
  return {.technique = GemmClTechnique::warp_tiled,
          .rows = tm,
          .cols = tn,
          .block_rows = bm,
          .block_cols = bn,
          .depth = bk,
          .warp_rows = wm,
          .warp_cols = wn,
          .warp_col_iters = wn_iter,
          .a_pad = 4,
          .group_rows = 8};
}
}  // namespace

std::string_view to_string(GemmClTechnique t) {
  switch (t) {
    case GemmClTechnique::naive:
      return "naive";
    case GemmClTechnique::naive_transposed_b:
      return "naive_transposed_b";
    case GemmClTechnique::tiled:
      return "tiled";
    case GemmClTechnique::register_tiled:
      return "register_tiled";
    case GemmClTechnique::block_tiled:
      return "block_tiled";
    case GemmClTechnique::warp_tiled:
      return "warp_tiled";
    case GemmClTechnique::clblast:
      return "clblast";
  }
  return "?";
}

std::string gemm_variant_name(const GemmClConfig& c) {
  const std::string group =
      c.group_x == 16 && c.group_y == 16
          ? ""
          : "_wg" + std::to_string(c.group_x) + "x" + std::to_string(c.group_y);
  switch (c.technique) {
    case GemmClTechnique::naive:
      return "naive" + group;
    case GemmClTechnique::naive_transposed_b:
      return "naive_transposed_b";
    case GemmClTechnique::tiled:
      return "tiled_" + std::to_string(c.tile);
    case GemmClTechnique::register_tiled:
      return "register_" + std::to_string(c.rows) + "x" + std::to_string(c.cols) + group;
    case GemmClTechnique::block_tiled:
      return "block_" + std::to_string(c.block_rows) + "x" + std::to_string(c.block_cols) + "x" +
             std::to_string(c.depth) + "_" + std::to_string(c.rows) + "x" + std::to_string(c.cols);
    case GemmClTechnique::warp_tiled:
      return "warp_" + std::to_string(c.block_rows) + "x" + std::to_string(c.block_cols) + "x" +
             std::to_string(c.depth) + "_w" + std::to_string(c.warp_rows) + "x" +
             std::to_string(c.warp_cols) + "i" + std::to_string(c.warp_col_iters) + "_t" +
             std::to_string(c.rows) + "x" + std::to_string(c.cols) +
             (c.a_pad > 0 ? "_pad" + std::to_string(c.a_pad) : "") +
             (c.group_rows > 0 ? "_g" + std::to_string(c.group_rows) : "");
    case GemmClTechnique::clblast:
      return "clblast";
  }
  return "?";
}

GemmClLimits gemm_cl_limits(const cl::Device& device) {
  return checked([&] {
    return GemmClLimits{.max_group = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>(),
                        .local_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>()};
  });
}

std::vector<GemmClConfig> gemm_cl_ladder() {
  using enum GemmClTechnique;
  return {{.technique = naive},
          {.technique = naive_transposed_b},
          {.technique = tiled, .tile = 16},
          {.technique = tiled, .tile = 32},
          {.technique = register_tiled, .rows = 4, .cols = 4},
          {.technique = register_tiled, .rows = 8, .cols = 4},
          {.technique = block_tiled, .rows = 4, .cols = 4},
          {.technique = block_tiled, .rows = 8, .cols = 8, .block_rows = 128, .block_cols = 128},
          warp(128, 128, 8, 32, 64, 2, 4, 4),
          warp(128, 128, 16, 64, 64, 2, 8, 4),
          warp(64, 128, 16, 32, 64, 2, 4, 4),
          warp(64, 64, 16, 32, 32, 1, 4, 4),
          warp(64, 64, 8, 32, 32, 1, 4, 4),
          {.technique = clblast}};
}

std::vector<GemmClConfig> gemm_cl_group_sweep() {
  using enum GemmClTechnique;
  std::vector<GemmClConfig> out;
  for (const GemmGroup& g : kGemmGroups) {
    out.push_back({.technique = naive, .group_x = g.x, .group_y = g.y});
    for (const auto& [rows, cols] : {std::pair{4, 4}, std::pair{8, 4}})
      out.push_back({.technique = register_tiled,
                     .rows = rows,
                     .cols = cols,
                     .group_x = g.x,
                     .group_y = g.y});
  }
  return out;
}

std::optional<std::string> gemm_unsupported(const GemmClConfig& c, roofline::Precision p,
                                            const GemmClLimits& limits) {
  if (c.technique == GemmClTechnique::clblast) return std::nullopt;
  const bool tiled =
      c.technique == GemmClTechnique::block_tiled || c.technique == GemmClTechnique::warp_tiled;
  if (tiled && (c.rows < 1 || c.cols < 1 || c.depth < 1 || c.block_rows % c.rows != 0 ||
                c.block_cols % c.cols != 0))
    return "a block of " + std::to_string(c.block_rows) + "x" + std::to_string(c.block_cols) +
           " that is no multiple of the work-item's tile " + std::to_string(c.rows) + "x" +
           std::to_string(c.cols);
  if (c.technique == GemmClTechnique::warp_tiled) {
    if (auto why = warp_tiling_error(c, vector_elements(p))) return why;
    // Two buffers of A's padded block and B's.
    const std::size_t local = 2 * static_cast<std::size_t>(c.depth) *
                              (c.block_rows + c.a_pad + c.block_cols) *
                              static_cast<std::size_t>(roofline::size_of(p));
    if (local > limits.local_bytes)
      return std::to_string(local) + " bytes of local memory in " +
             std::string(roofline::to_string(p)) + ", the device has " +
             std::to_string(limits.local_bytes);
  }
  const Cover v = cover(c);
  if (v.group_x * v.group_y > limits.max_group)
    return "a work-group of " + std::to_string(v.group_x) + "x" + std::to_string(v.group_y) +
           " work-items, the device allows " + std::to_string(limits.max_group);
  return std::nullopt;
}

GemmTraffic gemm_cl_traffic(const GemmClConfig& c, const GemmShape& s) {
  switch (c.technique) {
    case GemmClTechnique::naive:
    case GemmClTechnique::naive_transposed_b:
      return gemm_tile_traffic(s, 1, 1);  // each entry reads its row of A and column of B
    case GemmClTechnique::tiled:
      return gemm_tile_traffic(s, c.tile, c.tile);  // each work-group its rows and columns
    case GemmClTechnique::register_tiled:
      return gemm_tile_traffic(s, c.rows, c.cols);  // each work-item its rows and columns
    case GemmClTechnique::block_tiled:
    case GemmClTechnique::warp_tiled:
      return gemm_tile_traffic(s, c.block_rows, c.block_cols);  // each work-group its own
    case GemmClTechnique::clblast:
      break;
  }
  return {};
}

template <class T>
GemmKernel<T>::GemmKernel(Runtime& runtime, const GemmClConfig& c, const GemmShape& s)
    : runtime_(runtime) {
  const std::string what = "gemm " + gemm_variant_name(c);
  constexpr roofline::Precision p = precision_of<T>();
  if (const auto why = gemm_unsupported(c, p, gemm_cl_limits(runtime.device())))
    throw roofline::InputError(what + ": " + *why);
  constexpr auto kMaxSide = std::numeric_limits<cl_uint>::max();
  if (s.m < 1 || s.n < 1 || s.k < 1 || s.m > kMaxSide || s.n > kMaxSide || s.k > kMaxSide)
    throw roofline::InputError(what + " " + gemm_shape_name(s) +
                               ": each size must be in 1 … 2^32 − 1 (the kernels' uint)");
  std::string options = build_define("REAL", cl_type<T>());
  const char* name = "gemm_naive";
  if (c.technique == GemmClTechnique::tiled) {
    options += build_define("TILE", std::to_string(c.tile));
    name = "gemm_tiled";
  } else if (c.technique == GemmClTechnique::register_tiled) {
    options += build_define("RM", std::to_string(c.rows)) +
               build_define("RN", std::to_string(c.cols)) +
               build_define("GX", std::to_string(c.group_x)) +
               build_define("GY", std::to_string(c.group_y));
    name = "gemm_register";
  } else if (c.technique == GemmClTechnique::block_tiled) {
    options += build_define("BM", std::to_string(c.block_rows)) +
               build_define("BN", std::to_string(c.block_cols)) +
               build_define("BK", std::to_string(c.depth)) +
               build_define("TM", std::to_string(c.rows)) +
               build_define("TN", std::to_string(c.cols));
    name = "gemm_block";
  } else if (c.technique == GemmClTechnique::warp_tiled) {
    // 16-byte global loads and stores where every row starts on 16 bytes, elements otherwise.
    const int v = vector_elements(p);
    const bool vectors = s.n % v == 0 && s.k % v == 0;
    options +=
        build_define("BM", std::to_string(c.block_rows)) +
        build_define("BN", std::to_string(c.block_cols)) +
        build_define("BK", std::to_string(c.depth)) +
        build_define("WM", std::to_string(c.warp_rows)) +
        build_define("WN", std::to_string(c.warp_cols)) +
        build_define("WNI", std::to_string(c.warp_col_iters)) +
        build_define("TM", std::to_string(c.rows)) + build_define("TN", std::to_string(c.cols)) +
        build_define("APAD", std::to_string(c.a_pad)) +
        build_define("GROUP", std::to_string(c.group_rows)) +
        build_define("LW", std::to_string(v)) + build_define("W", std::to_string(vectors ? v : 1));
    name = "gemm_warp";
  } else if (c.technique == GemmClTechnique::naive_transposed_b) {
    name = "gemm_naive_transposed_b";
  } else if (c.technique != GemmClTechnique::naive) {
    throw roofline::InputError(what + ": not a kernel of gemm.cl");
  }
  const Cover v = cover(c);
  // Enough work-groups to cover X, the last ones partly past its edges.
  global_ = cl::NDRange(round_up(s.n, v.cols) / v.cols * v.group_x,
                        round_up(s.m, v.rows) / v.rows * v.group_y);
  local_ = cl::NDRange(v.group_x, v.group_y);
  const cl::Program& program = runtime.program("gemm.cl", rooflab_embedded::gemm_cl, options);
  checked([&] {
    kernel_ = cl::Kernel(program, name);
    kernel_.setArg(3, static_cast<cl_uint>(s.m));
    kernel_.setArg(4, static_cast<cl_uint>(s.n));
    kernel_.setArg(5, static_cast<cl_uint>(s.k));
  });
}

template <class T>
double GemmKernel<T>::launch(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& x) {
  return checked([&] {
    kernel_.setArg(0, a);
    kernel_.setArg(1, b);
    kernel_.setArg(2, x);
    return runtime_.launch(kernel_, global_, local_);
  });
}

template class GemmKernel<float>;
template class GemmKernel<double>;

}  // namespace kernels::opencl
