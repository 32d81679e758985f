// Writes the sample machine profile and results into a folder, for schema validation.
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
  return 0;
}
