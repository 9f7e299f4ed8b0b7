// A checked launch of a grid that syncs is checked for a prefix of its
// instructions (--check-steps), the rest runs without detection.
// Pattern: an iterative solver written as one cooperative kernel, sweeps
// separated by grid.sync() (the way multi-block conjugate-gradient and
// Jacobi solvers keep their whole loop on the device).
//   mode 0: clean; the result against a host loop
//   mode 1: a race in the first sweep (inside the checked prefix)
//   mode 2: the same race in the last sweep (after the prefix)
//   mode 3: an out-of-bounds read in the last sweep (after the prefix)
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>
namespace cg = cooperative_groups;

__global__ void sweeps(float *x, float *tmp, int n, int iters, int mode) {
  cg::grid_group g = cg::this_grid();
  int i = (int)g.thread_rank();
  for (int it = 0; it < iters; it++) {
    float l = x[i > 0 ? i - 1 : i], c = x[i], r = x[i < n - 1 ? i + 1 : i];
    tmp[i] = (l + c + r) / 3.0f;
    g.sync();
    x[i] = tmp[i];
    /* thread 0 (block 0) also writes the last element, which the grid's
     * last thread (another block) writes in the same sweep */
    if (i == 0 && ((mode == 1 && it == 0) || (mode == 2 && it == iters - 1))) x[n - 1] = 0.0f;
    if (i == 0 && mode == 3 && it == iters - 1) tmp[0] = x[n + 4096];
    g.sync();
  }
}

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  const int n = 256, iters = 300, threads = 64;
  float h[n], ref[n], t[n];
  for (int i = 0; i < n; i++) h[i] = ref[i] = (float)((i * 37) % 101);
  float *x, *tmp;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&tmp, n * sizeof(float));
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  int nn = n, it = iters;
  void *args[] = {&x, &tmp, &nn, &it, &mode};
  cudaLaunchCooperativeKernel((void *)sweeps, dim3(n / threads), dim3(threads), args, 0, 0);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("sweeps: %s\n", cudaGetErrorString(e));
    return 2;
  }
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  for (int k = 0; k < iters; k++) {
    for (int i = 0; i < n; i++)
      t[i] = (ref[i > 0 ? i - 1 : i] + ref[i] + ref[i < n - 1 ? i + 1 : i]) / 3.0f;
    for (int i = 0; i < n; i++) ref[i] = t[i];
  }
  if (mode == 0) {
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += h[i] != ref[i];
    printf("sweeps: %d of %d elements differ from the host loop\n", wrong, n);
  }
  cudaFree(x);
  cudaFree(tmp);
  return 0;
}
