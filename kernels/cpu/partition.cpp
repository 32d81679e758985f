#include "kernels/cpu/partition.hpp"

#include <algorithm>
#include <cstdint>

namespace kernels::cpu {

namespace {

// Elements of elem_size bytes from base up to the next 64-byte boundary.
std::size_t elements_to_line(const void* base, std::size_t elem_size) {
  const auto address = reinterpret_cast<std::uintptr_t>(base);
  return (kCacheLineBytes - address % kCacheLineBytes) % kCacheLineBytes / elem_size;
}

}  // namespace

Range thread_block(const void* base, std::size_t n, std::size_t elem_size, int t, int threads) {
  const std::size_t per_line = std::max<std::size_t>(kCacheLineBytes / elem_size, 1);
  const std::size_t head = std::min(elements_to_line(base, elem_size), n);
  const std::size_t lines = (n - head) / per_line;
  const auto boundary = [&](int k) -> std::size_t {
    if (k <= 0) return 0;
    if (k >= threads) return n;
    return head +
           lines * static_cast<std::size_t>(k) / static_cast<std::size_t>(threads) * per_line;
  };
  return {boundary(t), boundary(t + 1)};
}

ChunkedBlocks::ChunkedBlocks(const void* base, std::size_t n, std::size_t elem_size, int threads,
                             std::size_t chunk_bytes)
    : blocks_(static_cast<std::size_t>(threads)),
      chunk_(std::max<std::size_t>(chunk_bytes / elem_size, 1)) {
  for (int t = 0; t < threads; ++t) {
    Block& b = blocks_[static_cast<std::size_t>(t)];
    const Range r = thread_block(base, n, elem_size, t, threads);
    b.begin = r.begin;
    b.end = r.end;
    b.grid =
        r.begin + elements_to_line(static_cast<const char*>(base) + r.begin * elem_size, elem_size);
  }
}

Range ChunkedBlocks::take(int block) {
  Block& b = blocks_[static_cast<std::size_t>(block)];
  const std::size_t k = b.next.fetch_add(1, std::memory_order_relaxed);
  const auto edge = [&](std::size_t j) {
    return j == 0 ? b.begin : std::min(b.end, b.grid + j * chunk_);
  };
  return {edge(k), edge(k + 1)};
}

void ChunkedBlocks::reset() {
  for (Block& b : blocks_) b.next.store(0, std::memory_order_relaxed);
}

}  // namespace kernels::cpu
