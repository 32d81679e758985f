// The CUDA GEMM kernels run on the host (tests/cuda/cuda_emulation.hpp): every ladder kernel and
// the group-size sweep, at every tile they are compiled for, in fp32 and fp64, at shapes that cut
// every tile at an edge (and k = 0, an empty X, one row), checked with verify_gemm; the 16-byte
// kernels at the shapes they take. No GPU is needed: this checks the kernels' indexing, edge guards
// and barriers; the GPU test (gemm_gpu_test.cpp) checks them, the launches and cuBLAS on a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

// clang-format off: the emulation goes before the kernels
#include "cuda_emulation.hpp"
namespace kernels::cuda::gemm_device {
using std::fma;  // the device's overloads, on the host
using std::min;
}  // namespace kernels::cuda::gemm_device
#include "kernels/cuda/gemm_block_tiled.cuh"
#include "kernels/cuda/gemm_simple.cuh"
#include "kernels/cuda/gemm_warp_tiled.cuh"
#include "kernels/cuda/gemm_warp_tiled_async.cuh"
// clang-format on
#include "kernels/gemm.hpp"
#include "kernels/inputs.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;
using namespace gemm_device;

// The kGemmSweep rows emulated (a few: each is a host instance that compiles slowly): the A6000
// tile with every option, CUTLASS's 128 × 128 × 8 with 256 threads of 4 × 4 in 2 × 2
// sub-tiles, its 256 × 128 × 8 of 8 × 4 lanes, the smallest tile (groups of 8 rows of blocks
// and a shorter last group at kGroupShapes), a 2D block-tiled row, and the asynchronous copies'
// rows at bk 16 in 3 stages (two passes of B rows), 128 × 64 in 5 and 64 × 64 × 16 in 4.
constexpr std::size_t kEmulatedSweep[] = {3, 8, 12, 15, 17, 22, 26, 28};

// Launches f.template operator()<Tile, Options>() for the emulated sweep row with c's tile and
// options; false if it is none of them.
template <GemmKernel K, Precision P, class F>
bool with_emulated_sweep_row(const GemmConfig& c, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (visit_tuning<kGemmSweep, kEmulatedSweep[I], K, P>(c.tile, c.options, f) || ...);
  }
  (std::make_index_sequence<std::size(kEmulatedSweep)>{});
}

// gemm_launch's dispatch, each launch emulated (the tiled kernels at kGemmTunings' tiles, and
// fp32 at kEmulatedSweep's rows).
template <class T>
void emulate(const GemmConfig& c, const GemmShape& s, const T* a, const T* b, T* x) {
  const GemmLaunch l = plan_gemm(c, s, sizeof(T));
  if (l.empty()) return;
  const Dims d = dims(s);
  const dim3 g = grid(l), block(l.threads);
  constexpr Precision p = precision_of<T>();
  using cuda_emulation::launch;
  switch (c.kernel) {
    case GemmKernel::naive:
      return with_table_tile<kNaiveTiles>(c.tile, [&]<GemmTile Tile>() {
        if (c.index == NaiveIndex::coalesced)
          launch(g, block, naive<T, NaiveIndex::coalesced, TileType<Tile>>, d, a, b, x);
        else
          launch(g, block, naive<T, NaiveIndex::uncoalesced, TileType<Tile>>, d, a, b, x);
      });
    case GemmKernel::naive_transposed_b: {
      const std::vector<T> bt = gemm_transposed_b(s, b);
      return launch(g, block, naive_transposed_b<T>, d, a, bt.data(), x);
    }
    case GemmKernel::smem_tiled:
      return with_tile<kSmemTile16, kSmemTile32>(c.tile, [&]<GemmTile Tile>() {
        launch(g, block, smem_tiled<T, TileType<Tile>>, d, a, b, x);
      });
    case GemmKernel::register_tiled:
      return with_table_tile<kRegisterTiles>(c.tile, [&]<GemmTile Tile>() {
        launch(g, block, register_tiled<T, TileType<Tile>>, d, a, b, x);
      });
    case GemmKernel::block_tiled: {
      const auto f = [&]<GemmTile Tile, GemmOptions Options>() {
        using O = OptionsType<Options>;
        if (c.vector)
          launch(g, block, block_tiled<T, TileType<Tile>, 16 / sizeof(T), O>, d, a, b, x);
        else
          launch(g, block, block_tiled<T, TileType<Tile>, 1, O>, d, a, b, x);
      };
      if (c.swept) {
        if (!with_emulated_sweep_row<GemmKernel::block_tiled, p>(c, f))
          throw std::logic_error("not an emulated sweep row");
        return;
      }
      if (!visit_table<kGemmTunings, GemmKernel::block_tiled, p>(c.tile, c.options, f))
        throw std::logic_error("not a tuned tile");
      return;
    }
    case GemmKernel::warp_tiled: {
      const auto f = [&]<GemmTile Tile, GemmOptions Options>() {
        launch(g, block, warp_tiled<T, TileType<Tile>, OptionsType<Options>>, d, a, b, x);
      };
      if (c.swept) {
        if (!with_emulated_sweep_row<GemmKernel::warp_tiled, p>(c, f))
          throw std::logic_error("not an emulated sweep row");
        return;
      }
      if (!visit_table<kGemmTunings, GemmKernel::warp_tiled, p>(c.tile, c.options, f))
        throw std::logic_error("not a tuned tile");
      return;
    }
    case GemmKernel::warp_tiled_async: {
      const auto f = [&]<GemmTile Tile, GemmOptions Options>() {
        launch(g, block, warp_tiled_async<T, TileType<Tile>, OptionsType<Options>>, d, a, b, x);
      };
      if (c.swept) {
        if (!with_emulated_sweep_row<GemmKernel::warp_tiled_async, p>(c, f))
          throw std::logic_error("not an emulated sweep row");
        return;
      }
      if (!visit_table<kGemmTunings, GemmKernel::warp_tiled_async, p>(c.tile, c.options, f))
        throw std::logic_error("not a tuned tile");
      return;
    }
  }
}

