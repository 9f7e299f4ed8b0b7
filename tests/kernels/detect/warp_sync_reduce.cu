// Pattern: the warp-synchronous last-warp reduction. Once 32 partial sums
// remain, the last warp finishes without __syncthreads, relying on its lanes
// executing in lock-step (volatile keeps each step a load and a store).
// Correct under lock-step execution (pre-Volta): nothing to report. Under
// --its (independent thread scheduling) lane t reads s[t+k] while lane t+k
// may not have written it yet: a read-write race inside the warp.
// reduce_syncwarp separates the steps with __syncwarp: correct in both.
__global__ void reduce_warpsync(const float *in, float *out) {
  __shared__ float s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 32; k >>= 1) {
    if (tid < k) s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid < 32) {
    volatile float *v = s;
    for (unsigned k = 32; k > 0; k >>= 1) v[tid] += v[tid + k];
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void reduce_syncwarp(const float *in, float *out) {
  __shared__ float s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 32; k >>= 1) {
    if (tid < k) s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid < 32) {
    float x = s[tid];
    for (unsigned k = 32; k > 0; k >>= 1) {
      x += s[tid + k];
      __syncwarp();
      s[tid] = x;
      __syncwarp();
    }
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

//@ run kernel=reduce_warpsync grid=2 block=128
//@ arg f32[256]=1
//@ arg f32[2]
//@ expect none
//@ run kernel=reduce_warpsync grid=2 block=128 its
//@ arg f32[256]=1
//@ arg f32[2]
//@ expect race shared rw 19 19
//@ run kernel=reduce_syncwarp grid=2 block=128
//@ arg f32[256]=1
//@ arg f32[2]
//@ expect none
//@ run kernel=reduce_syncwarp grid=2 block=128 its
//@ arg f32[256]=1
//@ arg f32[2]
//@ expect none
