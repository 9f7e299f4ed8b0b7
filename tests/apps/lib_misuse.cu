// Graph, cuBLAS and cuRAND handles misused after their destroy, as a
// teardown run twice does: each call returns the library's error
// (cudaErrorInvalidResourceHandle, CUBLAS_STATUS_NOT_INITIALIZED,
// CURAND_STATUS_NOT_INITIALIZED) with a warning naming the call and this
// file's line, and the program goes on.
#include <cublas_v2.h>
#include <curand.h>
#include <cstdio>

__global__ void set(float *p, float v) { p[threadIdx.x] = v; }

int main() {
  float *d;
  cudaMalloc(&d, 32 * sizeof(float));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaGraph_t g;
  cudaGraphExec_t x;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  set<<<1, 32, 0, s>>>(d, 1.0f);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&x, g, 0);
  cudaError_t l1 = cudaGraphLaunch(x, s);
  cudaStreamSynchronize(s);
  cudaGraphExecDestroy(x);
  cudaError_t l2 = cudaGraphLaunch(x, s); // the exec is gone
  cudaGraphDestroy(g);
  cudaError_t g2 = cudaGraphDestroy(g); // destroyed twice
  printf("graph: %s, after destroy: %s, destroy twice: %s\n", cudaGetErrorName(l1),
         cudaGetErrorName(l2), cudaGetErrorName(g2));

  cublasHandle_t h;
  cublasCreate(&h);
  cublasDestroy(h);
  cublasStatus_t b1 = cublasDestroy(h); // destroyed twice
  float r = 0;
  cublasStatus_t b2 = cublasSasum(h, 32, d, 1, &r); // used after destroy
  printf("cublas: destroy twice %d, call after destroy %d\n", (int)b1, (int)b2);

  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandDestroyGenerator(gen);
  curandStatus_t r1 = curandGenerateUniform(gen, d, 32); // used after destroy
  curandStatus_t r2 = curandDestroyGenerator(gen);
  printf("curand: generate after destroy %d, destroy twice %d\n", (int)r1, (int)r2);
  cudaStreamDestroy(s);
  cudaFree(d);
  return l1 || l2 != cudaErrorInvalidResourceHandle || g2 != cudaErrorInvalidResourceHandle ||
         b1 != CUBLAS_STATUS_NOT_INITIALIZED || b2 != CUBLAS_STATUS_NOT_INITIALIZED ||
         r1 != CURAND_STATUS_NOT_INITIALIZED || r2 != CURAND_STATUS_NOT_INITIALIZED;
}
