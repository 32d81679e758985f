#include "probes/cuda/cupti_metrics.hpp"

#include <algorithm>

namespace probes::cuda {
namespace {

std::string sass_op(const std::string& op) {
  return "sm__sass_thread_inst_executed_op_" + op + "_pred_on.sum";
}

}  // namespace

std::vector<roofline::EventSpec> cupti_default_events() {
  using roofline::kFlops;
  std::vector<roofline::EventSpec> events;
  for (const auto& [p, precision] : {std::pair{"d", "fp64"}, std::pair{"f", "fp32"}}) {
    const std::string prefix = p;
    events.push_back({sass_op(prefix + "add"), kFlops, 1, precision});
    events.push_back({sass_op(prefix + "mul"), kFlops, 1, precision});
    events.push_back({sass_op(prefix + "fma"), kFlops, 2, precision});
  }
  for (const char* op : {"hadd", "hmul", "hfma"}) events.push_back({sass_op(op), "", 1});
  events.push_back({"l1tex__t_bytes.sum", "bytes.L1", 1});
  events.push_back({"lts__t_bytes.sum", "bytes.L2", 1});
  events.push_back({"dram__bytes_read.sum", "bytes.DRAM", 1});
  events.push_back({"dram__bytes_write.sum", "bytes.DRAM", 1});
  events.push_back({kDurationMetric, "", 1});
  return events;
}

std::vector<roofline::EventSpec> cupti_program_events() {
  using roofline::kFlops;
  // Half-precision SIMT instructions stay shown only, as in the default set: on an H200 an fp32
  // softmax of PyTorch's counted 92M of them (register moves) beside 939M FFMA.
  std::vector<roofline::EventSpec> events = cupti_default_events();
  // The tensor cores' operations per input type, an FMA counted as two (a bf16 GEMM of
  // m = n = k = 4096 counted 2·m·n·k exactly on an H200: docs/performance.md).
  for (const auto& [source, precision] :
       {std::pair{"fp16", "fp16_tensor"}, std::pair{"bf16_dst_fp32", "bf16_tensor"},
        std::pair{"tf32_dst_fp32", "tf32_tensor"}, std::pair{"fp64", "fp64_tensor"},
        std::pair{"fp8", "fp8_tensor"}, std::pair{"int8", "int8_tensor"}})
    events.push_back(
        {std::string("sm__ops_path_tensor_src_") + source + ".sum", kFlops, 1, precision});
  events.push_back({"sm__sass_data_bytes_mem_shared.sum", "bytes.shared", 1});
  return events;
}

roofline::EventSpec cupti_event(const std::string& metric) {
  const auto events = cupti_default_events();
  const auto it = std::find_if(events.begin(), events.end(),
                               [&](const roofline::EventSpec& e) { return e.name == metric; });
  return it != events.end() ? *it : roofline::EventSpec{metric, "", 1};
}

}  // namespace probes::cuda
