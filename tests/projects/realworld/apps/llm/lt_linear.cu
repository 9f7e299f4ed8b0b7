// A linear layer the way LLM training code writes it: the matmul through
// cuBLASLt with a bias epilogue, nvtx3 ranges around the steps, and a
// hand-written GELU kernel after it. Clean kernel: one element per thread
// behind a bounds check.
#include <cublasLt.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <cstdio>

#define CHECK_LT(call)                                                         \
  do {                                                                         \
    cublasStatus_t st_ = (call);                                               \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "cuBLASLt error %d at %s:%d\n", (int)st_, __FILE__, \
                   __LINE__);                                                  \
    }                                                                          \
  } while (0)

__global__ void gelu_inplace(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  x[i] = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
}

static void linear_forward(cublasLtHandle_t lt, float *out, const float *inp, const float *weight,
                           const float *bias, int rows, int in_dim, int out_dim, void *workspace,
                           size_t workspace_bytes, cudaStream_t stream) {
  nvtxRangePushA("linear_forward");
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasOperation_t trans = CUBLAS_OP_T, keep = CUBLAS_OP_N;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof trans));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &keep, sizeof keep));
  cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias));
  cublasLtMatrixLayout_t w_layout, in_layout, out_layout;
  CHECK_LT(cublasLtMatrixLayoutCreate(&w_layout, CUDA_R_32F, in_dim, out_dim, in_dim));
  CHECK_LT(cublasLtMatrixLayoutCreate(&in_layout, CUDA_R_32F, in_dim, rows, in_dim));
  CHECK_LT(cublasLtMatrixLayoutCreate(&out_layout, CUDA_R_32F, out_dim, rows, out_dim));
  cublasLtMatmulPreference_t pref;
  CHECK_LT(cublasLtMatmulPreferenceCreate(&pref));
  CHECK_LT(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspace_bytes, sizeof workspace_bytes));
  cublasLtMatmulHeuristicResult_t heuristic;
  int found = 0;
  CHECK_LT(cublasLtMatmulAlgoGetHeuristic(lt, desc, w_layout, in_layout, out_layout, out_layout,
                                          pref, 1, &heuristic, &found));
  const float one = 1.0f, zero = 0.0f;
  CHECK_LT(cublasLtMatmul(lt, desc, &one, weight, w_layout, inp, in_layout, &zero, out, out_layout,
                          out, out_layout, &heuristic.algo, workspace, workspace_bytes, stream));
  const int n = rows * out_dim, threads = 256;
  gelu_inplace<<<(n + threads - 1) / threads, threads, 0, stream>>>(out, n);
  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatrixLayoutDestroy(w_layout);
  cublasLtMatrixLayoutDestroy(in_layout);
  cublasLtMatrixLayoutDestroy(out_layout);
  cublasLtMatmulDescDestroy(desc);
  nvtxRangePop();
}

int main() {
  const int rows = 64, in_dim = 128, out_dim = 256;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  nvtxNameCudaStreamA(stream, "forward");
  cublasLtHandle_t lt;
  CHECK_LT(cublasLtCreate(&lt));
  float *inp, *weight, *bias, *out;
  cudaMalloc(&inp, rows * in_dim * sizeof(float));
  cudaMalloc(&weight, in_dim * out_dim * sizeof(float));
  cudaMalloc(&bias, out_dim * sizeof(float));
  cudaMalloc(&out, rows * out_dim * sizeof(float));
  size_t ws_bytes = 32u << 20;
  void *ws;
  cudaMalloc(&ws, ws_bytes);
  linear_forward(lt, out, inp, weight, bias, rows, in_dim, out_dim, ws, ws_bytes, stream);
  cudaStreamSynchronize(stream);
  cublasLtDestroy(lt);
  return 0;
}
