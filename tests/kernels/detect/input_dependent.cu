// Pattern: races that need a particular input. scatter_add: out[idx[t]] += 1
// races only when idx has colliding entries (iota%8: lanes t and t+8 of one
// warp store to one word with the same instruction, and warp 1 reads and
// stores what warp 0 stored). shared_hist: a shared histogram without
// atomics races only when two threads fall in one bin (with one thread per
// bin every unit is touched by one thread and both barriers are redundant
// for that input). block_id: every
// block stores to out[threadIdx.x]: a race only with more than one block.
__global__ void scatter_add(const int *idx, int *out) {
  unsigned t = threadIdx.x;
  out[idx[t]] += 1;
}

__global__ void shared_hist(const int *in, int *out, int bins) {
  __shared__ int h[64];
  unsigned t = threadIdx.x;
  if (t < (unsigned)bins) h[t] = 0;
  __syncthreads();
  h[in[t] % bins] += 1;
  __syncthreads();
  if (t < (unsigned)bins) out[t] = h[t];
}

__global__ void block_id(int *out) { out[threadIdx.x] = (int)blockIdx.x; }

//@ run kernel=scatter_add grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect none
//@ run kernel=scatter_add grid=1 block=64
//@ arg i32[64]=iota%8
//@ arg i32[64]
//@ expect race global ww 11 11
//@ expect race global rw 11 11
//@ run kernel=shared_hist grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ arg 64
//@ expect redundant 18
//@ expect redundant 20
//@ run kernel=shared_hist grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ arg 8
//@ expect race shared ww 19 19
//@ expect race shared rw 19 19
//@ run kernel=block_id grid=1 block=64
//@ arg i32[64]
//@ expect none
//@ run kernel=block_id grid=3 block=64
//@ arg i32[64]
//@ expect race global ww 24 24
