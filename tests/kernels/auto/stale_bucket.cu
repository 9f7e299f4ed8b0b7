// Pattern: a block counts its values into 15 shared buckets with
// atomicAdd(&count[s[t + 1] % 15], 1), reading its right neighbour's value
// from a tile of 129 that 128 threads filled: thread 127 reads s[128], which
// no thread wrote. The stale value only picks a bucket (the address of an
// atomic in shared memory); it never reaches global memory or a branch
// itself, so the uninitialized read is a warning, not an error.
__global__ void stale_bucket(const int *in, int *out) {
  __shared__ int s[129];
  __shared__ int count[15];
  int t = threadIdx.x;
  for (int j = t; j < 15; j += blockDim.x) count[j] = 0;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  atomicAdd(&count[(unsigned)s[t + 1] % 15u], 1);
  __syncthreads();
  for (int j = t; j < 15; j += blockDim.x) out[blockIdx.x * 15 + j] = count[j];
}

//@ auto kernel=stale_bucket
//@ expect uninit shared 14
//@ grade none 14
