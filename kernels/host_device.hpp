#pragma once
// Marks a function that the CUDA compiler also builds for the device; plain C++ elsewhere.
#if defined(__CUDACC__)
#define ROOFLAB_HOST_DEVICE __host__ __device__
#else
#define ROOFLAB_HOST_DEVICE
#endif
