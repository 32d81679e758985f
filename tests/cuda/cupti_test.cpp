// The CUPTI provider without a GPU: the toolkit's libcupti is loaded for real and its host API
// (which needs only a chip name) resolves every default metric for GH100 (sm_90) and plans the
// passes; a libcupti that cannot be loaded gives every counter "n/a" with the dlopen reason,
// through the same counting path a run takes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "probes/cuda/cupti_host.hpp"
#include "probes/cuda/cupti_library.hpp"
#include "probes/cuda/cupti_metrics.hpp"
#include "probes/cuda/cupti_provider.hpp"
#include "roofline/counting.hpp"

using probes::cuda::cupti_library;
using probes::cuda::CuptiHost;

namespace {

const char kChip[] = "GH100";

std::vector<std::string> names(const std::vector<roofline::EventSpec>& events) {
  std::vector<std::string> out;
  for (const auto& e : events) out.push_back(e.name);
  return out;
}

const roofline::EventSpec& event(const std::string& name) {
  static const auto events = probes::cuda::cupti_default_events();
  const auto it = std::find_if(events.begin(), events.end(),
                               [&](const roofline::EventSpec& e) { return e.name == name; });
  if (it == events.end()) throw std::runtime_error(name + " is not a default event");
  return *it;
}

std::string sass(const std::string& op) {
  return "sm__sass_thread_inst_executed_op_" + op + "_pred_on.sum";
}

class Host : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cupti_library().loaded())
      GTEST_SKIP() << "the CUDA toolkit's libcupti cannot be used: " << cupti_library().error();
  }
};

// A case of known work whose run launches nothing: what a provider that cannot count returns.
class Idle final : public roofline::Case {
 public:
  Idle() : Case(info()) {}
  void run() override {}
  static roofline::CaseInfo info() {
    roofline::CaseInfo info;
    info.family = "idle";
    info.work.flops = 8;
    info.work.bytes = 64;
    return info;
  }
  roofline::Verification verify() override { return {.passed = true, .message = "none"}; }
};

}  // namespace

TEST(CuptiMetrics, FlopWeightsAreNsightComputes) {
  for (const std::string p : {"d", "f"}) {
    EXPECT_EQ(event(sass(p + "add")).quantity, roofline::kFlops);
    EXPECT_EQ(event(sass(p + "add")).weight, 1);
    EXPECT_EQ(event(sass(p + "mul")).weight, 1);
    EXPECT_EQ(event(sass(p + "fma")).quantity, roofline::kFlops);
    EXPECT_EQ(event(sass(p + "fma")).weight, 2);
  }
  // Half precision is counted but adds to nothing (packing unknown, HFMA2.MMA register moves).
  for (const std::string op : {"hadd", "hmul", "hfma"}) EXPECT_EQ(event(sass(op)).quantity, "");
}

TEST(CuptiMetrics, BytesPerLevelAndDramIsReadPlusWrite) {
  EXPECT_EQ(event("l1tex__t_bytes.sum").quantity, "bytes.L1");
  EXPECT_EQ(event("lts__t_bytes.sum").quantity, "bytes.L2");
  EXPECT_EQ(event("dram__bytes_read.sum").quantity, "bytes.DRAM");
  EXPECT_EQ(event("dram__bytes_write.sum").quantity, "bytes.DRAM");
  EXPECT_EQ(event("gpu__time_duration.sum").quantity, "");
  // A metric outside the table is shown only.
  const auto other = probes::cuda::cupti_event("sm__cycles_elapsed.avg");
  EXPECT_EQ(other.name, "sm__cycles_elapsed.avg");
  EXPECT_EQ(other.quantity, "");
}

TEST_F(Host, EveryDefaultMetricResolvesForSm90) {
  CuptiHost host(cupti_library(), kChip);
  for (const auto& name : names(probes::cuda::cupti_default_events()))
    EXPECT_EQ(host.check(name), "") << name;
}

TEST_F(Host, UnknownMetricIsNamedWithCuptisError) {
  CuptiHost host(cupti_library(), kChip);
  EXPECT_EQ(host.check("dram__bytes_red.sum"),
            "cuptiProfilerHostGetMetricProperties: CUPTI_ERROR_INVALID_METRIC_NAME");
  EXPECT_THROW(host.configure({"dram__bytes_read.sum", "dram__bytes_red.sum"}),
               probes::cuda::CuptiError);
}

TEST_F(Host, UnknownChipIsRefused) {
  EXPECT_THROW(CuptiHost(cupti_library(), "GX999"), probes::cuda::CuptiError);
}

// SASS instruction metrics and hardware metrics never share a pass.
TEST_F(Host, PassesArePlanned) {
  std::vector<std::string> sass_metrics, hardware;
  for (const auto& name : names(probes::cuda::cupti_default_events()))
    (name.find("_sass_") != std::string::npos ? sass_metrics : hardware).push_back(name);
  ASSERT_EQ(sass_metrics.size(), 9u);
  const auto passes = [](const std::vector<std::string>& metrics) {
    CuptiHost host(cupti_library(), kChip);
    host.configure(metrics);
    EXPECT_FALSE(host.config_image().empty());
    return host.passes();
  };
  EXPECT_EQ(passes(sass_metrics), 1u);
  EXPECT_EQ(passes(hardware), 1u);
  EXPECT_EQ(passes(names(probes::cuda::cupti_default_events())), 2u);
}

TEST_F(Host, PrivilegeErrorNamesTheDriverSetting) {
  const std::string text =
      cupti_library().error_text(CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, "cuptiRangeProfilerStart");
  EXPECT_TRUE(text.starts_with("cuptiRangeProfilerStart: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES ("))
      << text;
  EXPECT_NE(text.find("NVreg_RestrictProfilingToAdminUsers"), std::string::npos) << text;
}

TEST(CuptiUnloadable, EveryCounterIsNaWithTheDlopenReason) {
  const probes::cuda::CuptiLibrary missing({"libcupti-rooflab-missing.so.13"});
  ASSERT_FALSE(missing.loaded());
  EXPECT_TRUE(missing.error().starts_with("dlopen libcupti-rooflab-missing.so.13: "))
      << missing.error();

  roofline::Device device;
  device.id = "cuda:0";
  device.facts["ordinal"] = 0;
  auto provider = probes::cuda::make_cupti_provider(device, missing);
  ASSERT_EQ(provider->notes().size(), 1u);
  EXPECT_EQ(provider->notes()[0], "CUPTI unavailable: " + missing.error());
  // Unknown names cannot be checked without CUPTI: they are kept, and read as n/a.
  EXPECT_EQ(provider->describe("no_such__metric.sum").quantity, "");

  roofline::Counting counting(std::move(provider), probes::cuda::cupti_default_events());
  Idle idle;
  roofline::Result r;
  counting.count(idle, r);
  EXPECT_EQ(r.counters.size(), probes::cuda::cupti_default_events().size());
  for (const auto& [name, counter] : r.counters) {
    EXPECT_EQ(counter.verdict, roofline::Verdict::unavailable) << name;
    EXPECT_FALSE(counter.value.has_value()) << name;
    EXPECT_EQ(counter.note, missing.error()) << name;
    EXPECT_EQ(counter.source, "cupti range profiler") << name;
  }
  EXPECT_FALSE(r.measured.has_value());  // the result keeps its declared work
}
