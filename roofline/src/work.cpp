#include "roofline/work.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

namespace roofline {
namespace {
constexpr std::array<std::pair<Precision, std::string_view>, 5> kNames{{
    {Precision::fp16, "fp16"},
    {Precision::bf16, "bf16"},
    {Precision::fp32, "fp32"},
    {Precision::fp64, "fp64"},
    {Precision::int32, "int32"},
}};
}  // namespace

std::string_view to_string(Precision p) {
  for (auto [value, name] : kNames)
    if (value == p) return name;
  return "unknown";
}

Precision precision_from_string(std::string_view text) {
  for (auto [value, name] : kNames)
    if (name == text) return value;
  throw std::invalid_argument("unknown precision '" + std::string(text) +
                              "' (expected fp16, bf16, fp32, fp64 or int32)");
}

int size_of(Precision p) {
  switch (p) {
    case Precision::fp16:
    case Precision::bf16:
      return 2;
    case Precision::fp32:
    case Precision::int32:
      return 4;
    case Precision::fp64:
      return 8;
  }
  return 0;
}

}  // namespace roofline
