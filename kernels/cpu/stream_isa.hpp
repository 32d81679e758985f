#pragma once
// Per-ISA entry points of the stream kernels: stream_simd.cpp and stream_plain.cpp are compiled
// once per level into these namespaces (cmake/IsaVariants.cmake); stream.cpp picks one at run
// time. For read and dot, stream_simd leaves thread t's part of the sum in thread_sums[t] and
// stream_plain the whole sum in *sum.
#include <cstddef>

#include "kernels/cpu/isa.hpp"
#include "kernels/cpu/stream.hpp"

namespace kernels::cpu {

#define ROOFLAB_STREAM_ISA_ENTRY_POINTS                                                            \
  template <class T>                                                                               \
  void stream_simd(const StreamCall& call, T* out, const T* in1, const T* in2, std::size_t n, T s, \
                   double* thread_sums);                                                           \
  template <class T>                                                                               \
  void stream_plain(const StreamCall& call, T* out, const T* in1, const T* in2, std::size_t n,     \
                    T s, double* sum);

ROOFLAB_DECLARE_PER_ISA(ROOFLAB_STREAM_ISA_ENTRY_POINTS)

#undef ROOFLAB_STREAM_ISA_ENTRY_POINTS

}  // namespace kernels::cpu
