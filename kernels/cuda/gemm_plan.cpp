#include "kernels/cuda/gemm_plan.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <utility>

#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

constexpr std::int64_t kMaxGridY = 65535;  // CUDA's limit on gridDim.y
constexpr int kCpAsyncCc = 80;             // cp.async starts with sm_80

std::string tile_text(const GemmTile& t) {
  const auto n = [](int v) { return std::to_string(v); };
  std::string s = n(t.bm);
  s.append("x").append(n(t.bn));
  if (t.bk > 0) s.append("x").append(n(t.bk));
  if (t.wm > 0) s.append(" warp ").append(n(t.wm)).append("x").append(n(t.wn));
  if (t.wm > 0) s.append("/").append(n(t.wn_iter));
  s.append(" thread ").append(n(t.tm)).append("x").append(n(t.tn));
  return s.append(" (").append(n(t.threads)).append(" threads)");
}

// The fixed shapes each kernel is compiled with (the tuned ones are kGemmTunings' rows).
std::vector<GemmTile> fixed_tiles(GemmKernel k) {
  switch (k) {
    case GemmKernel::naive:
      return {kNaiveTiles.begin(), kNaiveTiles.end()};
    case GemmKernel::naive_transposed_b:
      return {kNaiveTile};
    case GemmKernel::smem_tiled:
      return {kSmemTile16, kSmemTile32};
    case GemmKernel::register_tiled:
      return {kRegisterTiles.begin(), kRegisterTiles.end()};
    case GemmKernel::block_tiled:
    case GemmKernel::warp_tiled:
    case GemmKernel::warp_tiled_async:
      break;
  }
  return {};
}

bool compiled(const GemmConfig& c, Precision p) {
  for (const GemmTile& t : fixed_tiles(c.kernel))
    if (t == c.tile) return true;
  const auto same = [&](const GemmTuning& row) {
    return row.kernel == c.kernel && row.precision == p && row.tile == c.tile &&
           row.options == c.options;
  };
  return std::any_of(std::begin(kGemmTunings), std::end(kGemmTunings), same) ||
         std::any_of(std::begin(kGemmSweep), std::end(kGemmSweep), same);
}

// Shared memory a tiled kernel takes: A's padded and B's tiles, twice for warp_tiled's stages,
// warp_tiled_async's ring.
int shared_bytes(const GemmConfig& c, int element_bytes) {
  const GemmTile& t = c.tile;
  if (c.kernel == GemmKernel::warp_tiled_async) return gemm_ring_bytes(t, c.options, element_bytes);
  const int stages = c.kernel == GemmKernel::warp_tiled ? 2 : 1;
  return stages * t.bk * (t.bm + c.options.a_pad + t.bn) * element_bytes;
}

constexpr int kStaticSharedBytes = 48 * 1024;  // CUDA's limit on a kernel's static __shared__
// The most dynamic shared memory a block of sm_80 … sm_90 may take (sm_90's; sm_80 has 163 KiB,
// sm_86 and sm_89 99 KiB: a launch beyond its device's is refused there).
constexpr int kDynamicSharedBytes = 227 * 1024;
constexpr int kMaxStages = 8;  // cp.async.wait_group's immediate, as the kernel instantiates it

