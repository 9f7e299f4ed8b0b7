// Interpreter corpus: cuRAND's device API with the MRG32k3a generator, as
// Monte Carlo kernels seed it (one seed, per-thread offsets). Pattern: none
// (each thread writes its own elements). The draws of thread t start at
// offset 5t of the stream, reached by a power of the transition matrices;
// the host reference steps the published recurrence instead.
#include <curand_kernel.h>

// out[4t..4t+4): the four draws z_n of thread t (curand), then u[t] the
// fifth as curand_uniform_double
__global__ void mrg_stream(unsigned *out, double *u, unsigned long long seed) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateMRG32k3a_t st;
  curand_init(seed, 0, 5ull * t, &st);
  for (int k = 0; k < 4; k++) out[4 * t + k] = curand(&st);
  u[t] = curand_uniform_double(&st);
}

//@ run mrg_stream: --kernel mrg_stream --grid 2 --block 32 --arg u32[256] --arg f64[64] --arg 0x123456789abcdef --dump 0 --dump 1
