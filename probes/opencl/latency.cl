// One work-item counts its launch: the launch ran.
__kernel void count_launch(__global uint* count) { atomic_inc(count); }
