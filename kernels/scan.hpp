#pragma once
// The scan family (prefix sum), independent of the backend: inclusive and exclusive sums of one
// vector in int32, float and double; the work each call declares, and the check of a result
// against a reference computed independently of any variant.
//
// Work. n adds (the BLAS-style count of one accumulation from zero, as the reduce family's; the
// exact minimum is n − 1). Bytes as referenced: the input read once and the output written once,
// 2n elements; with the read-for-ownership of the output's lines, 3n. What a variant's algorithm
// really moves is declared too (Work::algorithm_bytes): a scan-then-fan reads and writes its data
// twice (≈ 4n), a reduce-then-scan reads it twice (≈ 3n), a single pass moves 2n; the report
// shows how much of a variant's gap to the roof its extra passes explain.
//
// Integers. int32 prefixes wrap around modulo 2^32, as a 32-bit add does in hardware; every
// order of the adds gives the same bits, so the check is exact.
//
// Floating point. Element i of the result is a sum of k + 1 terms (i + 1 for an inclusive scan,
// i for an exclusive one) rounded k times in whatever order the variant adds them; it is checked
// against its own tolerance, accumulation_tolerance of a k + 1-term sum relative to Σ|terms| of
// that prefix (see kernels/tolerance.hpp: rigorous for short prefixes, probabilistic for long
// ones). The reference runs compensated (Neumaier) in long double on all host threads: exact for
// float inputs of the sweep's lengths, and 2^11 below the tolerance of the shortest double prefix.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kernels/family.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace kernels {

// Run when asked for (--family scan): its size study sweeps the vector length n from L1 to DRAM,
// a panel per kind (inclusive, exclusive) and element type.
inline constexpr Family kScan{.name = "scan",
                              .arrays = 2,  // in and out
                              .size_param = "n",
                              .size_label = "vector length (elements)",
                              .panel_param = "kind"};

enum class ScanKind {
  inclusive,  // out[i] = x[0] + … + x[i]
  exclusive,  // out[i] = x[0] + … + x[i − 1]; out[0] = 0
};

inline constexpr std::array kScanKinds = {ScanKind::inclusive, ScanKind::exclusive};

std::string_view to_string(ScanKind kind);

// The algorithms of the GPU ladders (CUDA and OpenCL); how a block (work-group) scans its
// threads' totals differs by backend.
enum class ScanAlgorithm {
  // Scan each tile, writing its total; scan the totals (recursively, the same algorithm); add
  // each tile's offset to its outputs: reads and writes the data twice, ≈ 4n element moves.
  scan_then_fan,
  // Reduce each tile to its total; scan the totals (recursively); scan each tile from its offset:
  // reads the data twice, writes it once, ≈ 3n.
  reduce_then_scan,
  // Merrill & Grimshaw's two-level reduce-then-scan: a fixed grid of resident blocks, each owning
  // one contiguous span of tiles, reduces its span; one block scans the span totals; each block
  // scans its span from its offset: ≈ 3n.
  merrill_grimshaw,
  // One pass: each block takes its tile's index from an atomic ticket, publishes its tile's total,
  // looks back over its predecessors' published totals for its prefix and publishes its
  // inclusive prefix: 2n. (OpenCL bounds the wait and, past the bound, has the waiter reduce the
  // predecessor's inputs itself: kernels/opencl/scan_plan.hpp.)
  decoupled_lookback,
};

std::string_view to_string(ScanAlgorithm a);

// The work of one scan of n elements of precision p whose algorithm reads and writes
// `passes_bytes` elements per element in all (2: one read, one write; 3: reduce-then-scan; 4:
// scan-then-fan). Throws std::invalid_argument for passes below 2 or n < 0.
roofline::Work scan_work(roofline::Precision p, std::int64_t n, double passes = 2);

// Checks out (the variant's result) of a `kind` scan over x, n elements: exactly for int32,
// element-wise against each prefix's tolerance for float and double. max_error is the largest
// error in units of its element's tolerance (tolerance 1) for floating point, the count of wrong
// elements for int32 (tolerance 0); the message names the first wrong element, what it holds
// and what it should.
template <class T>
roofline::Verification verify_scan(ScanKind kind, const T* x, const T* out, std::size_t n);

}  // namespace kernels
