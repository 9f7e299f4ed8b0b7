// solver: vector helpers. SOLVER_TILE comes from the compile commands
// (-DSOLVER_TILE=...).
#ifndef SOLVER_VEC_CUH
#define SOLVER_VEC_CUH
#ifndef SOLVER_TILE
#error "SOLVER_TILE is not defined: compile with the flags of compile_commands.json"
#endif

__device__ inline unsigned solver_tid() { return blockIdx.x * blockDim.x + threadIdx.x; }

namespace solver {
// Two-point average, the Jacobi update of a 1-D Laplace problem.
__device__ inline solver_real average(solver_real a, solver_real b) { return (a + b) * 0.5f; }
}  // namespace solver
#endif
