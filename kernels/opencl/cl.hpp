#pragma once
// The OpenCL C++ bindings as every OpenCL file of Rooflab uses them, configured by the
// rooflab_kernels_opencl target for every file that includes a CL header: the OpenCL 3.0 API
// (CL_TARGET_OPENCL_VERSION=300), bindings that also run on older platforms (NVIDIA's is 3.0, a
// user's may be 1.2: CL_HPP_MINIMUM_OPENCL_VERSION=110 makes them pick the call each platform
// has), and every failing call thrown as cl::Error (CL_HPP_ENABLE_EXCEPTIONS).
#include <CL/opencl.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kernels::opencl {

// "CL_OUT_OF_RESOURCES" for -5; "CL error -9999" for a code no header names.
std::string error_name(cl_int code);

// A failed OpenCL call: "clEnqueueNDRangeKernel failed: CL_OUT_OF_RESOURCES (-5)".
class ClError : public std::runtime_error {
 public:
  ClError(std::string_view call, cl_int code);
  cl_int code() const { return code_; }

 private:
  cl_int code_;
};

// Runs f, turning a cl::Error from the bindings into a ClError that names the call and the error.
template <class F>
decltype(auto) checked(F&& f) {
  try {
    return f();
  } catch (const cl::Error& e) {
    throw ClError(e.what(), e.err());
  }
}

}  // namespace kernels::opencl
