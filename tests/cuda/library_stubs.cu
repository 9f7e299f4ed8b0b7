// Compile test for simulee's CUDA headers: the declaration-only library
// headers (cuBLAS, cuFFT, cuSPARSE, cuRAND's host API, cuSOLVER, NVTX,
// GL/EGL interop) in a file whose kernel uses none of them. Not a bug
// pattern: the host code calls them, the kernel compiles as usual.
// HOST-SIDE
// EXPECT: define dso_local void @_Z6square
#include <cublas.h>
#include <cublas_v2.h>
#include <cuda_egl_interop.h>
#include <cuda_gl_interop.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <cusparse.h>
#include <nvToolsExt.h>
#include <nvtx3/nvToolsExt.h>

__global__ void square(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * v[i];
}

int pipeline(float *a, float *b, float *c, int n, cudaStream_t s) {
  nvtxRangePushA("pipeline");
  cublasHandle_t blas;
  if (cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS) return 1;
  cublasSetStream(blas, s);
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, a, n, b, n, &zero, c, n);
  cublasDestroy(blas);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_R2C, 1);
  cufftExecR2C(plan, a, (cufftComplex *)b);
  cufftDestroy(plan);
  cusparseHandle_t sp;
  cusparseCreate(&sp);
  cusparseDestroy(sp);
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandGenerateUniform(gen, a, n);
  cusolverDnHandle_t solver;
  cusolverDnCreate(&solver);
  int lwork = 0;
  cusolverDnSgetrf_bufferSize(solver, n, n, a, n, &lwork);
  cusolverDnDestroy(solver);
  cudaGraphicsResource_t res;
  cudaGraphicsGLRegisterBuffer(&res, 1u, cudaGraphicsRegisterFlagsNone);
  square<<<(n + 255) / 256, 256, 0, s>>>(c, n);
  nvtxRangePop();
  return lwork;
}
