// solver: dot products, per block, in shared memory.
#include <cuda_runtime.h>
#include "solver/vec.cuh"

// Clean: products into shared memory, a barrier, then thread 0 adds them.
__global__ void dot_partial(const solver_real *a, const solver_real *b, solver_real *out) {
  __shared__ solver_real prod[1024];
  unsigned t = threadIdx.x, i = solver_tid();
  prod[t] = a[i] * b[i];
  __syncthreads();
  if (t == 0) {
    solver_real s = 0;
    for (unsigned k = 0; k < blockDim.x; k++) s += prod[k];
    out[blockIdx.x] = s;
  }
}

// Bug pattern: reading a shared result before the barrier that publishes
// it. Thread 0 stores the block's scale factor in shared memory and every
// thread reads it with no __syncthreads() in between: read-write data race
// on shared memory between thread 0 and the threads of the other warps.
__global__ void scale_by_first(solver_real *x) {
  __shared__ solver_real factor;
  unsigned i = solver_tid();
  if (threadIdx.x == 0) factor = x[blockIdx.x * blockDim.x] + 1.0f;
  x[i] = x[i] / factor;
}

void dots(const solver_real *a, const solver_real *b, solver_real *out, unsigned n) {
  dot_partial<<<n / SOLVER_TILE, SOLVER_TILE>>>(a, b, out);
  solver_real *tmp;
  cudaMalloc(&tmp, n * sizeof(solver_real));
  scale_by_first<<<n / SOLVER_TILE, SOLVER_TILE>>>(tmp);
  cudaFree(tmp);
}
