#pragma once
// The name of the FMA instruction path each precision's peak is measured with on a GPU: the
// SASS instruction the probe's chains compile to (paired for 16-bit types).
#include <string_view>

#include "roofline/work.hpp"

namespace probes::cuda {

constexpr std::string_view fma_path(roofline::Precision p) {
  switch (p) {
    case roofline::Precision::fp64:
      return "dfma";
    case roofline::Precision::fp32:
      return "ffma";
    case roofline::Precision::fp16:
      return "hfma2";
    case roofline::Precision::bf16:
      return "hfma2_bf16";
    default:  // int32 and the tensor precisions: no FMA chain
      break;
  }
  return "none";
}

}  // namespace probes::cuda
