// The device contract on a real platform: enumeration, error names, programs that fail to build
// (with their log), refused allocations and launches, each as a failed case that names the call.
#include "kernels/opencl/runtime.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "kernels/opencl/case.hpp"
#include "kernels/opencl/stream_cases.hpp"
#include "roofline/harness.hpp"
#include "roofline/input_error.hpp"

namespace {

using namespace kernels::opencl;

std::shared_ptr<Runtime> first_runtime() {
  const Enumeration e = enumerate_devices();
  if (e.devices.empty()) throw std::runtime_error("no OpenCL device: " + e.reason);
  return std::make_shared<Runtime>(e.devices.front());
}

const roofline::MeasureOptions kFast{
    .repetitions = 3, .min_sample_seconds = 0.0005, .warmup_seconds = 0};

// A case whose program is given: the failure paths of a real build and launch.
class SourceCase final : public ClCase {
 public:
  SourceCase(std::shared_ptr<Runtime> runtime, std::string source)
      : ClCase({.family = "test",
                .variant = "source",
                .backend = "opencl",
                .device = "opencl:0:0",
                .params = {},
                .work = {},
                .level = ""},
               std::move(runtime)),
        source_(std::move(source)) {}

 protected:
  void prepare_device() override {
    kernel_ = cl::Kernel(runtime().program("test.cl", source_, ""), "k");
  }
  double run_device() override { return runtime().launch(kernel_, cl::NDRange(1), cl::NDRange(1)); }
  roofline::Verification verify_device() override {
    run_device();
    return {.passed = true, .max_error = 0, .tolerance = 0, .message = "ran"};
  }
  void release_device() override { kernel_ = {}; }

 private:
  std::string source_;
  cl::Kernel kernel_;
};

}  // namespace

TEST(OpenClRuntime, EnumeratesDevicesAsPlatformAndIndex) {
  const Enumeration e = enumerate_devices();
  ASSERT_FALSE(e.devices.empty()) << e.reason;
  EXPECT_TRUE(e.reason.empty());
  EXPECT_EQ(e.devices.front().id(), "opencl:0:0");
  for (const DeviceHandle& d : e.devices)
    EXPECT_EQ(d.id(), "opencl:" + std::to_string(d.platform) + ":" + std::to_string(d.index));
}

