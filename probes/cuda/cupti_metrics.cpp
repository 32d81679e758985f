#include "probes/cuda/cupti_metrics.hpp"

#include <algorithm>

namespace probes::cuda {
namespace {

std::string sass_op(const char* op) {
  return std::string("sm__sass_thread_inst_executed_op_") + op + "_pred_on.sum";
}

}  // namespace

std::vector<roofline::EventSpec> cupti_default_events() {
  using roofline::kFlops;
  std::vector<roofline::EventSpec> events;
  for (const char* p : {"d", "f"}) {
    const std::string prefix = p;
    events.push_back({sass_op((prefix + "add").c_str()), kFlops, 1});
    events.push_back({sass_op((prefix + "mul").c_str()), kFlops, 1});
    events.push_back({sass_op((prefix + "fma").c_str()), kFlops, 2});
  }
  for (const char* op : {"hadd", "hmul", "hfma"}) events.push_back({sass_op(op), "", 1});
  events.push_back({"l1tex__t_bytes.sum", "bytes.L1", 1});
  events.push_back({"lts__t_bytes.sum", "bytes.L2", 1});
  events.push_back({"dram__bytes_read.sum", "bytes.DRAM", 1});
  events.push_back({"dram__bytes_write.sum", "bytes.DRAM", 1});
  events.push_back({"gpu__time_duration.sum", "", 1});
  return events;
}

roofline::EventSpec cupti_event(const std::string& metric) {
  const auto events = cupti_default_events();
  const auto it = std::find_if(events.begin(), events.end(),
                               [&](const roofline::EventSpec& e) { return e.name == metric; });
  return it != events.end() ? *it : roofline::EventSpec{metric, "", 1};
}

}  // namespace probes::cuda
