// Thrust and CUB compiled from source (Debian's libthrust-dev/libcub-dev)
// through simulee's CUDA runtime: thrust::sort and thrust::reduce on a
// device_vector, cub::DeviceScan::InclusiveSum, each against the host's own
// result. Exit 0 when all are right.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <cub/device/device_scan.cuh>
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  const int n = 1000;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919 + 13) % 2003 - 1000;
  thrust::device_vector<int> v(h.begin(), h.end());
  thrust::sort(v.begin(), v.end());
  long sum = thrust::reduce(v.begin(), v.end(), 0L);
  thrust::host_vector<int> sorted = v;
  std::vector<int> ref = h;
  std::sort(ref.begin(), ref.end());
  long ref_sum = 0;
  for (int x : h) ref_sum += x;
  int wrong_sort = 0;
  for (int i = 0; i < n; i++) wrong_sort += sorted[i] != ref[i];

  int *in = thrust::raw_pointer_cast(v.data()), *out;
  cudaMalloc(&out, n * sizeof(int));
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);
  cudaMalloc(&tmp, bytes);
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);
  std::vector<int> scan(n);
  cudaMemcpy(scan.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong_scan = 0, acc = 0;
  for (int i = 0; i < n; i++) wrong_scan += scan[i] != (acc += ref[i]);
  printf("thrust::sort: %d wrong, thrust::reduce: %s, cub::DeviceScan: %d wrong\n", wrong_sort,
         sum == ref_sum ? "right" : "WRONG", wrong_scan);
  return wrong_sort || sum != ref_sum || wrong_scan;
}
