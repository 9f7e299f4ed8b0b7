// Pattern: the unrolled warp-synchronous tail of a shared-memory reduction
// (the five steps of the classic reduce kernel's warpReduce, no __syncwarp
// between them): under independent thread scheduling every step races with
// its neighbours, one bug: one finding naming the chain's first and last
// line (warp_tail), not one per pair of lines. block_sum<128> and
// block_sum<64> instantiate it; warp_tail_synced puts __syncwarp() between
// the steps: clean.
__device__ void warp_tail(volatile float *v, unsigned t) {
  v[t] += v[t + 16];
  v[t] += v[t + 8];
  v[t] += v[t + 4];
  v[t] += v[t + 2];
  v[t] += v[t + 1];
}

template <unsigned BLOCK>
__global__ void block_sum(const float *in, float *out) {
  __shared__ float s[BLOCK];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * BLOCK + t];
  __syncthreads();
  for (unsigned k = BLOCK / 2; k >= 32; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t < 32) warp_tail(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
template __global__ void block_sum<128>(const float *, float *);
template __global__ void block_sum<64>(const float *, float *);

__global__ void warp_tail_synced(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) s[t] += s[t + 32];
  __syncthreads();
  for (unsigned k = 16; k > 0; k >>= 1) {
    float x = 0.f;
    if (t < 32) x = s[t] + s[t + k];
    __syncwarp();
    if (t < 32) s[t] = x;
    __syncwarp();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
//@ run kernel=_Z9block_sumILj128EEvPKfPf grid=2 block=128 its
//@ arg f32[256]=1
//@ arg f32[2]
//@ expect race shared rw 9 13
//@ run kernel=_Z9block_sumILj64EEvPKfPf grid=2 block=64 its
//@ arg f32[128]=1
//@ arg f32[2]
//@ expect race shared rw 9 13
//@ run kernel=_Z9block_sumILj128EEvPKfPf grid=2 block=128
//@ arg f32[256]=1
//@ arg f32[2]
//@ expect none
//@ run kernel=warp_tail_synced grid=2 block=64 its
//@ arg f32[128]=1
//@ arg f32[2]
//@ expect none
