// The OpenCL backend on the platforms of this machine: device facts from the queries, honest
// theoretical peaks (unknown on a CPU device), and a tiny end-to-end probe.
#include "probes/opencl/backend.hpp"

#include <gtest/gtest.h>

#include <set>

#include "probes/l2_shared.hpp"
#include "probes/levels.hpp"
#include "probes/opencl/bandwidth.hpp"
#include "probes/opencl/device.hpp"
#include "probes/opencl/peak_flops.hpp"
#include "roofline/input_error.hpp"

namespace {

using probes::opencl::OpenClBackend;

TEST(OpenClBackend, ListsEveryDeviceWithItsFacts) {
  const OpenClBackend backend;
  ASSERT_TRUE(backend.availability().available) << backend.availability().reason;
  const auto devices = backend.devices();
  ASSERT_FALSE(devices.empty());
  for (const roofline::Device& d : devices) {
    EXPECT_EQ(d.id.rfind("opencl:", 0), 0u) << d.id;
    EXPECT_EQ(d.backend, "opencl");
    EXPECT_FALSE(d.name.empty());
    EXPECT_GE(d.compute_units, 1);
    EXPECT_GT(d.clock_hz, 0);
    EXPECT_GT(d.memory_bytes, 0);
    EXPECT_GT(d.facts.at("local_memory_bytes").get<double>(), 0);
    EXPECT_GT(d.facts.at("max_alloc_bytes").get<double>(), 0);
    EXPECT_GE(d.facts.at("preferred_vector_width").at("float").get<int>(), 1);
    EXPECT_TRUE(d.facts.at("fp64").is_boolean());
    // A peak is computed only from a known architecture; otherwise the reason is given.
    if (d.facts.at("architecture").is_null()) {
      EXPECT_TRUE(d.theoretical_compute.empty());
      EXPECT_EQ(d.facts.at("theoretical_compute").get<std::string>().rfind("unknown: ", 0), 0u);
    } else {
      EXPECT_FALSE(d.theoretical_compute.empty());
    }
  }
}

TEST(OpenClBackend, ACpuDeviceHasNoInventedPeak) {
  const OpenClBackend backend;
  for (const roofline::Device& d : backend.devices()) {
    if (d.facts.at("device_type") != "CPU") continue;
    EXPECT_TRUE(d.theoretical_compute.empty()) << d.name;
    EXPECT_NE(d.facts.at("theoretical_compute").get<std::string>().find("no query"),
              std::string::npos);
  }
}

TEST(OpenClBackend, AnUnknownDeviceIdIsBadInput) {
  const OpenClBackend backend;
  EXPECT_THROW(backend.runtime("opencl:9:0"), roofline::InputError);
}

TEST(OpenClBackend, PeakFlopsStepsMustFillWholeUnrolledTrips) {
  const OpenClBackend backend;
  const roofline::Device device = backend.devices().at(0);
  const auto runtime = backend.runtime(device.id);
  EXPECT_NO_THROW(
      probes::opencl::make_peak_flops_case({.iterations = 128, .unroll = 64}, device, runtime));
  try {
    probes::opencl::make_peak_flops_case({.iterations = 100, .unroll = 64}, device, runtime);
    ADD_FAILURE() << "100 steps were accepted";
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("100"), std::string::npos) << e.what();
  }
}

