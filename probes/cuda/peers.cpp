#include "probes/cuda/peers.hpp"

#include <cuda_runtime_api.h>

#include <cstdio>
#include <optional>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/ceiling_cases.hpp"
#include "probes/cuda/measured.hpp"
#include "probes/cuda/peer_copy.hpp"
#include "probes/cuda/peer_link.hpp"
#include "roofline/harness.hpp"
#include "roofline/stats.hpp"

namespace probes::cuda {

int other_gpus() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 1 ? count - 1 : 0;
}

void probe_peers(roofline::Device& device, const roofline::ProbeOptions& options,
                 std::vector<std::string>& failures) {
  if (other_gpus() == 0) return;
  const int count = other_gpus() + 1;
  constexpr std::size_t kCopyBytes = std::size_t{256} << 20, kLatencyBytes = 4;
  const int self = device.facts.at("ordinal").get<int>();
  const auto measured = [&](int other, std::size_t bytes, bool access,
                            bool sm_loads = false) -> std::optional<roofline::Summary> {
    auto c = make_peer_copy_case(device, {self, other, bytes, access, sm_loads});
    const roofline::Result r = roofline::measure(*c, options.measure);
    if (!r.ok()) {
      failures.push_back(failure_text(r));
      return std::nullopt;
    }
    return roofline::summarize(bytes == kLatencyBytes ? r.samples
                                                      : rates(r, static_cast<double>(bytes)));
  };
  nlohmann::json peers = nlohmann::json::array();
  for (int other = 0; other < count; ++other) {
    if (other == self) continue;
    const bool access = can_access_peer(self, other);
    nlohmann::json peer = {{"device", "cuda:" + std::to_string(other)}, {"peer_access", access}};
    std::string note = "copy to cuda:" + std::to_string(other) + ":";
    char text[400];
    const auto engines = access ? measured(other, kCopyBytes, true) : std::nullopt;
    const auto sm = access ? measured(other, kCopyBytes, true, true) : std::nullopt;
    if (engines) peer["copy_engine_bandwidth_bytes_per_s"] = summary_fact(*engines);
    if (sm) peer["sm_loads_bandwidth_bytes_per_s"] = summary_fact(*sm);
    if (engines || sm) {
      const bool by_sm = sm && (!engines || sm->median > engines->median);
      const roofline::Summary& best = by_sm ? *sm : *engines;
      peer["bandwidth_bytes_per_s"] = summary_fact(best);
      peer["bandwidth_by"] = by_sm ? "sm_loads" : "copy_engines";
      std::snprintf(
          text, sizeof text, " %.1f GB/s with peer access (copy engines %.1f, SM loads %.1f GB/s",
          best.median / 1e9, engines ? engines->median / 1e9 : 0.0, sm ? sm->median / 1e9 : 0.0);
      note += text;
      std::string why;
      if (const auto link = peer_link(device, other, why)) {
        peer["link"] = {{"kind", link->kind},
                        {"theoretical_bytes_per_s", link->bytes_per_s},
                        {"basis", link->basis}};
        std::snprintf(text, sizeof text, "; %.3f of the %s's %.1f GB/s),",
                      best.median / link->bytes_per_s, link->kind.c_str(), link->bytes_per_s / 1e9);
      } else {
        peer["link"] = {{"theoretical_unavailable", why}};
        std::snprintf(text, sizeof text, "; link theoretical unavailable: %s),", why.c_str());
      }
      note += text;
    }
    if (const auto b = measured(other, kCopyBytes, false)) {
      peer["staged_bandwidth_bytes_per_s"] = summary_fact(*b);
      std::snprintf(text, sizeof text, " %.1f GB/s with it disabled,", b->median / 1e9);
      note += text;
    }
    if (const auto t = measured(other, kLatencyBytes, access)) {
      peer["latency_s"] = summary_fact(*t);
      std::snprintf(text, sizeof text, " 4 bytes in %.2f us", t->median * 1e6);
      note += text;
    }
    peers.push_back(peer);
    device.facts["probe_notes"].push_back(note);
  }
  device.facts["peers"] = peers;
  ROOFLAB_CUDA(cudaSetDevice(self));
}

}  // namespace probes::cuda