// Why the tile cannot be split as its kernel splits it, or empty.
std::string inconsistency(const GemmConfig& c, int element_bytes) {
  const GemmTile& t = c.tile;
  const GemmOptions& o = c.options;
  const int v = gemm_vector_elements(c, element_bytes);
  const bool async = c.kernel == GemmKernel::warp_tiled_async;
  const bool warp = c.kernel == GemmKernel::warp_tiled || async;
  const bool tiled = c.kernel == GemmKernel::block_tiled || warp;
  if (!tiled && o != GemmOptions{})
    return "no options (only block_tiled, warp_tiled and warp_tiled_async take them)";
  switch (c.kernel) {
    case GemmKernel::naive:
    case GemmKernel::naive_transposed_b:
      if (t.bm * t.bn != t.threads) return "a thread per entry of the block tile";
      return {};
    case GemmKernel::smem_tiled:
      if (t.bm != t.bn || t.bk != t.bm || t.bm * t.bm != t.threads)
        return "a square tile with a thread per entry";
      return {};
    case GemmKernel::register_tiled:
      if (t.tm < 1 || t.tn < 1 || t.bm % t.tm || t.bn % t.tn ||
          (t.bm / t.tm) * (t.bn / t.tn) != t.threads)
        return "a group of threads of tm x tn entries";
      return {};
    case GemmKernel::block_tiled:
    case GemmKernel::warp_tiled:
    case GemmKernel::warp_tiled_async:
      break;
  }
  if (c.kernel == GemmKernel::block_tiled &&
      (t.bm % t.tm || t.bn % t.tn || (t.bm / t.tm) * (t.bn / t.tn) != t.threads))
    return "threads x thread tiles = the block tile";
  if ((t.bm * t.bk) % (v * t.threads) || (t.bk * t.bn) % (v * t.threads) || t.bk % v || t.bn % v ||
      t.tn % v)
    return "whole vectors of the A and B tiles per thread";
  // Shared memory's 16-byte reads are whatever the global loads are: padded rows on 16 bytes.
  const int v16 = 16 / element_bytes;
  if (o.a_pad < 0 || o.a_pad % v16 || o.group_rows < 0)
    return "a pad of whole 16-byte vectors and a group of rows ≥ 0";
  if (o.smem_vectors && (t.tm % v16 || t.tn % v16 || t.bm % v16))
    return "thread tiles of whole 16-byte vectors for vector reads of shared memory";
  if (!async && (o.stages != 0 || o.min_blocks != 0))
    return "no stages or min_blocks (warp_tiled_async's alone)";
  if (async && o.min_blocks < 0) return "min_blocks ≥ 0";
  if (async && (o.stages < 2 || o.stages > kMaxStages || t.bk % 2))
    return "2 … 8 stages and an even bk (two fragments alternate along k)";
  if (!async && shared_bytes(c, element_bytes) > kStaticSharedBytes)
    return "at most 48 KiB of static shared memory";
  if (async && shared_bytes(c, element_bytes) > kDynamicSharedBytes)
    return "at most 227 KiB of dynamic shared memory";
  if (async && (t.threads % t.bk || t.threads % (t.bn / v) || t.bm % (t.threads / t.bk) ||
                t.bk % (t.threads / (t.bn / v))))
    return "threads in whole rows of A's and B's tiles for the copies";
  if (warp) {
    if (t.threads % 32 || t.bm % t.wm || t.bn % t.wn ||
        (t.bm / t.wm) * (t.bn / t.wn) != t.threads / 32)
      return "a warp per warp tile";
    const int per_lane = 32 * t.tm * t.tn * t.wn_iter;
    if (t.wn_iter < 1 || (t.wm * t.wn) % per_lane) return "warp tiles of whole lane tiles";
    const int wm_iter = t.wm * t.wn / per_lane;
    if (t.wm % wm_iter || t.wn % t.wn_iter || (t.wn / t.wn_iter) % t.tn ||
        (t.wm / wm_iter) % t.tm || (t.wn / t.wn_iter / t.tn) * (t.wm / wm_iter / t.tm) != 32)
      return "32 lanes per warp sub-tile";
  }
  return {};
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// A swept config's tile and options, for its name: "_128x128x8_w32x64i2_t4x4_256_lds128_pad4_g8"
// (warp tile wm × wn in wn_iter column sub-tiles; vector shared reads, A's pad, row groups).
std::string swept_suffix(const GemmConfig& c) {
  if (!c.swept) return {};
  const GemmTile& t = c.tile;
  const GemmOptions& o = c.options;
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
  std::string s;
  const auto add = [&s](const char* text, int v) { s.append(text).append(std::to_string(v)); };
  add("_", t.bm);
  add("x", t.bn);
  add("x", t.bk);
  if (t.wm > 0) {
    add("_w", t.wm);
    add("x", t.wn);
    add("i", t.wn_iter);
  }
  add("_t", t.tm);
  add("x", t.tn);
  add("_", t.threads);
  if (o.smem_vectors) s += "_lds128";
  if (o.a_pad > 0) add("_pad", o.a_pad);
  if (o.group_rows > 0) add("_g", o.group_rows);
  if (o.stages > 0) add("_s", o.stages);
  if (o.min_blocks > 0) add("_b", o.min_blocks);
  return s;
}

}  // namespace

