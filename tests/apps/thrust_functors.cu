// Thrust algorithms with user functors, as analysis code writes them: the
// extremes by magnitude (minmax_element with a comparator), per-key totals
// (sort_by_key with a descending comparator, then reduce_by_key with a
// custom equality and sum), each checked against a host loop.
#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

struct by_magnitude {
  __host__ __device__ bool operator()(int a, int b) const { return abs(a) < abs(b); }
};
struct same_bucket { // keys equal when they fall into the same bucket of 10
  __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};
struct weighted_sum {
  __host__ __device__ float operator()(float a, float b) const { return a + b; }
};

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 500;
  std::vector<int> h(n);
  std::vector<float> w(n);
  for (int i = 0; i < n; i++) {
    h[i] = (i * 7919 + 13) % 1001 - 500;
    w[i] = (float)(i % 7);
  }
  thrust::device_vector<int> d(h.begin(), h.end());
  auto mm = thrust::minmax_element(d.begin(), d.end(), by_magnitude());
  auto hm = std::minmax_element(h.begin(), h.end(), by_magnitude());
  int wrong = (int)(mm.first - d.begin()) != (int)(hm.first - h.begin());
  wrong += (int)(mm.second - d.begin()) != (int)(hm.second - h.begin());
  // keys in [0, 200), sorted descending with their weights
  thrust::device_vector<int> keys(n);
  thrust::device_vector<float> vals(w.begin(), w.end());
  std::vector<int> hk(n);
  for (int i = 0; i < n; i++) hk[i] = (h[i] + 500) % 200;
  thrust::copy(hk.begin(), hk.end(), keys.begin());
  thrust::sort_by_key(keys.begin(), keys.end(), vals.begin(), thrust::greater<int>());
  thrust::host_vector<int> sk = keys;
  for (int i = 1; i < n; i++) wrong += sk[i - 1] < sk[i];
  thrust::device_vector<int> out_keys(n);
  thrust::device_vector<float> out_vals(n);
  auto ends = thrust::reduce_by_key(keys.begin(), keys.end(), vals.begin(), out_keys.begin(),
                                    out_vals.begin(), same_bucket(), weighted_sum());
  int segments = (int)(ends.first - out_keys.begin());
  std::map<int, float> ref;
  for (int i = 0; i < n; i++) ref[hk[i] / 10] += w[i];
  wrong += segments != (int)ref.size();
  thrust::host_vector<int> ok = out_keys;
  thrust::host_vector<float> ov = out_vals;
  for (int s = 0; s < segments && s < n; s++) wrong += ref[ok[s] / 10] != ov[s];
  printf("thrust functors n=%d: %d buckets, %d wrong\n", n, segments, wrong);
  return wrong != 0;
}
