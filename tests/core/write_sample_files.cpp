// Writes the sample machine profiles (one with identical GPUs compared), results and cluster
// profile into a folder, for schema validation.
#include <filesystem>

#include "roofline/identical_devices.hpp"
#include "roofline/json_io.hpp"
#include "sample.hpp"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const auto results = sample::results();
  // The CPU's DRAM copy from working sets under the DRAM onset it measured: refused, with where
  // DRAM begins.
  roofline::MachineProfile machine = results.machine;
  machine.devices[0].refused.push_back({.roof = "DRAM copy, 2 threads",
                                        .value = 41e9,
                                        .limit = 0,
                                        .working_set_from = 64.0 * (1 << 20),
                                        .reason = "under the DRAM onset: cache-resident"});
  roofline::write_json_atomic(dir / "machine.json", roofline::to_json(machine));
  roofline::write_json_atomic(dir / "results.json", roofline::to_json(results));
  // Three identical GPUs, the third one's DRAM roof at 70%: compared and flagged.
  roofline::MachineProfile gpus;
  gpus.provenance = sample::provenance();
  for (int i = 0; i < 3; ++i) {
    gpus.devices.push_back(sample::gpu());
    gpus.devices.back().id = "cuda:" + std::to_string(i);
  }
  for (auto& m : gpus.devices[2].memory)
    if (m.level == "DRAM") m.bytes_per_s = sample::around(m.bytes_per_s.median * 0.7);
  // The first one's DRAM copy ceiling above its limit: refused, and written so.
  gpus.devices[0].refused.push_back({.roof = "DRAM copy, 132 threads",
                                     .value = 8.8e12,
                                     .limit = 4.8e12,
                                     .working_set_from = std::nullopt,
                                     .reason = "above the DRAM limit: served by a cache"});
  gpus.identical = roofline::compare_identical(gpus.devices);
  roofline::write_json_atomic(dir / "machine_gpus.json", roofline::to_json(gpus));
  auto cluster = sample::cluster();
  cluster.outliers = roofline::cluster_outliers(cluster);
  roofline::write_json_atomic(dir / "cluster.json", roofline::to_json(cluster));
  return 0;
}
