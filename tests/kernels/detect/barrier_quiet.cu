// Redundant barriers as "removing it creates no race", without accesses of
// different threads on both sides:
// leader_only: a barrier between two blocks of code that only thread 0 runs
//   (a block-level header written and then read back by its leader):
//   redundant.
// tail_sync: a trailing __syncthreads() at the end of the kernel, after the
//   one the tile needs: nothing after it can race: the trailing one is
//   redundant, the first is needed.
// leader_then_mode: like leader_only, but the code after the barrier also
//   holds a read by every thread that runs only when `mode` is set; with
//   mode 0 that code never ran: no evidence, not reported (the evidence
//   rule keeps guarded code that never ran from being called redundant).
struct Header {
  int count;
  int first;
};

__global__ void leader_only(const int *in, int *out) {
  __shared__ Header h;
  if (threadIdx.x == 0) {
    h.count = in[blockIdx.x];
    h.first = in[blockIdx.x] * 2;
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = h.count + h.first;
}

template <typename T>
__global__ void tail_sync(const T *in, T *out, int n) {
  __shared__ T tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  if (i < n) out[i] = tile[blockDim.x - 1 - threadIdx.x];
  __syncthreads();
}
template __global__ void tail_sync<int>(const int *, int *, int);

__global__ void leader_then_mode(const int *in, int *out, int mode) {
  __shared__ Header h;
  if (threadIdx.x == 0) {
    h.count = in[blockIdx.x];
    h.first = in[blockIdx.x] * 2;
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = h.count + h.first;
  if (mode) out[gridDim.x + blockIdx.x * blockDim.x + threadIdx.x] = h.first;
}
//@ run kernel=leader_only grid=2 block=64
//@ arg i32[2]=iota
//@ arg i32[2]
//@ expect redundant 24
//@ run kernel=leader_only grid=2 block=64 its
//@ arg i32[2]=iota
//@ arg i32[2]
//@ expect redundant 24
//@ run kernel=_Z9tail_syncIiEvPKT_PS0_i grid=2 block=64
//@ arg i32[128]=iota
//@ arg i32[128]
//@ arg 128
//@ expect redundant 35
//@ run kernel=leader_then_mode grid=2 block=64
//@ arg i32[2]=iota
//@ arg i32[130]
//@ arg 0
//@ expect none
