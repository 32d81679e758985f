#pragma once
// How the CPU kernels split an array among OpenMP threads. Kernels and the first touch of their
// buffers use the same split, so each thread's block lives in memory near the core that runs it.
#include <atomic>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace kernels::cpu {

inline constexpr std::size_t kCacheLineBytes = 64;

// The chunks balanced kernels hand out: a quarter MiB, few enough to cost nothing to hand out,
// small enough to even out the threads at the end of a call.
inline constexpr std::size_t kBalancedChunkBytes = 256 << 10;

struct Range {
  std::size_t begin, end;
};

// A thread's partial result on a cache line of its own, so threads do not write to one line.
template <class T>
struct alignas(kCacheLineBytes) Partial {
  T value{};
};

// a + b, wrapping around for integers: how partial results are combined.
template <class T>
T wrapping_add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}

// The thread counts of a family's thread ladder: the powers of two below max_threads, then
// max_threads.
inline std::vector<int> thread_ladder(int max_threads) {
  std::vector<int> counts;
  for (int t = 1; t < max_threads; t *= 2) counts.push_back(t);
  counts.push_back(max_threads);
  return counts;
}

// Thread t's contiguous block of n elements of elem_size bytes starting at base. Interior
// boundaries fall on 64-byte-aligned addresses, so no cache line is written by two threads.
Range thread_block(const void* base, std::size_t n, std::size_t elem_size, int t, int threads);

// The threads' blocks, handed out in chunks of about chunk_bytes whose interior edges sit on
// 64-byte boundaries. Each thread takes its own block's chunks first (the pages it touched first)
// and then the chunks left in the others' blocks, so a thread on a slower or shared core (vCPUs of
// a busy host, hybrid cores) does not hold the call up: equal shares finish at the slowest
// thread's pace.
class ChunkedBlocks {
 public:
  ChunkedBlocks(const void* base, std::size_t n, std::size_t elem_size, int threads,
                std::size_t chunk_bytes);

  // The next chunk of thread `block`'s block, for any thread; empty once the block is done.
  Range take(int block);

  // Calls f(chunk) for the chunks thread t takes: its own block's, then the others' leftovers.
  template <class F>
  void drain(int t, F&& f) {
    const int threads = static_cast<int>(blocks_.size());
    for (int k = 0; k < threads; ++k)
      for (Range c; (c = take((t + k) % threads)).begin < c.end;) f(c);
  }

  // Hands every chunk out again, for another pass; only while no thread takes chunks.
  void reset();

 private:
  struct alignas(kCacheLineBytes) Block {
    std::atomic<std::size_t> next{0};          // the next chunk to hand out
    std::size_t begin = 0, grid = 0, end = 0;  // chunk k >= 1 starts at grid + k * chunk
  };
  std::vector<Block> blocks_;
  std::size_t chunk_;  // elements
};

}  // namespace kernels::cpu
