#pragma once
// CPU and GPU on one buffer: the seeds' interleaving experiment (the matrix study's, and the M1
// study's claim that interleaved CPU work costs nothing on unified memory). One call is a
// producer and a consumer on one y: the GPU runs the nested SAXPY of depth kOneBufferDepth over
// all of y (x read-only), then the CPU runs it over a share of y (the last cpu_percent of it),
// reading what the GPU wrote; the next call's GPU pass reads what the CPU wrote. Where y lives
// (OneBufferMemory) decides what moves between the two: pages that migrate on a fault, prefetches,
// explicit copies, or nothing (each side its own memory: the reference).
//
// Each call is timed in parts (OneBufferPart), each a case of its own: the whole call (placed
// under the `host_link` roof with the bytes the share must cross: y's share to the host and back),
// the GPU's pass (under its memory level), the CPU's pass (level kHostLevel: its roofs are the CPU
// device's, not the GPU's, so it is not placed on the GPU's roofline).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kernels/family.hpp"
#include "roofline/work.hpp"

namespace kernels {

// Not in the default suite (a study of memory placement, mostly migration time); its study sweeps
// the CPU's share of y, a panel per part of the call.
inline constexpr Family kOneBuffer{.name = "one_buffer",
                                   .in_default_suite = false,
                                   .arrays = 2,
                                   .size_param = "cpu_percent",
                                   .size_label = "CPU's share of y (%)",
                                   .panel_param = "part"};

inline constexpr int kOneBufferDepth = 16;  // memory-bound on both sides (AI 2.7 FLOP/B in fp32)
inline constexpr std::array<int, 4> kOneBufferCpuPercents = {1, 4, 16, 64};
// The share starts on a 2 MiB boundary: a managed page group never holds both sides' elements.
inline constexpr std::size_t kOneBufferAlignBytes = std::size_t{2} << 20;

enum class OneBufferMemory {
  managed,           // cudaMallocManaged: pages migrate when the other side touches them
  managed_prefetch,  // managed, the share prefetched to the host and back inside the call
  system,            // plain malloc'd memory the GPU reads through HMM (pageable memory access)
  copies,            // y on the device, its share copied to pinned host memory and back
  separate,          // each side its own y (device, pinned host): nothing moves (the reference)
};
inline constexpr std::array kOneBufferMemories = {
    OneBufferMemory::managed, OneBufferMemory::managed_prefetch, OneBufferMemory::system,
    OneBufferMemory::copies, OneBufferMemory::separate};
std::string_view to_string(OneBufferMemory m);

enum class OneBufferPart {
  call,  // the GPU's pass, the moves to the host, the CPU's pass, the moves back
  gpu,   // the GPU's pass alone (events around the kernel)
  cpu,   // the CPU's pass alone (the host's clock)
};
inline constexpr std::array kOneBufferParts = {OneBufferPart::call, OneBufferPart::gpu,
                                               OneBufferPart::cpu};
std::string_view to_string(OneBufferPart p);

// The level of a part that the GPU's profile has no roof for: the host's own memory.
inline constexpr std::string_view kHostLevel = "host";

// The first element of the CPU's share of n elements of `element_bytes`: n − percent% of n,
// rounded down to kOneBufferAlignBytes (0 when n is smaller than that).
std::size_t one_buffer_split(std::size_t n, int cpu_percent, std::size_t element_bytes);

// A part's work over n elements split at `split`: the GPU's pass the nested SAXPY's over n, the
// CPU's over n − split; the call both passes' FLOPs and, as its bytes, the share of y across the
// link and back (none for `separate`, which moves nothing).
roofline::Work one_buffer_work(OneBufferPart part, OneBufferMemory memory, roofline::Precision p,
                               std::size_t n, std::size_t split);

// Where a part is placed: `host_link` for a call that moves the share, kHostLevel for the CPU's
// pass and `separate`'s call, "" (the working set's level on the GPU) for the GPU's pass.
std::string_view one_buffer_level(OneBufferPart part, OneBufferMemory memory);

}  // namespace kernels
