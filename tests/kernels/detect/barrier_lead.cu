// Redundant barriers without accesses of different threads on both sides
// (detect.c quiet_reason):
// lead_load: the block's first barrier comes after each thread's read of
//   global memory and before any access of shared memory (a leading
//   barrier): it orders nothing; the second one, between the tile's writes
//   and the neighbour's read, is needed.
// leader_some: only thread 0 accesses memory around the barrier, and in
//   odd blocks it has nothing to do after it (a side without accesses
//   orders nothing either): redundant.
// lead_needed: a leading barrier between a read of global memory and
//   another thread's write of the same word (write after read in one
//   block): needed, not reported.
__global__ void lead_load(const int *in, int *out) {
  __shared__ int s[32];
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  s[threadIdx.x] = v;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

__global__ void leader_some(const int *in, int *out) {
  __shared__ int h;
  if (threadIdx.x == 0) h = in[blockIdx.x] * 2;
  __syncthreads();
  if (threadIdx.x == 0 && blockIdx.x % 2 == 0) out[blockIdx.x] = h;
}

__global__ void lead_needed(int *a) {
  int v = a[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  a[threadIdx.x] = v;
}

//@ run kernel=lead_load grid=2 block=32 its
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect redundant 16
//@ run kernel=leader_some grid=2 block=64 its
//@ arg i32[2]=iota
//@ arg i32[2]
//@ expect redundant 25
//@ run kernel=lead_needed grid=1 block=32 its
//@ arg i32[32]=iota
//@ expect none
