#pragma once
// The exact result of one element of a stream operation from its inputs, for the host check
// (kernels/stream.cpp) and the CUDA one (kernels/cuda/stream_check.cu) alike.
#include <limits>

#include "kernels/exact.hpp"
#include "kernels/host_device.hpp"
#include "kernels/stream.hpp"

namespace kernels {

// Element i of one pass with scalar s, from in1[i], in2[i] and out0 (the output before the call,
// which only daxpy reads); read and dot have no output element (NaN).
ROOFLAB_HOST_DEVICE inline ExactValue exact_stream_element(StreamOp op, double s, double in1,
                                                           double in2, double out0) {
  switch (op) {
    case StreamOp::write:
      return {s, 0, fabs(s)};
    case StreamOp::copy:
      return {in1, 0, fabs(in1)};
    case StreamOp::scale: {
      const double product = s * in1;
      return {product, fma(s, in1, -product), fabs(product)};
    }
    case StreamOp::add: {
      ExactValue v{0, 0, fabs(in1) + fabs(in2)};
      two_sum(in1, in2, v.hi, v.lo);
      return v;
    }
    case StreamOp::triad:
      return exact_axpy(in1, s, in2);
    case StreamOp::daxpy:
      return exact_axpy(out0, s, in1);
    case StreamOp::read:
    case StreamOp::dot:
      break;
  }
  return {std::numeric_limits<double>::quiet_NaN(), 0, 1};
}

}  // namespace kernels
