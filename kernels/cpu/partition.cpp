#include "kernels/cpu/partition.hpp"

#include <algorithm>
#include <cstdint>

namespace kernels::cpu {

std::size_t elements_to_line(const void* base, std::size_t elem_size) {
  const auto address = reinterpret_cast<std::uintptr_t>(base);
  return (kCacheLineBytes - address % kCacheLineBytes) % kCacheLineBytes / elem_size;
}

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

}  // namespace kernels::cpu
