// The host side of the split Monte Carlo program: allocates the states
// through its plan, runs the paths twice with one seed and once with
// another; the same seed gives the same paths, another seed others, and the
// mean step is near 1/2.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>
#include "plan.h"

static std::vector<float> ends(plan &p, unsigned long long seed) {
  run_paths(&p, seed);
  std::vector<float> h(p.paths);
  cudaMemcpy(h.data(), p.ends, p.paths * sizeof(float), cudaMemcpyDeviceToHost);
  return h;
}

int main() {
  plan p = {500, 40, nullptr, nullptr};
  cudaMalloc(&p.states, p.paths * sizeof(curandState));
  cudaMalloc(&p.ends, p.paths * sizeof(float));
  std::vector<float> a = ends(p, 1234), b = ends(p, 1234), c = ends(p, 99);
  int same = 0, differ = 0;
  double mean = 0;
  for (int i = 0; i < p.paths; i++) {
    same += a[i] == b[i];
    differ += a[i] != c[i];
    mean += a[i] / p.paths;
  }
  printf("rng split: %d of %d paths repeat, %d differ with another seed, mean %s\n", same,
         p.paths, differ, std::fabs(mean - 0.5) < 0.02 ? "near 1/2" : "off");
  cudaFree(p.states);
  cudaFree(p.ends);
  return same != p.paths || differ < p.paths - 2;
}
