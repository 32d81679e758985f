// Put before every OpenCL program Rooflab builds (Runtime::program): fp64 where the device has it
// and, when built with -DREAL=float|double -DW=w, the W-wide vector type V of REAL with its loads
// and stores LOADV(i, p) and STOREV(v, i, p) of vector i of the global buffer p (W = 1: the scalar
// itself).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

// Clang-based compilers (PoCL) building for a CPU without AVX-512 warn that a builtin taking a
// 64-byte vector (double8) "changes the ABI" (-Wpsabi): a calling convention no kernel exposes,
// and PoCL printed "1 warning generated." on stderr for every such program. Only where the
// compiler knows the warning: NVIDIA's, clang-based too, warned of an unknown one instead.
#ifdef __has_warning
#if __has_warning("-Wpsabi")
#pragma clang diagnostic ignored "-Wpsabi"
#endif
#endif

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

#if defined(REAL) && defined(W)
#if W == 1
typedef REAL V;
#define LOADV(i, p) ((p)[i])
#define STOREV(v, i, p) ((p)[i] = (v))
#else
typedef CAT(REAL, W) V;
// Whole aligned vectors: a buffer is aligned past any vector type (CL_DEVICE_MEM_BASE_ADDR_ALIGN),
// so vector i of it is aligned to the vector. vloadW/vstoreW promise only the element's alignment,
// and NVIDIA's compiler splits them: on an H200 a float4 write of 200 MiB ran at 2700 GB/s with
// vstore4 and 3936 as one aligned store, a double2 write at 3277 and 3906 (2026-11-26).
#define LOADV(i, p) (((global const V*)(p))[i])
#define STOREV(v, i, p) (((global V*)(p))[i] = (v))
#endif
#endif
