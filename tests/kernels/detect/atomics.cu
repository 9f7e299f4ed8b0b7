// Pattern: atomics that must not be reported, and the atomic/plain mix that
// must. count_all: every thread of every block increments one global
// counter with atomicAdd. hist_atomic: a shared histogram with atomicAdd,
// then flushed to global memory with atomicAdd. mix_nobar: atomics on a
// shared sum and thread 0's plain load of it in the same visit order: an
// atomic and a plain access race (read-write). mix_ok has the barrier.
// block_scope_counter: every block counts into one global cell with
// atomicAdd_block, atomic only within the block: the blocks race
// (write-write, ScoRD's scoped race); with one block it is correct.
__global__ void count_all(unsigned *count) { atomicAdd(count, 1u); }

__global__ void hist_atomic(const int *in, int *out) {
  __shared__ int h[16];
  unsigned t = threadIdx.x;
  if (t < 16) h[t] = 0;
  __syncthreads();
  atomicAdd(&h[in[blockIdx.x * blockDim.x + t] % 16], 1);
  __syncthreads();
  if (t < 16) atomicAdd(&out[t], h[t]);
}

__global__ void mix_nobar(const int *in, int *out) {
  __shared__ int sum;
  unsigned t = threadIdx.x;
  if (t == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, in[t]);
  if (t == 0) out[blockIdx.x] = sum;
}

__global__ void mix_ok(const int *in, int *out) {
  __shared__ int sum;
  unsigned t = threadIdx.x;
  if (t == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, in[t]);
  __syncthreads();
  if (t == 0) out[blockIdx.x] = sum;
}

__global__ void block_scope_counter(int *count) {
  atomicAdd_block(count, 1);
}

//@ run kernel=count_all grid=4 block=96
//@ arg u32[1]
//@ expect none
//@ run kernel=hist_atomic grid=3 block=64
//@ arg i32[192]=iota
//@ arg i32[16]
//@ expect none
//@ run kernel=mix_nobar grid=2 block=64
//@ arg i32[64]=1
//@ arg i32[2]
//@ expect race shared rw 27 28
//@ run kernel=mix_ok grid=2 block=64
//@ arg i32[64]=1
//@ arg i32[2]
//@ expect none
//@ run kernel=block_scope_counter grid=1 block=64
//@ arg i32[1]
//@ expect none
//@ run kernel=block_scope_counter grid=2 block=64
//@ arg i32[1]
//@ expect race global ww 42 42
