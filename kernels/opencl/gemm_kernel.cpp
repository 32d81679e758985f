#include "kernels/opencl/gemm_kernel.hpp"

#include <limits>

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
    default:
      return {gx, gy, gx, gy};
  }
}

}  // namespace

std::string_view to_string(GemmClTechnique t) {
  switch (t) {
    case GemmClTechnique::naive:
      return "naive";
    case GemmClTechnique::tiled:
      return "tiled";
    case GemmClTechnique::register_tiled:
      return "register_tiled";
    case GemmClTechnique::block_tiled:
      return "block_tiled";
    case GemmClTechnique::clblast:
      return "clblast";
  }
  return "?";
}

std::string gemm_variant_name(const GemmClConfig& c) {
  switch (c.technique) {
    case GemmClTechnique::naive:
      return "naive";
    case GemmClTechnique::tiled:
      return "tiled_" + std::to_string(c.tile);
    case GemmClTechnique::register_tiled:
      return "register_" + std::to_string(c.rows) + "x" + std::to_string(c.cols);
    case GemmClTechnique::block_tiled:
      return "block_" + std::to_string(c.block_rows) + "x" + std::to_string(c.block_cols) + "x" +
             std::to_string(c.depth) + "_" + std::to_string(c.rows) + "x" + std::to_string(c.cols);
    case GemmClTechnique::clblast:
      return "clblast";
  }
  return "?";
}

std::vector<GemmClConfig> gemm_cl_ladder() {
  using enum GemmClTechnique;
  return {{.technique = naive},
          {.technique = tiled, .tile = 16},
          {.technique = tiled, .tile = 32},
          {.technique = register_tiled, .rows = 4, .cols = 4},
          {.technique = register_tiled, .rows = 8, .cols = 4},
          {.technique = block_tiled, .rows = 4, .cols = 4},
          {.technique = block_tiled, .rows = 8, .cols = 8, .block_rows = 128, .block_cols = 128},
          {.technique = clblast}};
}

std::optional<std::string> gemm_unsupported(const GemmClConfig& c, std::size_t max_group) {
  if (c.technique == GemmClTechnique::clblast) return std::nullopt;
  if (c.technique == GemmClTechnique::block_tiled &&
      (c.rows < 1 || c.cols < 1 || c.depth < 1 || c.block_rows % c.rows != 0 ||
       c.block_cols % c.cols != 0))
    return "a block of " + std::to_string(c.block_rows) + "x" + std::to_string(c.block_cols) +
           " that is no multiple of the work-item's tile " + std::to_string(c.rows) + "x" +
           std::to_string(c.cols);
  const Cover v = cover(c);
  if (v.group_x * v.group_y > max_group)
    return "a work-group of " + std::to_string(v.group_x) + "x" + std::to_string(v.group_y) +
           " work-items, the device allows " + std::to_string(max_group);
  return std::nullopt;
}

GemmTraffic gemm_cl_traffic(const GemmClConfig& c, const GemmShape& s) {
  switch (c.technique) {
    case GemmClTechnique::naive:
      return gemm_tile_traffic(s, 1, 1);  // each entry reads its row of A and column of B
    case GemmClTechnique::tiled:
      return gemm_tile_traffic(s, c.tile, c.tile);  // each work-group its rows and columns
    case GemmClTechnique::register_tiled:
      return gemm_tile_traffic(s, c.rows, c.cols);  // each work-item its rows and columns
    case GemmClTechnique::block_tiled:
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
  const std::size_t max_group =
      checked([&] { return runtime.device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>(); });
  if (const auto why = gemm_unsupported(c, max_group))
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
