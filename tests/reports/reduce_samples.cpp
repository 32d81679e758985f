#include "reduce_samples.hpp"

#include "sample_results.hpp"

namespace reports::samples {
namespace {

using roofline::Precision;

roofline::Result reduce_result(const std::string& op, Precision p, const std::string& variant,
                               double length) {
  roofline::Result r;
  r.family = "reduce";
  r.variant = variant;
  r.backend = "cpu";
  r.device = "cpu";
  r.params = {{"n", length}, {"op", op}, {"threads", variant.ends_with("_2t") ? 2 : 1}};
  if (variant.starts_with("openblas")) r.params["library"] = "OpenBLAS 0.3.21";
  r.study = {.param = "n",
             .label = "vector length (elements)",
             .panel = "op",
             .baseline = variant.starts_with("openblas")};
  r.work.precision = p;
  r.work.flops = (op == "dot" ? 2 : 1) * length;
  r.work.bytes = r.work.working_set = (op == "dot" ? 2 : 1) * length * 4;
  r.level = length < 8192 ? "L1" : "L2";
  r.verification = {true, 0, 1e-6, "within tolerance"};
  const double t = reduce_sample_time(variant, length);
  r.samples.assign(5, t);
  r.time = roofline::summarize(r.samples);
  return r;
}

}  // namespace

double reduce_sample_time(const std::string& variant, double length) {
  double factor = 1;
  if (variant == "plain_1t") factor = 4;
  if (variant == "avx2_8acc_1t") factor = 1.1;
  if (variant == "avx2_8acc_2t") factor = 0.9;
  if (variant == "openblas_1t") factor = 1.2;
  return factor * length * 1e-9;
}

roofline::Results reduce_results() {
  roofline::Results results;
  results.machine.devices.push_back(sample_device());
  for (const std::string op : {"sum", "dot"})
    for (const std::string& v : kReduceVariants)
      for (double n : kReduceLengths)
        results.results.push_back(reduce_result(op, Precision::fp32, v, n));
  for (const std::string& v : {std::string("plain_1t"), std::string("avx2_8acc_1t")})
    for (double n : kReduceLengths)
      results.results.push_back(reduce_result("sum", Precision::int32, v, n));
  roofline::Result failed = reduce_result("sum", Precision::fp32, "avx2_1acc_1t", 1024);
  failed.verification = {false, 1, 1e-6, "reduce sum fp32: off"};
  failed.time.reset();
  failed.samples.clear();
  results.results.push_back(failed);
  return results;
}

roofline::Results reduce_results_on_opencl(const std::string& name, double slower) {
  roofline::Results results = reduce_results();
  roofline::Device& d = results.machine.devices[0];
  d.id = "opencl:0:0";
  d.backend = "opencl";
  d.name = name;
  for (roofline::Result& r : results.results) {
    r.device = d.id;
    r.backend = "opencl";
    if (!r.time) continue;
    for (double& s : r.samples) s *= slower;
    r.time = roofline::summarize(r.samples);
  }
  return results;
}

}  // namespace reports::samples
