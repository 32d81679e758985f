#pragma once
// What a kernel or probe call does: the FLOPs it performs and the bytes it moves.
// Every variant declares this once; the harness, the model and the report read it.
#include <cstdint>
#include <string>
#include <string_view>

namespace roofline {

enum class Precision { fp16, bf16, fp32, fp64, int32 };

std::string_view to_string(Precision p);
// Throws std::invalid_argument naming the text when it is no precision.
Precision precision_from_string(std::string_view text);
int size_of(Precision p);  // bytes per element

struct Work {
  Precision precision = Precision::fp32;
  double flops = 0;                 // per call
  double bytes = 0;                 // per call, as referenced (the STREAM convention)
  double bytes_write_allocate = 0;  // per call, counting the read-for-ownership of stored lines
  double working_set = 0;           // bytes touched by one call; decides the memory level
  // Per call, what the variant's algorithm reads and writes in all when that is more than
  // `bytes` (a multi-pass scan moves its data more than once); 0: `bytes`.
  double algorithm_bytes = 0;

  double arithmetic_intensity() const { return bytes > 0 ? flops / bytes : 0; }
};

}  // namespace roofline
