// Local-memory bandwidth: a work-group fills a tile of TILE vectors (TILE a power of two) in
// local memory, then every work-item reads READS of them, consecutive work-items reading
// consecutive vectors (no bank conflicts), into four sums. Tile values are small integers
// (index mod 8), so every sum is exact and known on the host. Built with -DREAL=float -DW=w
// -DTILE=t.
// V, LOADV and STOREV come from the prelude, kernels/opencl/vectors.cl.

kernel void local_read(global float* restrict out, const int reads) {
  local V tile[TILE];
  const int lid = get_local_id(0);
  for (int i = lid; i < TILE; i += get_local_size(0)) tile[i] = (V)((float)(i & 7));
  barrier(CLK_LOCAL_MEM_FENCE);
  V acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0;
  for (int r = 0; r < reads; r += 4) {
    acc0 += tile[(lid + r) & (TILE - 1)];
    acc1 += tile[(lid + r + 1) & (TILE - 1)];
    acc2 += tile[(lid + r + 2) & (TILE - 1)];
    acc3 += tile[(lid + r + 3) & (TILE - 1)];
  }
  STOREV((acc0 + acc1) + (acc2 + acc3), get_global_id(0), out);
}
