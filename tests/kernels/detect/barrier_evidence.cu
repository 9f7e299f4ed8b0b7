// Patterns of barriers whose redundancy needs evidence:
// publish_twice: two __syncthreads() in a row (one left over after an edit):
//   either alone can go, not both (the write before them and another
//   thread's read after them need one): one finding for the pair.
// finish_if: the barrier guards a read that runs only when `mode` is set; a
//   launch with mode 0 ran nothing after it: no evidence, not reported.
// own_slot: each thread reads back only its own slot after the barrier: the
//   barrier orders nothing, with accesses of many threads on both sides in
//   blocks of several warps: redundant; a one-warp launch is no evidence.
// guard_n: `if (threadIdx.x < n) __syncthreads();` splits the block.
__global__ void publish_twice(const int *in, int *out) {
  __shared__ int s[128];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  __syncthreads();
  out[t] = s[(t + 64) % blockDim.x];
}

__global__ void finish_if(const int *in, int *out, int mode) {
  __shared__ int s[128];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (mode) out[t] = s[127 - t];
}

__global__ void own_slot(const int *in, int *out) {
  __shared__ int s[128];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t] * 3;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[t] + 1;
}

__global__ void guard_n(int *out, int n) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  if (threadIdx.x < (unsigned)n) __syncthreads();
  out[t] = s[t];
}

//@ run kernel=publish_twice grid=1 block=128
//@ arg i32[128]=iota
//@ arg i32[128]
//@ expect redundant 15
//@ run kernel=finish_if grid=1 block=128
//@ arg i32[128]=iota
//@ arg i32[128]
//@ arg 0
//@ expect none
//@ run kernel=finish_if grid=1 block=128
//@ arg i32[128]=iota
//@ arg i32[128]
//@ arg 1
//@ expect none
//@ run kernel=own_slot grid=2 block=64
//@ arg i32[128]=iota
//@ arg i32[128]
//@ expect redundant 32
//@ run kernel=own_slot grid=4 block=32 its
//@ arg i32[128]=iota
//@ arg i32[128]
//@ expect none
//@ run kernel=guard_n grid=1 block=64
//@ arg i32[64]
//@ arg 37
//@ expect divergence 40
