// Interpreter corpus: a bitonic sort of 512 keys per block in shared memory,
// each thread owning one compare-exchange pair per step. Pattern: none
// (race-free): the pairs of one step are disjoint and a barrier ends every
// step.
#define NSORT 512

// The key sorted for input v: a multiplicative hash cut to 10 bits, so keys
// repeat and arrive in no particular order.
__device__ unsigned sort_key(unsigned v) { return (v * 2654435761u) >> 22; }

// Sorts each block's 512 keys ascending into out.
__global__ void bitonic_sort(const unsigned *in, unsigned *out) {
  __shared__ unsigned key[NSORT];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * NSORT;
  key[t] = sort_key(in[base + t]);
  key[t + NSORT / 2] = sort_key(in[base + t + NSORT / 2]);
  __syncthreads();
  for (unsigned size = 2; size <= NSORT; size <<= 1) {
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      unsigned lo = 2 * t - (t & (stride - 1));
      unsigned hi = lo + stride;
      bool up = (lo & size) == 0;
      unsigned a = key[lo], b = key[hi];
      if ((a > b) == up) {
        key[lo] = b;
        key[hi] = a;
      }
      __syncthreads();
    }
  }
  out[base + t] = key[t];
  out[base + t + NSORT / 2] = key[t + NSORT / 2];
}

//@ run bitonic_sort: --grid 2 --block 256 --arg u32[1024]=iota --arg u32[1024] --dump 1
//@ run bitonic_rand: --grid 3 --block 256 --arg u32[1536]=rand:7:0:4294967295 --arg u32[1536] --dump 1
