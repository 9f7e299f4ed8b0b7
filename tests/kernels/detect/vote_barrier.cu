// Pattern: a block vote through __syncthreads_count / _and / _or. The
// barrier exchanges a value over the whole block, so it is needed even when
// no memory access needs ordering: it must never be called redundant.
// A plain __syncthreads next to it that orders nothing is redundant.
__global__ void vote_count(const int *in, int *out) {
  int n = __syncthreads_count(in[threadIdx.x] > 10);
  int all = __syncthreads_and(in[threadIdx.x] >= 0);
  int any = __syncthreads_or(in[threadIdx.x] == 3);
  out[threadIdx.x] = n + 100 * all + 1000 * any;
}

__global__ void vote_plus_plain(const int *in, int *out) {
  int n = __syncthreads_count(in[threadIdx.x] > 10), m = in[63 - threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = n + m;
}

//@ run kernel=vote_count grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect none

//@ run kernel=vote_plus_plain grid=2 block=64
//@ arg i32[64]=iota
//@ arg i32[128]
//@ expect redundant 14
