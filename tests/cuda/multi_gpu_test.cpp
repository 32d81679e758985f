// Two GPUs of one host: every peer copy verified both ways (the copy engines, staged through the
// host, and the destination's SMs loading the source's memory), and the pass that times the GPUs
// at once recording each one's figures and ratio. Skipped, with a message, with fewer than two
// GPUs; run under compute-sanitizer on the two-GPU machine.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "probes/cuda/device.hpp"
#include "probes/cuda/peak_flops.hpp"
#include "probes/cuda/peer_copy.hpp"
#include "probes/cuda/peer_link.hpp"
#include "probes/cuda/together.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace {

class TwoGpus : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto a = probes::cuda::cuda_availability();
    if (!a.available) GTEST_SKIP() << "no CUDA device: " << a.reason;
    devices_ = probes::cuda::describe_cuda_devices();
    if (devices_.size() < 2) GTEST_SKIP() << "one GPU: nothing to copy to or run beside";
  }
  std::vector<roofline::Device> devices_;
  roofline::MeasureOptions measure_{
      .repetitions = 3, .min_sample_seconds = 0.001, .warmup_seconds = 0};
};

TEST_F(TwoGpus, EveryPeerCopyVerifiesBothWays) {
  for (const auto& [from, to] : {std::pair{0, 1}, std::pair{1, 0}}) {
    const bool access = probes::cuda::can_access_peer(from, to);
    for (const probes::cuda::PeerCopy copy :
         {probes::cuda::PeerCopy{from, to, (std::size_t{16} << 20) + 16, false},
          probes::cuda::PeerCopy{from, to, (std::size_t{16} << 20) + 16, true},
          probes::cuda::PeerCopy{from, to, (std::size_t{16} << 20) + 16, true, true}}) {
      if (copy.peer_access && !access) continue;
      auto c = probes::cuda::make_peer_copy_case(devices_[from], copy);
      const roofline::Result r = roofline::measure(*c, measure_);
      EXPECT_TRUE(r.ok()) << c->info().variant << " " << from << "->" << to << ": " << r.failure();
    }
  }
  EXPECT_THROW(probes::cuda::make_peer_copy_case(devices_[0], {0, 1, 4096, false, true}),
               roofline::InputError);  // SM loads need peer access
  EXPECT_THROW(probes::cuda::make_peer_copy_case(devices_[0], {0, 1, 4100, true, true}),
               roofline::InputError);  // and whole 16-byte vectors
}

TEST_F(TwoGpus, TheFmaRoofIsTimedAloneAndAtOnceOnEachGpu) {
  std::vector<roofline::Device*> both{&devices_[0], &devices_[1]};
  const probes::cuda::TogetherRoof fp32{"fp32 fma", true, [](const roofline::Device& d) {
                                          return probes::cuda::make_peak_flops_case(
                                              d, {.precision = roofline::Precision::fp32,
                                                  .sms = d.compute_units,
                                                  .blocks_per_sm = 4,
                                                  .threads = 256,
                                                  .iterations = 1 << 12});
                                        }};
  roofline::ProbeOptions options{.quick = true, .max_working_set = 0, .measure = measure_};
  const auto failures = probes::cuda::probe_together(both, {fp32}, options);
  EXPECT_TRUE(failures.empty()) << failures.front();
  for (const roofline::Device* d : both) {
    ASSERT_EQ(d->facts.at("concurrent").size(), 1u) << d->id;
    const nlohmann::json& entry = d->facts["concurrent"][0];
    EXPECT_EQ(entry.at("roof"), "fp32 fma");
    EXPECT_EQ(entry.at("with").size(), 1u);
    // Two identical GPUs doing the same work each: neither should lose half its rate.
    EXPECT_GT(entry.at("ratio").get<double>(), 0.5) << entry.dump();
    EXPECT_LT(entry.at("ratio").get<double>(), 1.5) << entry.dump();
    EXPECT_NE(d->facts.at("probe_notes").back().get<std::string>().find("at once with"),
              std::string::npos);
  }
}

TEST_F(TwoGpus, ThePeerLinkBoundsTheCopyThatCrossesIt) {
  std::string why;
  const auto link = probes::cuda::peer_link(devices_[0], 1, why);
  ASSERT_TRUE(link) << why;
  EXPECT_TRUE(link->kind == "nvlink" || link->kind == "pcie") << link->kind;
  EXPECT_NE(link->basis.find(link->kind == "nvlink" ? "NVLinks" : "PCIe"), std::string::npos)
      << link->basis;
  if (!probes::cuda::can_access_peer(0, 1)) GTEST_SKIP() << "no peer access: " << link->basis;
  auto c = probes::cuda::make_peer_copy_case(devices_[0], {0, 1, std::size_t{256} << 20, true});
  const roofline::Result r = roofline::measure(*c, measure_);
  ASSERT_TRUE(r.ok()) << r.failure();
  const double rate = r.work.bytes / roofline::summarize(r.samples).median;
  // No copy outruns its link; one under a tenth of it is not the link's figure.
  EXPECT_LT(rate, link->bytes_per_s) << link->basis;
  EXPECT_GT(rate, 0.1 * link->bytes_per_s) << link->basis;
}

}  // namespace
