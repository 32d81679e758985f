#pragma once
// cublasLtMatmul of one n × n × n problem, for the types cublasGemmEx does not take (fp8): D = Aᵀ·B
// with A stored k × m column-major (the "TN" layout fp8 needs), fp32 compute and scale, alpha 1,
// beta 0, the heuristic's first algorithm and a workspace of its own. Every status is checked
// like a cuBLAS call.
#include <cublasLt.h>

namespace kernels::cuda {

class CublasLtGemm {
 public:
  CublasLtGemm(cudaDataType_t input, cudaDataType_t output, int n)
      : input_(input), output_(output), n_(n) {}
  ~CublasLtGemm() { release(); }
  CublasLtGemm(const CublasLtGemm&) = delete;
  CublasLtGemm& operator=(const CublasLtGemm&) = delete;

  // Enqueues D = Aᵀ·B on the default stream; the first call makes the plan (inside a case's
  // measured steps, so a failure, such as no algorithm for the types, is that case's error).
  void run(const void* a, const void* b, void* d);

 private:
  void plan();     // from scratch: what a failed plan left is released first
  void release();  // nothing to report: used by the destructor

  cudaDataType_t input_, output_;
  int n_;
  cublasLtHandle_t handle_ = nullptr;
  cublasLtMatmulDesc_t operation_ = nullptr;
  cublasLtMatrixLayout_t a_ = nullptr, b_ = nullptr, d_ = nullptr;
  cublasLtMatmulAlgo_t algo_{};
  void* workspace_ = nullptr;
  bool planned_ = false;
};

}  // namespace kernels::cuda
