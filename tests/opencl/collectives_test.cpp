// The work-group collectives of the prelude (kernels/opencl/common.cl), run on this machine's
// first device: sums and scans of known integers over whole work-groups of every size from 1 up.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "kernels/opencl/runtime.hpp"

namespace kernels::opencl {
namespace {

// Each work-item writes its group's sum (from work-item 0), its inclusive and exclusive scans.
constexpr char kSource[] = R"(
WORK_GROUP_COLLECTIVES(int)
WORK_GROUP_SCANS(int)
kernel void collectives(global const int* in, global int* sum, global int* inclusive,
                        global int* exclusive, local int* scratch) {
  const size_t i = get_global_id(0);
  const uint size = get_local_size(0);
  const int s = group_sum_int(in[i], scratch, size);
  if (get_local_id(0) == 0) sum[get_group_id(0)] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  inclusive[i] = group_inclusive_scan_int(in[i], scratch, size);
  barrier(CLK_LOCAL_MEM_FENCE);
  exclusive[i] = group_exclusive_scan_int(in[i], scratch, size);
}
)";

TEST(OpenClCollectives, SumAndScanEveryWorkGroup) {
  const Enumeration e = enumerate_devices();
  ASSERT_FALSE(e.devices.empty()) << e.reason;
  Runtime rt(e.devices.front());
  cl::Kernel kernel(rt.program("collectives.cl", kSource, ""), "collectives");
  constexpr std::size_t kGroups = 3;
  for (std::size_t group = 1; group <= group_size(rt.device(), 256); group *= 2) {
    const std::size_t n = kGroups * group;
    std::vector<int> in(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(i % 7) - 2;
    const cl::Buffer input = rt.buffer(n * sizeof(int), "in");
    const cl::Buffer sum = rt.buffer(kGroups * sizeof(int), "sum");
    const cl::Buffer inclusive = rt.buffer(n * sizeof(int), "inclusive");
    const cl::Buffer exclusive = rt.buffer(n * sizeof(int), "exclusive");
    rt.write(input, in);
    kernel.setArg(0, input);
    kernel.setArg(1, sum);
    kernel.setArg(2, inclusive);
    kernel.setArg(3, exclusive);
    kernel.setArg(4, cl::Local(2 * group * sizeof(int)));  // the scans' two halves
    rt.launch(kernel, cl::NDRange(n), cl::NDRange(group));
    const std::vector<int> sums = rt.read<int>(sum, kGroups);
    const std::vector<int> inc = rt.read<int>(inclusive, n), exc = rt.read<int>(exclusive, n);
    for (std::size_t g = 0; g < kGroups; ++g) {
      const auto first = in.begin() + static_cast<std::ptrdiff_t>(g * group);
      EXPECT_EQ(sums[g], std::accumulate(first, first + static_cast<std::ptrdiff_t>(group), 0))
          << "group size " << group << ", group " << g;
      int before = 0;
      for (std::size_t k = 0; k < group; ++k) {
        const std::size_t i = g * group + k;
        EXPECT_EQ(exc[i], before) << "group size " << group << ", item " << i;
        before += in[i];
        EXPECT_EQ(inc[i], before) << "group size " << group << ", item " << i;
      }
    }
  }
}

}  // namespace
}  // namespace kernels::opencl
