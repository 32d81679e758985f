#pragma once
// The verdict of the outlier rule on a machine's identical devices
// (roofline/identical_devices.hpp), for the terminal and the report.
#include <string>
#include <vector>

#include "roofline/profile.hpp"

namespace reports {

// One line per outlier ("OUTLIER cuda:2 among identical cuda:0, cuda:1, cuda:2: DRAM: …"), or one
// line saying there is none or that the group is too small for a verdict.
std::vector<std::string> identical_devices_lines(const roofline::IdenticalDevices& group);

// The verdict on the group of `device_id` and its own outliers, in sentences; empty when the
// device has no identical sibling in the profile.
std::string identical_device_note(const roofline::MachineProfile& m, const std::string& device_id);

}  // namespace reports