// Every config of the ladders of sm_80 and sm_90: every tile the kernels are compiled for.
std::vector<GemmConfig> configs(Precision p) {
  std::vector<GemmConfig> out;
  for (int cc : {80, 90})
    for (const GemmConfig& c : gemm_ladder(p, cc)) {
      const auto same = [&](const GemmConfig& o) {
        return o.kernel == c.kernel && o.index == c.index && o.tile == c.tile &&
               o.vector == c.vector;
      };
      if (std::none_of(out.begin(), out.end(), same)) out.push_back(c);
    }
  return out;
}

template <class T>
void expect_exact(const std::vector<GemmConfig>& configs, const std::vector<GemmShape>& shapes) {
  for (const GemmConfig& c : configs)
    for (const GemmShape& s : shapes) {
      const auto m = static_cast<std::size_t>(s.m), n = static_cast<std::size_t>(s.n),
                 k = static_cast<std::size_t>(s.k);
      std::vector<T> a(m * k), b(k * n), x(m * n, std::numeric_limits<T>::quiet_NaN());
      for (std::size_t i = 0; i < a.size(); ++i) a[i] = input_as<T>(31, i);
      for (std::size_t i = 0; i < b.size(); ++i) b[i] = input_as<T>(32, i);
      emulate(c, s, a.data(), b.data(), x.data());
      const auto v = verify_gemm<T>(s, a.data(), b.data(), x.data());
      EXPECT_TRUE(v.passed) << gemm_variant_name(c) << " bm " << c.tile.bm << " bn " << c.tile.bn
                            << ": " << v.message;
    }
}

template <class T>
void expect_every_kernel_exact(const std::vector<GemmShape>& shapes) {
  expect_exact<T>(configs(precision_of<T>()), shapes);
}

// n and k multiples of 4 (every kernel takes them); every tile cut at an edge of m, n and k.
const std::vector<GemmShape> kShapes = {{.m = 1, .n = 4, .k = 4},
                                        {.m = 7, .n = 12, .k = 0},
                                        {.m = 0, .n = 8, .k = 8},
                                        {.m = 129, .n = 68, .k = 36},
                                        {.m = 65, .n = 132, .k = 20}};
// Rows off 16 bytes, for the kernels that load elements.
const std::vector<GemmShape> kOddShapes = {{.m = 3, .n = 5, .k = 7}, {.m = 33, .n = 17, .k = 9}};

TEST(GemmEmulated, EveryKernelIsExactAtEdgeTilesInFloat) {
  expect_every_kernel_exact<float>(kShapes);
}
TEST(GemmEmulated, EveryKernelIsExactAtEdgeTilesInDouble) {
  expect_every_kernel_exact<double>(kShapes);
}

TEST(GemmEmulated, TheGroupSweepIsExactAtEdgeTiles) {
  expect_exact<float>(gemm_group_sweep(), kShapes);
  expect_exact<double>(gemm_group_sweep(), kShapes);
}

// Block rows beyond one group of 8 (a full group and a shorter one) at 64-, 128- and 256-row tiles.
const std::vector<GemmShape> kGroupShapes = {
    {.m = 600, .n = 200, .k = 12}, {.m = 1100, .n = 136, .k = 20}, {.m = 2100, .n = 72, .k = 8}};

TEST(GemmEmulated, SweptKernelsAreExactAtEdgeTilesAndRowGroups) {
  std::vector<GemmConfig> swept;
  const std::vector<GemmConfig> all = gemm_sweep();
  for (std::size_t i : kEmulatedSweep) swept.push_back(all.at(i));
  std::vector<GemmShape> shapes = kShapes;
  shapes.insert(shapes.end(), kGroupShapes.begin(), kGroupShapes.end());
  expect_exact<float>(swept, shapes);
}

TEST(GemmEmulated, ElementKernelsAreExactAtRowsOffSixteenBytes) {
  for (const GemmConfig& c : configs(Precision::fp32))
    if (!gemm_vector_loads(c)) {
      for (const GemmShape& s : kOddShapes) {
        const auto m = static_cast<std::size_t>(s.m), n = static_cast<std::size_t>(s.n),
                   k = static_cast<std::size_t>(s.k);
        std::vector<float> a(m * k), b(k * n), x(m * n, std::numeric_limits<float>::quiet_NaN());
        for (std::size_t i = 0; i < a.size(); ++i) a[i] = input_as<float>(33, i);
        for (std::size_t i = 0; i < b.size(); ++i) b[i] = input_as<float>(34, i);
        emulate(c, s, a.data(), b.data(), x.data());
        const auto v = verify_gemm<float>(s, a.data(), b.data(), x.data());
        EXPECT_TRUE(v.passed) << gemm_variant_name(c) << ": " << v.message;
      }
    }
}

}  // namespace
}  // namespace kernels::cuda
