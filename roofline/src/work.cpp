#include "roofline/work.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

namespace roofline {
namespace {
constexpr std::array<std::pair<Precision, std::string_view>, 11> kNames{{
    {Precision::fp16, "fp16"},
    {Precision::bf16, "bf16"},
    {Precision::fp32, "fp32"},
    {Precision::fp64, "fp64"},
    {Precision::int32, "int32"},
    {Precision::fp16_tensor, "fp16_tensor"},
    {Precision::bf16_tensor, "bf16_tensor"},
    {Precision::tf32_tensor, "tf32_tensor"},
    {Precision::int8_tensor, "int8_tensor"},
    {Precision::fp8_tensor, "fp8_tensor"},
    {Precision::fp64_tensor, "fp64_tensor"},
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
  throw std::invalid_argument(
      "unknown precision '" + std::string(text) +
      "' (expected fp16, bf16, fp32, fp64, int32 or a tensor precision: fp16_tensor, "
      "bf16_tensor, tf32_tensor, int8_tensor, fp8_tensor, fp64_tensor)");
}

int size_of(Precision p) {
  switch (p) {
    case Precision::int8_tensor:
    case Precision::fp8_tensor:
      return 1;
    case Precision::fp16:
    case Precision::bf16:
    case Precision::fp16_tensor:
    case Precision::bf16_tensor:
      return 2;
    case Precision::fp32:
    case Precision::int32:
    case Precision::tf32_tensor:
      return 4;
    case Precision::fp64:
    case Precision::fp64_tensor:
      return 8;
  }
  return 0;
}

Precision data_precision(Precision p) {
  switch (p) {
    case Precision::fp16_tensor:
      return Precision::fp16;
    case Precision::bf16_tensor:
      return Precision::bf16;
    case Precision::tf32_tensor:
      return Precision::fp32;
    case Precision::fp64_tensor:
      return Precision::fp64;
    default:
      return p;
  }
}

int significand_bits(Precision p) {
  switch (p) {
    case Precision::fp16:
      return 11;
    case Precision::bf16:
      return 8;
    case Precision::fp32:
      return 24;
    case Precision::fp64:
      return 53;
    default:
      return 0;
  }
}

}  // namespace roofline
