#pragma once
// The CPU cases of the `scan` family: the ladder of variants and one case per variant, kind,
// element type and vector length.
#include <cstddef>
#include <memory>
#include <vector>

#include "kernels/cpu/scan.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace kernels::cpu {

struct ScanVariant {
  ScanCall call;  // its kind is set per case
  bool quick;     // part of the quick suite
};

// The ladder on a CPU with `max_threads` threads: the study's sequential loops (plain, unrolled
// 2, 4 and 8 times, std::inclusive_scan; std::exclusive_scan, the exclusive panels' baseline)
// at the best ISA level; the log-step SIMD scan at every
// supported level; at every level reduce-then-scan, scan-then-fan and the cache-partitioned scan
// (blocks of `block_bytes`) on 2, 4, … threads up to max_threads (and max_threads itself; their
// one-thread point is the SIMD scan's). The quick suite keeps plain, std::inclusive_scan, the
// best level's SIMD scan and its three multithreaded scans on max_threads, and both std rows.
std::vector<ScanVariant> scan_ladder(int max_threads, std::size_t block_bytes);

// The kinds a variant's row runs: the study's inclusive scan for its loops, its own for a std
// row, both kinds for the SIMD and multithreaded scans.
std::vector<ScanKind> scan_kinds(const ScanCall& call);

// How a call stores its output: streaming past the caches where the technique can
// (scan_streams) and the arrays live in DRAM, as ordinary stores otherwise. The study's loops keep
// ordinary stores everywhere.
Store scan_store(const ScanCall& call, bool in_dram);

// The cache-partitioned scan's chunk: half the L2 capacity a thread has (the chunk read by the
// reduce and the output lines the scan writes share it), 256 KiB when the device names no L2.
std::size_t scan_block_bytes(const roofline::Device& device);

// One case: call over n elements of precision p, the arrays filled by call.threads threads in
// the blocks the kernel uses (first touch).
std::unique_ptr<roofline::Case> make_scan_case(const roofline::Device& device, const ScanCall& call,
                                               roofline::Precision p, std::size_t n);

}  // namespace kernels::cpu