TEST(OpenClBackend, TinyProbeFillsComputeLocalAndGlobalCeilings) {
  const OpenClBackend backend;
  roofline::Device device = backend.devices().at(0);
  roofline::ProbeOptions options;
  options.max_working_set = 256 * 1024;
  options.measure = {.repetitions = 3, .min_sample_seconds = 0.0005, .warmup_seconds = 0};
  EXPECT_EQ(backend.probe(device, options), std::vector<std::string>{});
  EXPECT_EQ(device.facts.at("probe_failures"), nlohmann::json::array());

  std::set<roofline::Precision> precisions;
  for (const auto& c : device.compute) {
    precisions.insert(c.precision);
    EXPECT_GT(c.flops_per_s.median, 1e6);
    EXPECT_EQ(c.threads, device.compute_units);
    EXPECT_NE(c.method.find("converges to 2b exactly"), std::string::npos) << c.method;
  }
  EXPECT_TRUE(precisions.contains(roofline::Precision::fp32));
  EXPECT_EQ(precisions.contains(roofline::Precision::fp64), device.facts.at("fp64").get<bool>());

  std::set<std::string> kernels_seen;
  bool local = false;
  std::set<std::string> link_directions;
  for (const auto& m : device.memory) {
    EXPECT_GT(m.bytes_per_s.median, 1e6) << m.level << " " << m.kernel;
    if (m.level == probes::opencl::kLocal) {
      local = true;
    } else if (m.level == probes::kL2SharedLevel) {  // a GPU's: its own level, never "L2"
      EXPECT_NE(m.method.find("checked exactly"), std::string::npos) << m.method;
    } else if (m.level == "host_link") {
      link_directions.insert(m.kernel);
      EXPECT_NE(m.method.find("copied host memory"), std::string::npos) << m.method;
    } else {
      kernels_seen.insert(m.kernel);
      EXPECT_NE(m.method.find("searched"), std::string::npos) << m.method;  // best launch named
    }
  }
  EXPECT_TRUE(local);
  EXPECT_EQ(link_directions, (std::set<std::string>{"h2d", "d2h"}));
  // The link swept up to --max-working-set: 4 KiB and 64 KiB, each direction copied and mapped.
  EXPECT_EQ(device.link.size(), 2u * 3 * 2);
  for (const auto& p : device.link) EXPECT_LE(p.bytes, options.max_working_set);
  // OpenCL reports no link rate: the note says why instead of a guess.
  EXPECT_NE(device.facts.at("probe_notes").dump().find("host_link theoretical unavailable"),
            std::string::npos);
  for (const auto& t : device.theoretical_memory) EXPECT_NE(t.level, "host_link");
  // The dispatch latency: a round trip costs at least a launch of the back-to-back ones.
  ASSERT_EQ(device.latency.size(), 2u);
  EXPECT_EQ(device.latency[0].kind, "launch_round_trip");
  EXPECT_EQ(device.latency[1].kind, "launch_gap");
  for (const auto& l : device.latency) {
    EXPECT_GT(l.seconds.median, 0);
    EXPECT_LT(l.seconds.median, 0.01) << l.kind;  // per launch, not per run
  }
  EXPECT_EQ(kernels_seen, (std::set<std::string>{"copy", "daxpy", "read", "triad", "write"}));
  EXPECT_FALSE(device.sweep.empty());
  for (const auto& p : device.sweep) EXPECT_LE(p.working_set, 1.1 * options.max_working_set);

  // A run's roof check repeats the sweep's points behind the outermost roof (not local memory),
  // one per kernel, with the launch the probe found best for that kernel; they verify.
  const auto roofs = probes::roof_points(device);
  ASSERT_FALSE(roofs.empty());
  auto checks = backend.roof_check_cases(device);
  ASSERT_EQ(checks.size(), roofs.size());
  for (std::size_t k = 0; k < roofs.size(); ++k) {
    const auto& roof = roofs[k];
    EXPECT_NE(roof.level, probes::opencl::kLocal);
    const auto& info = checks[k]->info();
    EXPECT_EQ(info.level, roof.level);
    EXPECT_EQ(info.params.at("kernel"), roof.point.kernel);
    const auto launch = probes::opencl::launch_from_facts(device, roof.point.kernel);
    ASSERT_TRUE(launch.has_value());
    EXPECT_EQ(info.params.at("width"), launch->width);
    EXPECT_EQ(info.params.at("group"), launch->group);
    EXPECT_NEAR(info.work.working_set, roof.point.working_set, 0.01 * roof.point.working_set);
    checks[k]->prepare();
    checks[k]->run();
    const auto v = checks[k]->verify();
    checks[k]->release();
    EXPECT_TRUE(v.passed) << info.variant << ": " << v.message;
  }
  // A profile without the launches (an older one) has nothing to repeat.
  device.facts.erase("bandwidth_launches");
  EXPECT_TRUE(backend.roof_check_cases(device).empty());
}

}  // namespace
