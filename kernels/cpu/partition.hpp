#pragma once
// How the CPU kernels split an array among OpenMP threads. Kernels and the first touch of their
// buffers use the same split, so each thread's block lives in memory near the core that runs it.
#include <cstddef>

namespace kernels::cpu {

inline constexpr std::size_t kCacheLineBytes = 64;

struct Range {
  std::size_t begin, end;
};

// Elements of elem_size bytes from base up to the next 64-byte boundary.
std::size_t elements_to_line(const void* base, std::size_t elem_size);

// Thread t's contiguous block of n elements of elem_size bytes starting at base. Interior
// boundaries fall on 64-byte-aligned addresses, so no cache line is written by two threads.
Range thread_block(const void* base, std::size_t n, std::size_t elem_size, int t, int threads);

}  // namespace kernels::cpu
