// Device-side allocation as dynamic-parallelism code writes it: each line's
// thread allocates a buffer sized by its data with cudaMalloc in device
// code, fills it, sums it and frees it with cudaFree (within the launch:
// simulee's device heap is the launch's). Results against a host loop.
#include <cstdio>
#include <vector>

struct line {
  int n;      // points on the line
  float *pts; // allocated on the device by the first kernel
};

__device__ void sum_and_free(line *lines, int i, float *sums);

__global__ void tessellate(line *lines, int count, int *failed, float *sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  int n = lines[i].n;
  if (cudaMalloc((void **)&lines[i].pts, n * sizeof(float)) != cudaSuccess) {
    atomicAdd(failed, 1);
    lines[i].pts = nullptr;
    return;
  }
  for (int k = 0; k < n; k++) lines[i].pts[k] = (float)(i + 1) * (float)k / (float)n;
  sum_and_free(lines, i, sums);
}

__device__ void sum_and_free(line *lines, int i, float *sums) {
  float s = 0;
  for (int k = 0; k < lines[i].n; k++) s += lines[i].pts[k];
  sums[i] = s;
  cudaFree(lines[i].pts);
}

int main() {
  const int count = 40;
  std::vector<line> h(count);
  for (int i = 0; i < count; i++) h[i] = line{4 + (i * 7) % 29, nullptr};
  line *d;
  int *failed;
  float *sums;
  cudaMalloc(&d, count * sizeof(line));
  cudaMalloc(&failed, sizeof(int));
  cudaMalloc(&sums, count * sizeof(float));
  cudaMemset(failed, 0, sizeof(int));
  cudaMemcpy(d, h.data(), count * sizeof(line), cudaMemcpyHostToDevice);
  tessellate<<<2, 32>>>(d, count, failed, sums);
  std::vector<float> s(count);
  int nfailed = -1;
  cudaMemcpy(s.data(), sums, count * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(&nfailed, failed, sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < count; i++) {
    float e = 0;
    for (int k = 0; k < h[i].n; k++) e += (float)(i + 1) * (float)k / (float)h[i].n;
    if (s[i] != e) wrong++;
  }
  printf("device alloc: %d lines, %d failed, %d wrong\n", count, nfailed, wrong);
  return wrong != 0 || nfailed != 0;
}
