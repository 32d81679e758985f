#include "kernels/one_buffer.hpp"

#include "kernels/nested_saxpy.hpp"

namespace kernels {

std::string_view to_string(OneBufferMemory m) {
  switch (m) {
    case OneBufferMemory::managed:
      return "managed";
    case OneBufferMemory::managed_prefetch:
      return "managed_prefetch";
    case OneBufferMemory::system:
      return "system";
    case OneBufferMemory::copies:
      return "copies";
    case OneBufferMemory::separate:
      return "separate";
  }
  return "unknown";
}

std::string_view to_string(OneBufferPart p) {
  switch (p) {
    case OneBufferPart::call:
      return "call";
    case OneBufferPart::gpu:
      return "gpu";
    case OneBufferPart::cpu:
      return "cpu";
  }
  return "unknown";
}

std::size_t one_buffer_split(std::size_t n, int cpu_percent, std::size_t element_bytes) {
  const std::size_t share = n * static_cast<std::size_t>(cpu_percent) / 100;
  const std::size_t align = kOneBufferAlignBytes / element_bytes;
  return (n - share) / align * align;
}

roofline::Work one_buffer_work(OneBufferPart part, OneBufferMemory memory, roofline::Precision p,
                               std::size_t n, std::size_t split) {
  const auto share = static_cast<std::int64_t>(n - split);
  if (part == OneBufferPart::gpu)
    return nested_saxpy_work(p, static_cast<std::int64_t>(n), kOneBufferDepth);
  if (part == OneBufferPart::cpu) return nested_saxpy_work(p, share, kOneBufferDepth);
  roofline::Work w = nested_saxpy_work(p, static_cast<std::int64_t>(n) + share, kOneBufferDepth);
  // The minimum across the link: y's share to the host after the GPU writes it, back after the
  // CPU does (x is read-only: a copy on each side from the start).
  w.bytes = memory == OneBufferMemory::separate ? 0 : 2.0 * share * roofline::size_of(p);
  w.bytes_write_allocate = w.bytes;
  return w;
}

std::string_view one_buffer_level(OneBufferPart part, OneBufferMemory memory) {
  switch (part) {
    case OneBufferPart::gpu:
      return "";
    case OneBufferPart::cpu:
      return kHostLevel;
    case OneBufferPart::call:
      break;
  }
  return memory == OneBufferMemory::separate ? kHostLevel : "host_link";
}

}  // namespace kernels
