#include "kernels/nested_saxpy_offload.hpp"

#include "kernels/nested_saxpy.hpp"

namespace kernels {

std::string_view to_string(OffloadPart part) {
  switch (part) {
    case OffloadPart::call:
      return "call";
    case OffloadPart::link:
      return "link";
    case OffloadPart::kernel:
      return "kernel";
  }
  return "unknown";
}

roofline::Work nested_saxpy_offload_work(OffloadPart part, roofline::Precision p, std::int64_t n,
                                         int m) {
  roofline::Work w = nested_saxpy_work(p, n, m);
  if (part == OffloadPart::link) w.flops = 0;
  return w;
}

std::string_view offload_level(OffloadPart part) {
  return part == OffloadPart::kernel ? "" : "host_link";
}

}  // namespace kernels
