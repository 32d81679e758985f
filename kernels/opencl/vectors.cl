// Put before every OpenCL program Rooflab builds (Runtime::program): fp64 where the device has it
// and, when built with -DREAL=float|double -DW=w, the W-wide vector type V of REAL with its loads
// and stores LOADV(i, p) and STOREV(v, i, p) of vector i at p (W = 1: the scalar itself).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
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
#define LOADV(i, p) CAT(vload, W)(i, p)
#define STOREV(v, i, p) CAT(vstore, W)(v, i, p)
#endif
#endif
