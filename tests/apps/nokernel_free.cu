// A set-up-only program (a tool that allocates, copies and frees but launches
// no kernel of its own): its cleanup frees one buffer twice. The runtime
// registers no kernels for it, yet the invalid free is a finding at its line,
// counted in the summary, the report and the exit status.
#include <cstdio>

int main() {
  float host[64] = {0}, *dev;
  cudaMalloc(&dev, sizeof host);
  cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
  cudaError_t first = cudaFree(dev);
  cudaError_t again = cudaFree(dev); // freed by its second owner
  printf("free: %s, again: %s\n", cudaGetErrorName(first), cudaGetErrorName(again));
  return first != cudaSuccess || again != cudaErrorInvalidValue;
}
