#include "roofline/backend.hpp"
#include "roofline/program.hpp"

namespace roofline {

std::unique_ptr<ProgramProfiler> Backend::program_profiler() const { return nullptr; }

void Registry::add(std::unique_ptr<Backend> backend) { backends_.push_back(std::move(backend)); }

const Backend* Registry::backend_for(const std::string& device_id) const {
  const std::string name = device_id.substr(0, device_id.find(':'));
  for (const auto& b : backends_)
    if (b->name() == name) return b.get();
  return nullptr;
}

}  // namespace roofline
