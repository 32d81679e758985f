#include "kernels/cpu/buffer.hpp"

#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <new>

#include "kernels/cpu/partition.hpp"
#include "kernels/inputs.hpp"

namespace kernels::cpu {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

template <class T>
T* allocate(std::size_t n) {
  const std::size_t bytes = n * sizeof(T);
  // Arrays of a huge page or more start on one and ask for transparent huge pages, so streaming
  // them does not miss the TLB every 4 KiB; the plain baseline gets the same arrays.
  const std::size_t align = bytes >= kHugePage ? kHugePage : kCacheLineBytes;
  const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + align - 1) / align * align;
  void* p = std::aligned_alloc(align, rounded);
  if (!p) throw std::bad_alloc();
  if (align == kHugePage) madvise(p, rounded, MADV_HUGEPAGE);  // only a hint: ignore failure
  return static_cast<T*>(p);
}

// Calls f(i) for every element with the split's threads.
template <class T, class F>
void for_each_element(const Buffer<T>& b, int threads, Split split, F f) {
  const std::size_t n = b.size();
  if (split == Split::omp_static) {
#pragma omp parallel for schedule(static) num_threads(threads) proc_bind(close)
    for (std::size_t i = 0; i < n; ++i) f(i);
    return;
  }
#pragma omp parallel num_threads(threads) proc_bind(close)
  {
    const Range r =
        thread_block(b.data(), n, sizeof(T), omp_get_thread_num(), omp_get_num_threads());
    for (std::size_t i = r.begin; i < r.end; ++i) f(i);
  }
}

}  // namespace

template <class T>
Buffer<T>::Buffer(std::size_t n) : data_(allocate<T>(n)), n_(n) {}

template <class T>
void Buffer<T>::Free::operator()(T* p) const {
  std::free(p);
}

template <class T>
void fill_random(Buffer<T>& b, std::uint64_t seed, int threads, Split split) {
  T* p = b.data();
  const int all = omp_get_max_threads();
  if (threads < all) {
    // The pages are placed by the split's threads' first touch (a zero, at memset speed); the
    // values, a hash of ~10 ns each, are then written by every thread: a one-thread case's 1.6 GiB
    // of inputs took 2 s of a 16-vCPU guest's quick probe when its one thread wrote them.
    for_each_element(b, threads, split, [p](std::size_t i) { p[i] = T(0); });
    threads = all;
  }
  for_each_element(b, threads, split, [p, seed](std::size_t i) { p[i] = input_as<T>(seed, i); });
}

template <class T>
void fill_value(Buffer<T>& b, T value, int threads, Split split) {
  T* p = b.data();
  for_each_element(b, threads, split, [p, value](std::size_t i) { p[i] = value; });
}

template class Buffer<float>;
template class Buffer<double>;
template class Buffer<std::int32_t>;
template void fill_random(Buffer<float>&, std::uint64_t, int, Split);
template void fill_random(Buffer<double>&, std::uint64_t, int, Split);
template void fill_random(Buffer<std::int32_t>&, std::uint64_t, int, Split);
template void fill_value(Buffer<float>&, float, int, Split);
template void fill_value(Buffer<double>&, double, int, Split);
template void fill_value(Buffer<std::int32_t>&, std::int32_t, int, Split);

}  // namespace kernels::cpu
