// Pattern: the unrolled warp-synchronous tail of a block sum (no __syncwarp
// between the five steps), instantiated for int and float: one bug, one
// finding (the chain of lines 6 to 10), the int instantiation folded into it.
template <typename T>
__device__ void warp_tail(volatile T *v, unsigned t) {
  v[t] += v[t + 16];
  v[t] += v[t + 8];
  v[t] += v[t + 4];
  v[t] += v[t + 2];
  v[t] += v[t + 1];
}

template <typename T>
__global__ void block_sum(const T *in, T *out) {
  __shared__ T s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) s[t] += s[t + 32];
  __syncthreads();
  if (t < 32) warp_tail(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
template __global__ void block_sum<float>(const float *, float *);
template __global__ void block_sum<int>(const int *, int *);
