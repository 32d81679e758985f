#pragma once
// One physical device seen through two backends in one input: an OpenCL CPU device (PoCL) and
// the native `cpu` device, or a GPU through OpenCL and CUDA. Its chart then shows both backends'
// roofs, and its ceilings table the ratio of each ceiling to the native one.
#include <optional>
#include <vector>

#include "reports/ceilings.hpp"
#include "reports/view.hpp"
#include "roofline/model.hpp"

namespace reports {

// An OpenCL device of type CPU and the `cpu` device; or two devices whose facts["pci_bus_id"]
// agree (compared without case: CUDA prints hex digits in upper case).
bool same_physical_device(const roofline::Device& opencl, const roofline::Device& native);

// For an OpenCL device: the view of the same input through a native backend; nullptr when none.
const DeviceView* native_view(const DeviceView& view, const std::vector<DeviceView>& views);

// The device's roofs, then the native device's (its most-threads ceilings), each labelled with
// the native backend's name ("cpu DRAM", path "cpu avx2").
roofline::Roofline combined_roofline(const roofline::Device& device,
                                     const roofline::Device& native);

// A ceiling of `device` over the native device's matching one: compute rows against the best
// native roof of the same precision, memory rows against the native ceiling of the same level
// and kernel; nullopt when the native device has none.
std::optional<double> ratio_to_native(const CeilingRow& row, const roofline::Device& native);

}  // namespace reports
