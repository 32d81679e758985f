#pragma once
// What a kernel or probe call does: the FLOPs it performs and the bytes it moves.
// Every variant declares this once; the harness, the model and the report read it.
#include <cstdint>
#include <string>
#include <string_view>

namespace roofline {

// The *_tensor precisions are the matrix units' (tensor cores) rates on inputs of that type: a
// roof of their own, so an FMA workload of fp16 is still placed under the fp16 FMA roof. fp16 and
// bf16 accumulate in fp32, tf32 in fp32, int8 in int32 (its FLOPs are integer operations), fp8
// (e4m3) in fp32.
enum class Precision {
  fp16,
  bf16,
  fp32,
  fp64,
  int32,
  fp16_tensor,
  bf16_tensor,
  tf32_tensor,
  int8_tensor,
  fp8_tensor,
  fp64_tensor
};

constexpr bool is_tensor(Precision p) {
  return p == Precision::fp16_tensor || p == Precision::bf16_tensor ||
         p == Precision::tf32_tensor || p == Precision::int8_tensor || p == Precision::fp8_tensor ||
         p == Precision::fp64_tensor;
}

std::string_view to_string(Precision p);
// Throws std::invalid_argument naming the text when it is no precision.
Precision precision_from_string(std::string_view text);
int size_of(Precision p);  // bytes per element (of the inputs, for a tensor precision)
// The type of the data a kernel of precision p multiplies: a tensor precision's input type
// (fp64_tensor: fp64, tf32_tensor: fp32, whose values TF32 rounds), p itself for the others and for
// int8 and fp8, which have no precision of their own outside the tensor cores.
Precision data_precision(Precision p);
// Significand bits with the implicit one of fp16 (11), bf16 (8), fp32 (24) and fp64 (53); 0 for
// the others. The unit roundoff is 2^−bits.
int significand_bits(Precision p);

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