TEST(OpenClRuntime, ErrorsNameTheCallAndTheError) {
  EXPECT_EQ(error_name(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES");
  EXPECT_EQ(error_name(CL_INVALID_WORK_GROUP_SIZE), "CL_INVALID_WORK_GROUP_SIZE");
  EXPECT_EQ(error_name(-9999), "CL error -9999");
  EXPECT_STREQ(ClError("clFinish", -5).what(), "clFinish failed: CL_OUT_OF_RESOURCES (-5)");
  const auto rt = first_runtime();
  // An invalid kernel name, through the bindings.
  const cl::Program& program =
      rt->program("ok.cl", "kernel void k(global int* p) { p[0] = 1; }", "");
  try {
    checked([&] { return cl::Kernel(program, "no_such_kernel"); });
    FAIL() << "a kernel that does not exist was created";
  } catch (const ClError& e) {
    EXPECT_EQ(e.code(), CL_INVALID_KERNEL_NAME);
    EXPECT_NE(std::string(e.what()).find("clCreateKernel failed: CL_INVALID_KERNEL_NAME"),
              std::string::npos)
        << e.what();
  }
}

TEST(OpenClRuntime, ProgramsAreBuiltOncePerSourceAndOptions) {
  const auto rt = first_runtime();
  const std::string source = "kernel void k(global int* p) { p[0] = X; }";
  const cl::Program& a = rt->program("x.cl", source, "-DX=1");
  EXPECT_EQ(&a, &rt->program("x.cl", source, "-DX=1"));
  EXPECT_NE(&a, &rt->program("x.cl", source, "-DX=2"));
}

TEST(OpenClRuntime, ABuildFailureShowsItsBuildLogAndFailsOnlyItsCase) {
  const auto rt = first_runtime();
  SourceCase broken(rt, "kernel void k() { undeclared_function_xyz(1); }");
  const roofline::Result r = roofline::measure(broken, kFast);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("clBuildProgram failed for test.cl"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("CL_BUILD_PROGRAM_FAILURE"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("build log"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("undeclared_function_xyz"), std::string::npos) << r.error;
  // The next case on the same runtime is unaffected.
  SourceCase fine(rt, "kernel void k() {}");
  const roofline::Result ok = roofline::measure(fine, kFast);
  EXPECT_TRUE(ok.ok()) << ok.error;
  EXPECT_EQ(ok.samples.size(), 3u);
}

TEST(OpenClRuntime, ALaunchTheDeviceRejectsNamesTheCallAndTheError) {
  const auto rt = first_runtime();
  const std::size_t too_large = rt->device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>() * 2;
  auto c = make_stream_case({.family = "stream",
                             .variant = "bad",
                             .backend = "opencl",
                             .device = "opencl:0:0",
                             .params = {},
                             .work = {},
                             .level = ""},
                            rt, kernels::StreamOp::copy, roofline::Precision::fp32, 1024,
                            {.width = 1, .group = too_large});
  const roofline::Result r = roofline::measure(*c, kFast);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("clEnqueueNDRangeKernel failed: CL_INVALID_WORK_GROUP_SIZE"),
            std::string::npos)
      << r.error;
}

TEST(OpenClRuntime, CallsBackToBackAreTimedAsOneSpanOfTheDevice) {
  const auto runtime = first_runtime();
  SourceCase c(runtime, "kernel void k() {}");
  c.prepare();
  c.run();
  const double one = *c.last_device_seconds();
  EXPECT_GT(one, 0);
  // Five calls in a row, behind the hold: from the first one's start to the last one's end, and
  // each call really enqueued (the case's own count).
  int enqueued = 0;
  const double five = runtime->back_to_back(5, [&] {
    ++enqueued;
    c.run();
  });
  // A group the hold did not outlast runs again, whole.
  EXPECT_GE(enqueued, 5);
  EXPECT_LE(enqueued, 5 * kernels::opencl::Runtime::kHoldAttempts);
  EXPECT_EQ(enqueued % 5, 0);
  EXPECT_GT(five, 0);
  EXPECT_GT(c.run_calls(5), 0);
  // Nothing timed is an error; a call that throws ends the span, and launches are timed alone
  // again after it.
  EXPECT_THROW(runtime->back_to_back(3, [] {}), std::runtime_error);
  EXPECT_THROW(runtime->back_to_back(3, [] { throw std::runtime_error("call failed"); }),
               std::runtime_error);
  EXPECT_FALSE(runtime->in_back_to_back());
  c.run();
  EXPECT_GT(*c.last_device_seconds(), 0);
  c.release();
}

// A call that waits for its own kernel (as CLBlast's sum does on NVIDIA's OpenCL, releasing its
// temporary buffer) returns only after the hold has ended: no hold can cover it, so its group is
// timed once as it ran, not run again behind longer holds. Only the span's first call starts it.
TEST(OpenClRuntime, CallsThatWaitForTheDeviceAreTimedOnceAsTheyRan) {
  const auto runtime = first_runtime();
  SourceCase c(runtime, "kernel void k() {}");
  c.prepare();
  int enqueued = 0;
  std::vector<bool> starts;
  const double five = runtime->back_to_back(5, [&] {
    starts.push_back(runtime->starts_span());
    ++enqueued;
    c.run();
    runtime->queue().finish();
  });
  EXPECT_EQ(enqueued, 5);
  EXPECT_GT(five, 0);
  EXPECT_EQ(starts, std::vector<bool>({true, false, false, false, false}));
  EXPECT_TRUE(runtime->starts_span());
  c.release();
}

TEST(OpenClRuntime, BuffersBeyondTheLargestAllocationAreRefusedBeforeAllocating) {
  const auto rt = first_runtime();
  EXPECT_THROW(rt->buffer(rt->max_alloc_bytes() + 1, "test"), roofline::InputError);
  try {
    rt->check_fits(2.0 * rt->max_alloc_bytes(), "stream fp32 size 7");
    FAIL();
  } catch (const roofline::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("stream fp32 size 7"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos);
  }
  EXPECT_NO_THROW(rt->buffer(4096, "test"));
}
