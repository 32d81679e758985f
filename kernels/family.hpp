#pragma once
// What a kernel family declares of itself, once, in kernels/<family>.hpp; the suite's rows and
// driver (kernels/suite.hpp) and the report's size study are derived from it.
#include <string_view>

namespace kernels {

// A kernel family, declared once in kernels/<family>.hpp.
struct Family {
  std::string_view name{};
  bool in_default_suite = false;  // run when no family is named
  // Arrays of elements per case when every case has the same (the nested SAXPY's x and y); 0
  // when the operation decides (stream_arrays, reduce_inputs).
  int arrays = 0;
  // Its size study: the parameter it sweeps (time against it, per variant; empty for none), what
  // that is for a reader ("vector length (elements)"), and the parameter whose values split the
  // study into panels with the precision ("op"), if any.
  std::string_view size_param{};
  std::string_view size_label{};
  std::string_view panel_param{};
  // Its parameter sweep, if any: the two parameters whose grid the report draws as a heat map of
  // bandwidth at the study's largest size, from the results whose params mark them "sweep".
  std::string_view sweep_rows{};
  std::string_view sweep_columns{};
};

}  // namespace kernels
