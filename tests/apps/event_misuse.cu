// Event handles misused: destroyed twice, recorded, waited for and
// synchronized after their destroy, and an event that is none (a stream
// handle). Each call returns cudaErrorInvalidResourceHandle with a warning
// naming the call and this file's line; a live event still times a launch.
#include <cstdio>

__global__ void scale(float *p, float f) { p[threadIdx.x] *= f; }

int main() {
  float *d;
  cudaMalloc(&d, 32 * sizeof(float));
  cudaMemset(d, 0, 32 * sizeof(float));
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a);
  scale<<<1, 32>>>(d, 2.0f);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms = -1;
  cudaError_t t = cudaEventElapsedTime(&ms, a, b);
  printf("timed: %s, %s\n", cudaGetErrorName(t), ms >= 0 ? "ms >= 0" : "ms < 0");
  cudaError_t e1 = cudaEventDestroy(b);
  cudaError_t e2 = cudaEventDestroy(b); // the second destroy
  printf("destroy: %s, again: %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2));
  cudaError_t e3 = cudaEventRecord(b, 0); // recorded after its destroy
  printf("record a destroyed event: %s\n", cudaGetErrorName(e3));
  cudaError_t e4 = cudaEventSynchronize(b);
  printf("synchronize a destroyed event: %s\n", cudaGetErrorName(e4));
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaError_t e5 = cudaStreamWaitEvent(s, b, 0);
  printf("wait for a destroyed event: %s\n", cudaGetErrorName(e5));
  cudaError_t e6 = cudaEventRecord((cudaEvent_t)s, 0); // a stream is no event
  printf("record a stream as an event: %s\n", cudaGetErrorName(e6));
  cudaStreamDestroy(s);
  cudaEventDestroy(a);
  cudaFree(d);
  return t != cudaSuccess || e1 != cudaSuccess || e2 != cudaErrorInvalidResourceHandle ||
         e3 != cudaErrorInvalidResourceHandle || e4 != cudaErrorInvalidResourceHandle ||
         e5 != cudaErrorInvalidResourceHandle || e6 != cudaErrorInvalidResourceHandle;
}
