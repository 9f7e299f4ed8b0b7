// solver: Jacobi iterations, out of place (clean) and in place (racy).
#include <cuda_runtime.h>
#include "solver/vec.cuh"

namespace solver {

// Clean: reads x_old, writes x_new.
__global__ void jacobi_step(const solver_real *x_old, solver_real *x_new, unsigned n) {
  unsigned i = solver_tid();
  if (i == 0 || i + 1 >= n || i + 1 >= gridDim.x * blockDim.x) return;
  x_new[i] = average(x_old[i - 1], x_old[i + 1]);
}

// Bug pattern: Jacobi update in place (a Gauss-Seidel that forgot its
// colouring): thread i reads x[i - 1] and x[i + 1] while threads i - 1 and
// i + 1 write them. Read-write data race on global memory between threads
// of different warps or blocks.
__global__ void jacobi_inplace(solver_real *x, unsigned n) {
  unsigned i = solver_tid();
  if (i == 0 || i + 1 >= n || i + 1 >= gridDim.x * blockDim.x) return;
  x[i] = average(x[i - 1], x[i + 1]);
}

}  // namespace solver

void solve(solver_real *dev_a, solver_real *dev_b, unsigned n, int iters) {
  for (int k = 0; k < iters; k++) {
    solver::jacobi_step<<<(n + SOLVER_TILE - 1) / SOLVER_TILE, SOLVER_TILE>>>(dev_a, dev_b, n);
    solver_real *t = dev_a;
    dev_a = dev_b;
    dev_b = t;
  }
  solver::jacobi_inplace<<<(n + SOLVER_TILE - 1) / SOLVER_TILE, SOLVER_TILE>>>(dev_a, n);
}
