// libFuzzer target: a Google Benchmark JSON file, imported onto a CPU's roofs as `report` does.
#include "fuzz_input.hpp"
#include "reports/gbench_import.hpp"
#include "sample.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const roofline::Device cpu = sample::cpu();
  return fuzz::read_as_file(data, size, [](const nlohmann::json& j) {
    if (!reports::is_gbench_json(j)) return;
    for (roofline::Result& r : reports::import_gbench(j, "input.json", cpu))
      roofline::place(r, cpu.roofline());
  });
}
