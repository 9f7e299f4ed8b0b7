// Interpreter corpus: cuRAND's device API as Monte Carlo kernels use it:
// one seed, the thread index as the subsequence, a per-thread offset.
// Pattern: none (each thread writes its own elements). The host reference
// follows the published generators: Marsaglia's xorwow stepped one draw at
// a time (subsequences by repeated application of a 2^67-step matrix it
// computes itself) and Salmon et al.'s Philox-4x32-10 rounds.

#include <curand_kernel.h>

// out[4t..4t+4): four xorwow draws of thread t (subsequence t, offset t % 3)
__global__ void xorwow_stream(unsigned *out, unsigned long long seed) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  curandState st;
  curand_init(seed, t, t % 3, &st);
  for (int k = 0; k < 4; k++) out[4 * t + k] = curand(&st);
}

// out[6t..6t+6): six Philox-4x32-10 draws of thread t (subsequence t,
// offset 5t: the draws start inside a block of four and cross into the next)
__global__ void philox_stream(unsigned *out, unsigned long long seed) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, t, 5ull * t, &st);
  for (int k = 0; k < 6; k++) out[6 * t + k] = curand(&st);
}

//@ run xorwow_stream: --kernel xorwow_stream --grid 2 --block 32 --arg u32[256] --arg 0x2545f4914f6cdd1d --dump 0
//@ run philox_stream: --kernel philox_stream --grid 2 --block 32 --arg u32[384] --arg 0xfedcba9876543210 --dump 0
