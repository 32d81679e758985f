#pragma once
// The scan family on the CPU (definition in kernels/scan.hpp): the study's sequential ladder
// (the plain loop, unrolled by hand, std::inclusive_scan), an in-register SIMD scan per ISA
// level, and three multithreaded two-pass scans built on it. The steps are the parameters of
// ScanCall.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "kernels/cpu/isa.hpp"
#include "kernels/scan.hpp"
#include "kernels/store.hpp"

namespace kernels::cpu {

using kernels::ScanKind;
using kernels::Store;

enum class ScanTechnique {
  // `out[i] = x[i] + sum` one element after the other, unrolled `unroll` times as the study
  // writes it: every add waits for the one before (the unrolling removes loop overhead, not
  // the dependence)
  plain,
  std_library,  // std::inclusive_scan or std::exclusive_scan of libstdc++: sequential
  // In-register log-step scan of each vector (log2(lanes) shift-and-add steps), the carried
  // total of the vectors before it broadcast and added: one dependent add per vector
  simd,
  // Each thread reduces its block, the block offsets are summed in thread order, then each
  // thread scans its block with the simd scan from its offset: reads each element twice
  reduce_then_scan,
  // Each thread scans its block with the simd scan from zero, then adds its block's offset to
  // its output: reads and writes each element twice
  scan_then_fan,
  // Reduce-then-scan per chunk of block_bytes (a share of L2), so the scan re-reads from the
  // cache what the reduce read from memory; the threads take chunks in order and each finds its
  // chunk's offset by looking back over its predecessors' published sums (no barrier between
  // chunks)
  cache_partitioned,
};

std::string_view to_string(ScanTechnique t);

struct ScanCall {
  ScanKind kind = ScanKind::inclusive;
  ScanTechnique technique = ScanTechnique::simd;
  Isa isa = kBaselineIsa;  // the level the kernel is compiled for (std_library: its caller)
  int unroll = 1;          // plain: one of kScanUnrolls
  // The multithreaded techniques: the threads of a persistent Team (kernels/cpu/team.hpp), thread
  // t owning the t-th contiguous block (cache_partitioned: taking the next chunk); one thread
  // runs on the calling thread. The sequential techniques take 1.
  int threads = 1;
  std::size_t block_bytes = 256 << 10;  // cache_partitioned: input bytes per chunk
  // How the techniques for which scan_streams holds store the output: nontemporal streams it past
  // the caches (from its first vector-aligned element), sparing the read of each output line
  // before it is written, for outputs that do not fit the caches.
  Store store = Store::temporal;
};

inline constexpr int kScanUnrolls[] = {1, 2, 4, 8};

// Whether the technique can stream its output past the caches: the SIMD scan, and the two-pass
// scans whose second pass writes each output element once (not scan-then-fan, whose fan reads
// back what its scan wrote).
bool scan_streams(ScanTechnique t);

// The variant's name, from its parameters: "plain", "unroll4", "std_inclusive_scan" (and
// "std_exclusive_scan": the standard library has a function per kind), "avx2_logstep",
// "reduce_then_scan_avx2_2t", "cache_partitioned_avx512_16t". Otherwise the kind and the store
// are parameters of the case, not part of the name.
std::string scan_variant_name(const ScanCall& call);

// Element reads and writes per element that the call's algorithm makes over n elements (what
// kernels::scan_work declares as Work::algorithm_bytes): 2 for one pass; the two-pass scans
// skip what the last thread's reduce (the first thread's fan) would not change.
double scan_passes(const ScanCall& call);

// out[i] = the `call.kind` prefix sum of x up to i, for any n and alignment; int32 wraps around
// modulo 2^32. out may equal x (in place) but must not overlap it otherwise. Throws
// std::invalid_argument for a call that cannot run (threads < 1, more than one thread for a
// sequential technique, an unroll not in kScanUnrolls, an ISA level this CPU lacks, a chunk
// smaller than a cache line, streaming stores for a technique that has none, a null array with
// n > 0).
void scan_run(const ScanCall& call, const float* x, float* out, std::size_t n);
void scan_run(const ScanCall& call, const double* x, double* out, std::size_t n);
void scan_run(const ScanCall& call, const std::int32_t* x, std::int32_t* out, std::size_t n);

}  // namespace kernels::cpu
