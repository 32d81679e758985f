#pragma once
// The shared-read L2 probe, what its backends share: D consecutive blocks (work-groups) read one
// slice of a GPU's L2 at about the same time, through the L2 alone, as the SMs of a tiled GEMM read
// its operands. When several SMs ask for one line at about the same time, one L2 lookup serves them
// all (the L2's request coalescer fans one reply out to the SMs that asked), so the bytes delivered
// to the SMs exceed the L2's rate of distinct lines (the one-reader L2 roof of the bandwidth
// probe): its own level, "shared-line delivery", never the L2 roof, and no roof of a streaming
// kernel.
//
// Block b reads slice b / D: each of its threads kL2SharedLoadsPerPass 16-byte vectors a pass,
// thread l the vectors l, l + threads, … of the slice, the pass's first vector rotating so that no
// load can be hoisted out of the pass loop. Every component of vector q of slice s is
// 1 + (q + s) mod 4, so thread l of a block of slice s sums passes × loads × 4 × (1 + (l + s) mod
// 4) exactly in float (threads a multiple of 4); a block that read another slice sums another
// value.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "roofline/profile.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace probes {

inline constexpr int kL2SharedLoadsPerPass = 8;  // a power of two
// The readers per slice tried; the best is the ceiling. On an H100 (2026-11-27,
// docs/performance.md) OpenCL's volatile loads delivered 13.6, 13.0, 14.0 and 14.4 TB/s with 2, 4,
// 8 and 16 readers (one reader per line: 7.7), a scratch CUDA kernel 13.5-14 with 2 and 16-19.5
// with 4 or 8 (2026-11-26).
inline constexpr int kL2SharedReaders[] = {2, 4, 8, 16};

struct L2SharedConfig {
  int blocks = 1;     // the grid, all resident: compute units × blocks per unit
  int threads = 256;  // per block, a multiple of 4
  int readers = 4;    // D: consecutive blocks that read one slice
  int passes = 1024;  // per call
};

int l2_shared_slices(const L2SharedConfig& c);
// 16-byte vectors in all slices (the buffer the kernels read).
std::size_t l2_shared_vectors(const L2SharedConfig& c);
// The buffer's contents as floats, 4 a vector (see above).
std::vector<float> l2_shared_data(const L2SharedConfig& c);
// Bytes delivered to the SMs per call, and the working set (all slices): the work of one call.
roofline::Work l2_shared_work(const L2SharedConfig& c);
// Throws roofline::InputError for a config the check cannot cover: threads not a positive multiple
// of 4, no blocks, readers below 1, passes below 1 or so many that a sum is no longer exact.
void check_l2_shared_config(const L2SharedConfig& c, const std::string& what);
// Every thread's sum (blocks × threads, in grid order) against its exact value.
roofline::Verification verify_l2_shared(const L2SharedConfig& c, const std::vector<float>& sums);
// The case's parameters, as both backends record them.
nlohmann::json l2_shared_params(const L2SharedConfig& c);

// The level of the shared-read ceiling, named for what it measures: the delivery to the SMs of
// lines that several SMs read at once, not "L2", whose roof stays the one-reader rate.
inline constexpr const char* kL2SharedLevel = "shared-line delivery";

// The ceiling from the verified results of one config per reader count: the best, its method
// naming the readers it chose and every rate it measured; nullopt when none was verified.
std::optional<roofline::MemoryCeiling> l2_shared_ceiling(
    const std::vector<roofline::Result>& results, int threads, const std::string& how);

// Why a shared-read ceiling cannot be right, or empty: an SM's loads from the L2 come through the
// same path into its registers as its shared (local) memory reads, so none delivers more than
// `load_path`, the device's shared- or local-memory read ceiling (0: unknown). A kernel whose
// compiler merged loads of the same address reported more (docs/performance.md, 2026-11-27).
std::string l2_shared_implausible(const roofline::MemoryCeiling& c, double load_path);

}  // namespace probes
