// libFuzzer target: a results file, read as `rooflab report` and `compare` read it.
#include <utility>

#include "fuzz_input.hpp"
#include "roofline/results.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::read_as_file(data, size, [](roofline::InputFile&& input) {
    roofline::Results r = std::move(input).results();
    // What was accepted is written back the same and read again.
    roofline::results_from_json(roofline::to_json(r));
    for (roofline::Result& result : r.results)
      if (const roofline::Device* device = r.machine.find(result.device))
        roofline::place(result, device->roofline());
    for (const roofline::Device& device : r.machine.devices)
      roofline::roof_moved(r, device.id, 0.1);
    roofline::above_roof(r, 0.1);
  });
}
