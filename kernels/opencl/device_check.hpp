#pragma once
// The stream and nested SAXPY checks on an OpenCL device (kernels/opencl/check.cl), as the CUDA
// backend makes them (kernels/cuda/element_check.cuh): the inputs are made on the device from
// their seeds and each element is compared there with the same exact reference and tolerance as
// on the host, so that a DRAM-sized case costs milliseconds to fill and check instead of seconds
// of host work and transfers. They compute in double: only where the device has cl_khr_fp64;
// elsewhere the cases keep the host's inputs and checks.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/opencl/cl.hpp"
#include "kernels/opencl/runtime.hpp"
#include "kernels/stream.hpp"
#include "kernels/stream_seeds.hpp"
#include "roofline/results.hpp"

namespace kernels::opencl {

// Whether `device` makes and checks the inputs itself (cl_khr_fp64).
bool checks_on_device(const cl::Device& device);

// The first n elements of `a` (float or double) set to input_as<T>(seed, i).
template <class T>
void fill_inputs(Runtime& runtime, const cl::Buffer& a, std::uint64_t seed, std::size_t n);

// The same inputs wherever the case is checked: filled on a device that checks itself (returns
// nothing), else made on the host and written, that copy returned for the host's check.
template <class T>
std::vector<T> put_inputs(Runtime& runtime, const cl::Buffer& a, std::uint64_t seed, std::size_t n);

// verify_stream_output of the n elements of `out` after one pass of `op` with scalar s.
template <class T>
roofline::Verification verify_stream_output_on_device(Runtime& runtime, StreamOp op,
                                                      const cl::Buffer& out, std::size_t n, T s,
                                                      const StreamSeeds& seeds);

// verify_stream_sum of read's or dot's `sum` over n elements, against an exact sum made on the
// device in double-double arithmetic.
template <class T>
roofline::Verification verify_stream_sum_on_device(Runtime& runtime, StreamOp op, double sum,
                                                   std::size_t n, const StreamSeeds& seeds);

// verify_nested_saxpy of the n elements of y after one call of depth m, from x's and y0's seeds.
template <class T>
roofline::Verification verify_nested_saxpy_on_device(Runtime& runtime, int m, const cl::Buffer& y,
                                                     std::size_t n, std::uint64_t x_seed,
                                                     std::uint64_t y0_seed);

}  // namespace kernels::opencl
