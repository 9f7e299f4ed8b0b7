// Quasi-random points the way Monte Carlo kernels draw them: each thread
// starts its cuRAND Sobol32 stream at its own offset with the direction
// vectors the host got from curandGetDirectionVectors32. Clean kernel:
// each thread writes its own points.
#include <curand_kernel.h>

__global__ void sobol_points(const unsigned int *directions, unsigned int *out, int per_thread) {
  curandStateSobol32_t state;
  unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init((unsigned int *)directions, t * per_thread, &state);
  for (int k = 0; k < per_thread; ++k) out[t * per_thread + k] = curand(&state);
}
