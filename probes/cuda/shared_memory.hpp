#pragma once
// The shared-memory bandwidth probe: every thread reads 16-byte vectors (LDS.128) from a 16 KiB
// array in its block's shared memory, a warp's 32 lanes on 512 consecutive bytes (no bank
// conflict), 16 loads per pass, the addresses shifted every pass so no load can be hoisted.
// Element j holds base + (j mod 8), so a vector sums to 4·base + 6 at an even index and
// 4·base + 22 at an odd one; each thread's loads keep its own parity, and its sum is checked
// exactly.
#include <cstdint>
#include <memory>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

inline constexpr int kSharedVectors = 1024;  // float4s per block: 16 KiB
inline constexpr int kSharedLoadsPerPass = 16;

struct SharedMemoryConfig {
  int sms = 1;
  int blocks_per_sm = 8;
  int threads = 256;  // per block, even
  int passes = 1024;  // per launch: about 1 ms at 128 B/clock/SM and 2 GHz
};

// Bytes read per launch: threads × passes × 16 loads × 16 bytes.
double shared_memory_bytes(const SharedMemoryConfig& config);

// Enqueues the probe kernel; each thread writes its sum to sums[thread].
void shared_memory_launch(const SharedMemoryConfig& config, float base, float* sums);

// Family "bandwidth", variant "shared_lds128", level "shared". Throws roofline::InputError for an
// odd or out-of-range block size, an empty grid, or passes below 1 or so many that a sum is no
// longer exact in float.
std::unique_ptr<roofline::Case> make_shared_memory_case(const roofline::Device& device,
                                                        const SharedMemoryConfig& config);

}  // namespace probes::cuda
