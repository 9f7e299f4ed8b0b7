// Pattern (race-free): a histogram with a per-block private copy in shared
// memory. The block clears its bins, barrier, counts its inputs with shared
// atomics, barrier, then adds its bins to the global histogram with global
// atomics (blocks meet only through atomics). Bins are the input's low 8
// bits, so any input contents are in range. auto mode must report nothing.
#define BINS 256

__global__ void histogram(const unsigned *in, unsigned *hist, int n) {
  __shared__ unsigned h[BINS];
  unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (unsigned b = t; b < BINS; b += blockDim.x) h[b] = 0;
  __syncthreads();
  if (g < (unsigned)n) atomicAdd(&h[in[g] & (BINS - 1)], 1u);
  __syncthreads();
  for (unsigned b = t; b < BINS; b += blockDim.x) atomicAdd(&hist[b], h[b]);
}

//@ auto kernel=histogram
//@ expect none
