// The peak-FLOP probe: C independent chains of W-wide vectors per work-item, each step
// t = t·a + b by OP (fma or mad). With a = 0.5 every chain converges to 2b exactly, so every lane
// is checked exactly. Built with -DREAL=float|double -DW=w -DC=c -DOP=fma|mad -DU=u (iterations is a
// multiple of U). V, LOADV and STOREV come from the prelude, kernels/opencl/vectors.cl.

// The start values come from memory and differ per lane and chain, so the compiler can neither
// merge chains nor narrow a vector to one lane.
kernel void fma_chains(global REAL* restrict out, global const REAL* restrict start, const REAL a,
                       const REAL b, const int iterations) {
  V t[C];
#pragma unroll
  for (int k = 0; k < C; ++k) t[k] = LOADV(k, start);
  const V va = (V)(a), vb = (V)(b);
  // U steps per trip, unrolled (PeakFlopsConfig::unroll says why and where).
  for (int it = 0; it < iterations; it += U) {
#pragma unroll
    for (int u = 0; u < U; ++u) {
#pragma unroll
      for (int k = 0; k < C; ++k) t[k] = OP(t[k], va, vb);
    }
  }
#pragma unroll
  for (int k = 0; k < C; ++k) STOREV(t[k], get_global_id(0) * C + k, out);
}
