// Pattern: a barrier under a condition. Under a thread-dependent condition
// (tid < 16) the other threads of the block never reach it: barrier
// divergence. Under a block-uniform condition (blockIdx.x even) every thread
// of a block takes the same side: fine. early_exit: threads past n return
// before the barrier while the others wait at it: divergence too.
__global__ void cond_thread(int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  if (t < 16) __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[t];
}

__global__ void cond_block(int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  if (blockIdx.x % 2 == 0) {
    __syncthreads();
    int v = s[63 - t];
    __syncthreads();
    s[t] += v;
  }
  out[blockIdx.x * blockDim.x + t] = s[t];
}

__global__ void early_exit(const int *in, int *out, int n) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  if (t >= (unsigned)n) return;
  s[t] = in[t];
  __syncthreads();
  out[t] = s[(t + 1) % n];
}

//@ run kernel=cond_thread grid=1 block=64
//@ arg i32[64]
//@ expect divergence 10
//@ run kernel=cond_block grid=2 block=64
//@ arg i32[128]
//@ expect none
//@ run kernel=early_exit grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ arg 40
//@ expect divergence 32
//@ run kernel=early_exit grid=1 block=64
//@ arg i32[64]=iota
//@ arg i32[64]
//@ arg 64
//@ expect none
