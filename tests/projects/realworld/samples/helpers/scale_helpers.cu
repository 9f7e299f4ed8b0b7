// Host code with the samples' helpers (checkCudaErrors, getLastCudaError,
// findCudaDevice behind NVIDIA's include guards) and host min/max on mixed
// integer types. Clean kernel.
#include <helper_cuda.h>

__global__ void scale_clamped(float *a, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = fminf(a[i] * s, 1.0f);
}

int run(int argc, const char **argv, float *a, int n) {
  findCudaDevice(argc, argv);
  unsigned threads = 256;
  int blocks = max(1, min(n / 256, 1024));       // int, int (host)
  long long bytes = max((long long)n * 4, 16LL); // long long (host)
  unsigned u = min(threads, 512u);               // unsigned (host)
  (void)bytes;
  float *d = nullptr;
  checkCudaErrors(cudaMalloc(&d, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d, a, n * sizeof(float), cudaMemcpyHostToDevice));
  scale_clamped<<<blocks, u>>>(d, n, 2.0f);
  getLastCudaError("scale_clamped failed");
  checkCudaErrors(cudaFree(d));
  return 0;
}
