// A host-only .cu (a device query tool): no kernel, nothing to check; a scan
// notes it and its exit status does not change.
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) return 1;
  for (int d = 0; d < count; d++) {
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, d);
    std::printf("%d: %s, %d SMs\n", d, p.name, p.multiProcessorCount);
  }
  return 0;
}
