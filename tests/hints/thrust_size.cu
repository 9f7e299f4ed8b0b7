// Buffer sizes from thrust::device_vector<T> d(n): the kernel gets
// thrust::raw_pointer_cast(d.data()) and n. fill_all loops `i <= n` (an
// off-by-one: thread n writes one element past the vector's end); fill_ok
// checks `i < n`. With the vector's size read from the host code, the
// access past the end is an out-of-bounds finding in automatic mode.
#include <cstdlib>
#include <thrust/device_vector.h>

__global__ void fill_all(float *d, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) d[i] = v;
}

__global__ void fill_ok(float *d, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = v;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  thrust::device_vector<float> values(n);
  float *raw = thrust::raw_pointer_cast(values.data());
  fill_all<<<(n + 255) / 256, 256>>>(raw, n, 1.0f);
  fill_ok<<<(n + 255) / 256, 256>>>(raw, n, 2.0f);
  cudaDeviceSynchronize();
  return 0;
}
