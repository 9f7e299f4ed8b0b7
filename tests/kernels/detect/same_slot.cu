// Pattern: every thread of a block writes the same shared scratch slot
// (write-write: within a warp by the same instruction, and across warps),
// and the "same value" variant where every thread stores blockDim.x: still a
// race by the rules (the value is not looked at). same_slot_one lets only
// thread 0 write: correct.
__global__ void same_slot(const int *in, int *out) {
  __shared__ int last;
  last = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = last;
}

__global__ void same_value(int *out) {
  __shared__ unsigned n;
  n = blockDim.x;
  __syncthreads();
  out[threadIdx.x] = (int)n;
}

__global__ void same_slot_one(const int *in, int *out) {
  __shared__ int last;
  if (threadIdx.x == 0) last = in[blockDim.x - 1];
  __syncthreads();
  out[threadIdx.x] = last;
}

//@ run kernel=same_slot grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect race shared ww 8 8
//@ run kernel=same_value grid=1 block=64
//@ arg i32[64]
//@ expect race shared ww 15 15
//@ run kernel=same_slot_one grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect none
