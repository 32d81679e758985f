// Nested SAXPY (kernels/nested_saxpy.hpp): per element, t = x; M times t = a·t + y; y = t.
// Built with -DREAL=float|double -DM=m: the depth is a compile-time constant, so the chain is
// unrolled and t stays in a register.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

kernel void nested_saxpy(global REAL* restrict y, global const REAL* restrict x, const REAL a,
                         const ulong n) {
  const size_t i = get_global_id(0);
  if (i >= n) return;
  const REAL yi = y[i];
  REAL t = x[i];
#pragma unroll
  for (int k = 0; k < M; ++k) t = fma(a, t, yi);
  y[i] = t;
}
