// Interpreter corpus: prefix scans in shared memory. Pattern: none (the
// kernels are race-free): scan_inclusive double-buffers its steps (read one
// half, write the other, barrier); scan_exclusive is the work-efficient
// up-sweep / down-sweep scan whose barriers open every tree level.
#define SCAN_BLOCK 256

// out[i] = in[b*B] + ... + in[i] within each block of B elements (0 past n).
__global__ void scan_inclusive(const int *in, int *out, int n) {
  __shared__ int buf[2][SCAN_BLOCK];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int src = 0;
  buf[0][t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned off = 1; off < blockDim.x; off <<= 1) {
    int v = buf[src][t];
    if (t >= off) v += buf[src][t - off];
    buf[1 - src][t] = v;
    src = 1 - src;
    __syncthreads();
  }
  if (i < n) out[i] = buf[src][t];
}

// Each block scans 2*B elements: out[j] = the sum of the elements before j
// in the block's segment, sums[b] = the segment's total.
__global__ void scan_exclusive(const unsigned *in, unsigned *out, unsigned *sums) {
  __shared__ unsigned s[2 * SCAN_BLOCK];
  unsigned t = threadIdx.x, n2 = 2 * blockDim.x;
  unsigned base = blockIdx.x * n2;
  s[2 * t] = in[base + 2 * t] % 1000;
  s[2 * t + 1] = in[base + 2 * t + 1] % 1000;
  unsigned off = 1;
  for (unsigned d = n2 >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      unsigned a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1;
      s[b] += s[a];
    }
    off <<= 1;
  }
  if (t == 0) {
    sums[blockIdx.x] = s[n2 - 1];
    s[n2 - 1] = 0;
  }
  for (unsigned d = 1; d < n2; d <<= 1) {
    off >>= 1;
    __syncthreads();
    if (t < d) {
      unsigned a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1;
      unsigned x = s[a];
      s[a] = s[b];
      s[b] += x;
    }
  }
  // the last down-sweep level touched only s[2t] and s[2t+1]: no barrier
  out[base + 2 * t] = s[2 * t];
  out[base + 2 * t + 1] = s[2 * t + 1];
}

//@ run scan_inclusive: --kernel scan_inclusive --grid 3 --block 256 --arg i32[700]=iota --arg i32[700] --arg 700 --dump 1
//@ run scan_inclusive_rand: --kernel scan_inclusive --grid 3 --block 256 --arg i32[700]=rand:5:-1000:1000 --arg i32[700] --arg 700 --dump 1
//@ run scan_exclusive: --kernel scan_exclusive --grid 3 --block 128 --arg u32[768]=iota --arg u32[768] --arg u32[3] --dump 1 --dump 2
