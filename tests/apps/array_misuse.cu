// CUDA arrays, texture objects and cuBLASLt handles released twice and
// used after their release, as a teardown run twice does: each call
// returns the error CUDA returns with a warning naming the call and this
// file's line, and the program goes on.
#include <cublasLt.h>
#include <cstdio>
#include <cstring>

__global__ void fetch(cudaTextureObject_t t, float *out) {
  out[threadIdx.x] = tex2D<float>(t, threadIdx.x + 0.5f, 0.5f);
}

int main() {
  cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  cudaMallocArray(&arr, &fdesc, 8, 2);
  float in[16];
  for (int i = 0; i < 16; i++) in[i] = (float)i;
  cudaMemcpy2DToArray(arr, 0, 0, in, 8 * sizeof(float), 8 * sizeof(float), 2,
                      cudaMemcpyHostToDevice);
  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &res, &td, nullptr);
  float *d;
  cudaMalloc(&d, 8 * sizeof(float));
  fetch<<<1, 8>>>(t, d);
  float h[8];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 8; i++) wrong += h[i] != (float)i;
  cudaDestroyTextureObject(t);
  cudaError_t t2 = cudaDestroyTextureObject(t); // destroyed twice
  cudaFreeArray(arr);
  cudaError_t a2 = cudaFreeArray(arr); // freed twice
  cudaError_t a3 = cudaMemcpy2DToArray(arr, 0, 0, in, 32, 32, 2, cudaMemcpyHostToDevice);
  printf("texture: %d wrong, destroy twice: %s, array: free twice: %s, copy after free: %s\n",
         wrong, cudaGetErrorName(t2), cudaGetErrorName(a2), cudaGetErrorName(a3));
  cublasLtHandle_t lt;
  cublasLtCreate(&lt);
  cublasLtDestroy(lt);
  cublasStatus_t l2 = cublasLtDestroy(lt); // destroyed twice
  cublasLtMatmulDesc_t md;
  cublasLtMatmulDescCreate(&md, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescDestroy(md);
  cublasStatus_t m2 = cublasLtMatmulDescDestroy(md);
  printf("cublasLt: destroy twice %d, descriptor destroy twice %d\n", (int)l2, (int)m2);
  cudaFree(d);
  return wrong || t2 != cudaErrorInvalidValue || a2 != cudaErrorInvalidResourceHandle ||
         a3 != cudaErrorInvalidValue || l2 != CUBLAS_STATUS_NOT_INITIALIZED ||
         m2 != CUBLAS_STATUS_INVALID_VALUE;
}
