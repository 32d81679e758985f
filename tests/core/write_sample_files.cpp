// Writes the sample machine profile, results and cluster profile into a folder, for schema
// validation.
#include <filesystem>

#include "roofline/json_io.hpp"
#include "sample.hpp"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const auto results = sample::results();
  roofline::write_json_atomic(dir / "machine.json", roofline::to_json(results.machine));
  roofline::write_json_atomic(dir / "results.json", roofline::to_json(results));
  auto cluster = sample::cluster();
  cluster.outliers = roofline::cluster_outliers(cluster);
  roofline::write_json_atomic(dir / "cluster.json", roofline::to_json(cluster));
  return 0;
}