std::string_view to_string(GemmKernel k) {
  switch (k) {
    case GemmKernel::naive:
      return "naive";
    case GemmKernel::naive_transposed_b:
      return "naive_transposed_b";
    case GemmKernel::smem_tiled:
      return "smem_tiled";
    case GemmKernel::register_tiled:
      return "register_tiled";
    case GemmKernel::block_tiled:
      return "block_tiled";
    case GemmKernel::warp_tiled:
      return "warp_tiled";
    case GemmKernel::warp_tiled_async:
      return "warp_tiled_async";
  }
  return "?";
}

std::string_view to_string(NaiveIndex i) {
  return i == NaiveIndex::coalesced ? "coalesced" : "uncoalesced";
}

const GemmTuning& gemm_tuning(GemmKernel k, Precision p, int cc) {
  const GemmTuning* best = nullptr;
  for (const GemmTuning& row : kGemmTunings)
    if (row.kernel == k && row.precision == p && row.min_cc <= cc &&
        (best == nullptr || row.min_cc > best->min_cc))
      best = &row;
  if (best == nullptr)
    throw roofline::InputError("gemm " + std::string(to_string(k)) + ": no tuned tile for " +
                               std::string(to_string(p)) + " on compute capability " +
                               std::to_string(cc));
  return *best;
}

GemmGroup gemm_group(const GemmConfig& c) {
  return {.x = c.tile.bn / c.tile.tn, .y = c.tile.bm / c.tile.tm};
}

std::string gemm_variant_name(const GemmConfig& c) {
  const std::string kernel(to_string(c.kernel));
  const GemmGroup g = gemm_group(c);
  const std::string group =
      g == GemmGroup{} ? "" : "_block" + std::to_string(g.x) + "x" + std::to_string(g.y);
  switch (c.kernel) {
    case GemmKernel::naive:
      return kernel + "_" + std::string(to_string(c.index)) + group;
    case GemmKernel::naive_transposed_b:
      return kernel;
    case GemmKernel::smem_tiled:
      return kernel + "_" + std::to_string(c.tile.bm);
    case GemmKernel::register_tiled:
      return kernel + "_" + std::to_string(c.tile.tm) + "x" + std::to_string(c.tile.tn) + group;
    case GemmKernel::block_tiled:
      return (c.vector ? kernel + "_v16" : kernel) + swept_suffix(c);
    case GemmKernel::warp_tiled:
      return kernel + "_db" + swept_suffix(c);
    case GemmKernel::warp_tiled_async:
      return kernel + swept_suffix(c);
  }
  return kernel;
}

std::vector<GemmConfig> gemm_sweep() {
  std::vector<GemmConfig> out;
  for (const GemmTuning& row : kGemmSweep)
    out.push_back({.kernel = row.kernel,
                   .tile = row.tile,
                   .vector = true,
                   .options = row.options,
                   .swept = true});
  return out;
}

std::vector<GemmConfig> gemm_group_sweep() {
  std::vector<GemmConfig> out;
  for (const GemmGroup& g : kGemmGroups) {
    out.push_back({.kernel = GemmKernel::naive, .tile = naive_tile(g)});
    for (const auto& [tm, tn] : {std::pair{4, 4}, std::pair{8, 4}})
      out.push_back({.kernel = GemmKernel::register_tiled, .tile = register_tile(tm, tn, g)});
  }
  return out;
}

std::vector<GemmConfig> gemm_ladder(Precision p, int cc) {
  std::vector<GemmConfig> ladder;
  for (NaiveIndex i : {NaiveIndex::uncoalesced, NaiveIndex::coalesced})
    ladder.push_back({.kernel = GemmKernel::naive, .index = i, .tile = kNaiveTile});
  ladder.push_back({.kernel = GemmKernel::naive_transposed_b, .tile = kNaiveTile});
  for (const GemmTile& t : {kSmemTile16, kSmemTile32})
    ladder.push_back({.kernel = GemmKernel::smem_tiled, .tile = t});
  for (const GemmTile& t : {kRegisterTile4x4, kRegisterTile8x4})
    ladder.push_back({.kernel = GemmKernel::register_tiled, .tile = t});
  const GemmTuning& block = gemm_tuning(GemmKernel::block_tiled, p, cc);
  const GemmTuning& warp = gemm_tuning(GemmKernel::warp_tiled, p, cc);
  ladder.push_back(
      {.kernel = GemmKernel::block_tiled, .tile = block.tile, .options = block.options});
  ladder.push_back({.kernel = GemmKernel::block_tiled,
                    .tile = block.tile,
                    .vector = true,
                    .options = block.options});
  ladder.push_back({.kernel = GemmKernel::warp_tiled,
                    .tile = warp.tile,
                    .vector = true,
                    .options = warp.options});
  if (cc >= kCpAsyncCc) {
    const GemmTuning& async = gemm_tuning(GemmKernel::warp_tiled_async, p, cc);
    ladder.push_back({.kernel = GemmKernel::warp_tiled_async,
                      .tile = async.tile,
                      .vector = true,
                      .options = async.options});
  }
  return ladder;
}

