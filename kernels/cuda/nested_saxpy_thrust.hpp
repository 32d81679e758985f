#pragma once
// The nested SAXPY through Thrust, the study's baseline: thrust::transform over (x, y) into y with
// the m-deep expression as a functor templated on m (kernels/nested_saxpy.hpp).
#include <cstddef>

namespace kernels::cuda {

// Enqueues y[i] = a(…a(a·x[i] + y[i]) + y[i]…) + y[i] on the default stream without waiting for
// it (thrust::cuda::par_nosync). Throws std::invalid_argument for an m outside
// kNestedSaxpyDepths.
template <class T>
void nested_saxpy_thrust(int m, T* y, const T* x, std::size_t n, T a);

}  // namespace kernels::cuda
