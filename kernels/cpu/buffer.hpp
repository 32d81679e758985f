#pragma once
// Arrays for the CPU cases: 64-byte aligned, never value-initialized, and filled by the same
// OpenMP threads and split as the kernel that streams them, so each page is first touched (and
// placed) next to the core that uses it.
#include <cstddef>
#include <cstdint>
#include <memory>

namespace kernels::cpu {

// How a kernel splits its arrays among threads.
enum class Split {
  blocks,      // kernels::cpu::thread_block: contiguous blocks cut on 64-byte boundaries
  omp_static,  // `omp for schedule(static)` over the elements
};

template <class T>
class Buffer {
 public:
  explicit Buffer(std::size_t n);  // throws std::bad_alloc
  T* data() const { return data_.get(); }
  std::size_t size() const { return n_; }

 private:
  struct Free {
    void operator()(T* p) const;
  };
  std::unique_ptr<T, Free> data_;
  std::size_t n_;
};

// p[i] = kernels::input_as<T>(seed, i) for all i: the pages first touched by the split's threads,
// the values written by all of OpenMP's.
template <class T>
void fill_random(Buffer<T>& b, std::uint64_t seed, int threads, Split split);
// p[i] = value for all i (NaN poisons an output before a verified run).
template <class T>
void fill_value(Buffer<T>& b, T value, int threads, Split split);

}  // namespace kernels::cpu
