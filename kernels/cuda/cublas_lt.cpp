#include "kernels/cuda/cublas_lt.hpp"

#include <cuda_runtime_api.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "kernels/cuda/cublas.hpp"
#include "kernels/cuda/cuda_check.hpp"

#define ROOFLAB_CUBLAS(call) ::kernels::cuda::check_cublas((call), #call)

namespace kernels::cuda {

namespace {

// The workspace cuBLAS's documentation recommends for Hopper.
constexpr std::size_t kWorkspaceBytes = std::size_t{32} << 20;

}  // namespace

void CublasLtGemm::release() {
  for (cublasLtMatrixLayout_t* layout : {&d_, &b_, &a_})
    if (*layout) cublasLtMatrixLayoutDestroy(std::exchange(*layout, nullptr));
  if (operation_) cublasLtMatmulDescDestroy(std::exchange(operation_, nullptr));
  if (handle_) cublasLtDestroy(std::exchange(handle_, nullptr));
  cudaFree(std::exchange(workspace_, nullptr));
  planned_ = false;
}

void CublasLtGemm::plan() {
  release();
  ROOFLAB_CUDA(cudaMalloc(&workspace_, kWorkspaceBytes));
  ROOFLAB_CUBLAS(cublasLtCreate(&handle_));
  ROOFLAB_CUBLAS(cublasLtMatmulDescCreate(&operation_, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  const cublasOperation_t transpose = CUBLAS_OP_T;
  ROOFLAB_CUBLAS(cublasLtMatmulDescSetAttribute(operation_, CUBLASLT_MATMUL_DESC_TRANSA, &transpose,
                                                sizeof transpose));
  ROOFLAB_CUBLAS(cublasLtMatrixLayoutCreate(&a_, input_, n_, n_, n_));
  ROOFLAB_CUBLAS(cublasLtMatrixLayoutCreate(&b_, input_, n_, n_, n_));
  ROOFLAB_CUBLAS(cublasLtMatrixLayoutCreate(&d_, output_, n_, n_, n_));
  cublasLtMatmulPreference_t preference = nullptr;
  ROOFLAB_CUBLAS(cublasLtMatmulPreferenceCreate(&preference));
  cublasLtMatmulHeuristicResult_t best{};
  int found = 0;
  const cublasStatus_t set =
      cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                           &kWorkspaceBytes, sizeof kWorkspaceBytes);
  const cublasStatus_t heuristic =
      set != CUBLAS_STATUS_SUCCESS
          ? set
          : cublasLtMatmulAlgoGetHeuristic(handle_, operation_, a_, b_, d_, d_, preference, 1,
                                           &best, &found);
  cublasLtMatmulPreferenceDestroy(preference);
  ROOFLAB_CUBLAS(heuristic);
  if (found == 0)
    throw CudaError("cublasLtMatmulAlgoGetHeuristic: no algorithm for input type " +
                    std::to_string(input_) + ", output type " + std::to_string(output_));
  algo_ = best.algo;
  planned_ = true;
}

void CublasLtGemm::run(const void* a, const void* b, void* d) {
  if (!planned_) plan();
  const float one = 1, zero = 0;
  ROOFLAB_CUBLAS(cublasLtMatmul(handle_, operation_, &one, a, a_, b, b_, &zero, d, d_, d, d_,
                                &algo_, workspace_, kWorkspaceBytes, nullptr));
}

}  // namespace kernels::cuda
