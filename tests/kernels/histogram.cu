// Interpreter corpus: a histogram with per-block bins in shared memory
// (shared atomics) merged into global bins (global atomics), and a kernel of
// global atomics of every kind. Pattern: none (race-free): the shared bins
// are cleared, filled and flushed in three phases separated by barriers;
// every other concurrent access is atomic.
#define NBINS 64

// A multiplicative hash of v to one of the 64 bins.
__device__ unsigned bin_of(unsigned v) { return (v * 2654435761u) >> 26; }

__global__ void histogram(const unsigned *in, unsigned *bins, int n) {
  __shared__ unsigned local[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[bin_of(in[i])], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

// acc[0] counts, acc[1] max, acc[2] max of ~hash, acc[3] OR, acc[4] XOR,
// acc[5] subtracts, acc[6] counts with atomicInc wrapping at 100, acc[7]
// sums through a CAS loop; lim[0] min and lim[1] AND (from all ones); fsum
// gets 0.5 per element through the float atomicAdd. The CAS loop starts from
// an atomic read: a plain read would race with the other blocks' CAS.
__global__ void atomics(const unsigned *in, unsigned *acc, unsigned *lim, float *fsum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i], h = v * 2654435761u;
  atomicAdd(&acc[0], 1u);
  atomicMax(&acc[1], h);
  atomicMax(&acc[2], ~h);
  atomicOr(&acc[3], 1u << (v % 29));
  atomicXor(&acc[4], h);
  atomicSub(&acc[5], v);
  atomicInc(&acc[6], 99u);
  unsigned old = atomicOr(&acc[7], 0u), seen;
  do {
    seen = old;
    old = atomicCAS(&acc[7], seen, seen + v);
  } while (old != seen);
  atomicMin(&lim[0], h);
  atomicAnd(&lim[1], ~(1u << (v % 31)));
  atomicAdd(fsum, 0.5f);
}

//@ run histogram: --kernel histogram --grid 4 --block 128 --arg u32[5000]=iota --arg u32[64] --arg 5000 --dump 1
//@ run histogram_rand: --kernel histogram --grid 3 --block 256 --arg u32[4000]=rand:3:0:4294967295 --arg u32[64] --arg 4000 --dump 1
//@ run atomics: --kernel atomics --grid 3 --block 96 --arg u32[250]=iota --arg u32[8] --arg u32[2]=4294967295 --arg f32[1] --arg 250 --dump 1 --dump 2 --dump 3
