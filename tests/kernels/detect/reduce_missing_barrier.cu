// Pattern: a missing barrier between two phases of a shared-memory
// reduction: the loads into s[] and the first tree step are in the same
// visit order, so thread t < 64 reads s[t+64] while warps 2 and 3 may not
// have stored it yet (read-write, inter-warp). reduce_ok has the barrier.
__global__ void reduce_nobar(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (tid < k) s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void reduce_ok(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (tid < k) s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

//@ run kernel=reduce_nobar grid=2 block=128
//@ arg i32[256]=iota
//@ arg i32[2]
//@ expect race shared rw 8 10
//@ run kernel=reduce_ok grid=2 block=128
//@ arg i32[256]=iota
//@ arg i32[2]
//@ expect none
