// Kernel fragment #included by jacobi.cu (the Rodinia/CUDA-samples habit of
// splitting kernels into a .cu that is never compiled on its own): a scan
// checks it once, through jacobi.cu.
// Bug pattern: the early exit of the boundary threads skips the barrier the
// others wait at (barrier divergence).
#pragma once

__global__ void jacobi_step(const float *u, float *v, int n) {
  __shared__ float row[128];
  int i = threadIdx.x;
  if (i == 0 || i >= n - 1) return; // boundary threads leave early
  row[i] = u[i];
  __syncthreads();
  v[i] = 0.5f * (row[i - 1 > 0 ? i - 1 : i] + row[i + 1 < n - 1 ? i + 1 : i]);
}