bool gemm_vector_loads(const GemmConfig& c) {
  return c.kernel == GemmKernel::warp_tiled || c.kernel == GemmKernel::warp_tiled_async ||
         (c.kernel == GemmKernel::block_tiled && c.vector);
}

int gemm_vector_elements(const GemmConfig& c, int element_bytes) {
  return gemm_vector_loads(c) ? 16 / element_bytes : 1;
}

void check_tile(const GemmConfig& c, int element_bytes) {
  const Precision p = element_bytes == 8 ? Precision::fp64 : Precision::fp32;
  const std::string name = "gemm " + gemm_variant_name(c) + " tile " + tile_text(c.tile);
  if (!compiled(c, p))
    throw roofline::InputError(name + ": no kernel is compiled for it in " +
                               std::string(to_string(p)));
  if (const std::string why = inconsistency(c, element_bytes); !why.empty())
    throw roofline::InputError(name + ": the kernel needs " + why);
}

GemmLaunch plan_gemm(const GemmConfig& c, const GemmShape& s, int element_bytes) {
  check_tile(c, element_bytes);
  if (s.m < 0 || s.n < 0 || s.k < 0)
    throw roofline::InputError("gemm: a negative size in " + gemm_shape_name(s));
  const std::string name = "gemm " + gemm_variant_name(c) + " on " + gemm_shape_name(s);
  const int v = gemm_vector_elements(c, element_bytes);
  if (s.n % v || s.k % v)
    throw roofline::InputError(
        name + " (m " + std::to_string(s.m) + ", n " + std::to_string(s.n) + ", k " +
        std::to_string(s.k) + "): its 16-byte loads need rows of A and B that start on 16 bytes, " +
        "n and k multiples of " + std::to_string(v) + " elements");
  if (s.m * s.k > INT_MAX || s.k * s.n > INT_MAX || s.m * s.n > INT_MAX)
    throw roofline::InputError(name + ": a matrix beyond the kernels' int indices");
  // naive uncoalesced: threadIdx.x runs along X's rows, so the grid's x covers the rows
  const bool rows_in_x = c.kernel == GemmKernel::naive && c.index == NaiveIndex::uncoalesced;
  const std::int64_t rows = ceil_div(s.m, c.tile.bm), cols = ceil_div(s.n, c.tile.bn);
  const std::int64_t x_blocks = rows_in_x ? rows : cols, y_blocks = rows_in_x ? cols : rows;
  if (y_blocks > kMaxGridY || x_blocks > INT_MAX)
    throw roofline::InputError(name + ": a grid beyond CUDA's limits");
  const int dynamic_shared =
      c.kernel == GemmKernel::warp_tiled_async ? shared_bytes(c, element_bytes) : 0;
  if (s.m == 0 || s.n == 0) return {.threads = c.tile.threads, .shared_bytes = dynamic_shared};
  return {.grid_x = static_cast<unsigned>(x_blocks),
          .grid_y = static_cast<unsigned>(y_blocks),
          .threads = c.tile.threads,
          .shared_bytes = dynamic_shared};
}

double gemm_tile_traffic(const GemmConfig& c, const GemmShape& s, int element_bytes) {
  const double m = double(s.m), n = double(s.n), k = double(s.k);
  const double col_blocks = double(ceil_div(s.n, c.tile.bn)),
               row_blocks = double(ceil_div(s.m, c.tile.bm));
  return (m * k * col_blocks + k * n * row_blocks + m * n) * element_bytes;
}

}  // namespace kernels::cuda
