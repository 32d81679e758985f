// The shared-read L2 probe (probes/l2_shared.hpp): work-group b reads slice b / readers, each
// work-item LOADS float4s a pass, work-item l the vectors l, l + size, … of the slice, the pass's
// first vector rotating so that no load is hoisted out of the pass loop. The loads are volatile:
// NVIDIA's compiler serves them from the L2, not L1 (as CUDA's ld.global.cg; checked against
// CUDA's figure in the same run, docs/performance.md). Built with -DLOADS=n (a power of two).
kernel void l2_shared_read(global const float4* data, const int readers, const int passes,
                           global float* sums) {
  const size_t lid = get_local_id(0), size = get_local_size(0);
  volatile global const float4* slice = data + (get_group_id(0) / readers) * LOADS * size + lid;
  float4 acc = (float4)(0);
  int first = 0;
  for (int p = 0; p < passes; ++p) {
    float4 v[LOADS];
#pragma unroll
    for (int k = 0; k < LOADS; ++k) v[k] = slice[((first + k) & (LOADS - 1)) * size];
#pragma unroll
    for (int k = 0; k < LOADS; ++k) acc += v[k];
    first = (first + 1) & (LOADS - 1);
  }
  sums[get_global_id(0)] = (acc.x + acc.y) + (acc.z + acc.w);
}
