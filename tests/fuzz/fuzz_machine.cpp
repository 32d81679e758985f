// libFuzzer target: a machine profile, read as `run --machine` and `report` read it.
#include <limits>

#include "fuzz_input.hpp"
#include "roofline/profile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::read_as_file(data, size, [](const nlohmann::json& j) {
    const roofline::MachineProfile m = roofline::machine_from_json(j);
    roofline::machine_from_json(roofline::to_json(m));
    for (const roofline::Device& d : m.devices) {
      const int most = d.max_threads_measured();
      for (const int threads : {0, 1, most}) d.roofline(threads);
      for (const double working_set : {0.0, 4096.0, 1e9, std::numeric_limits<double>::infinity()})
        d.level_for(working_set, most);
    }
  });
}
