// Pattern: a block loads a tile of 128 values into shared memory and each
// thread takes the difference with its right neighbour, reading one element
// past what the block filled: s[t + 1] for t = 127 reads s[128], which no
// thread wrote (the halo element was forgotten). Shared memory is not zeroed
// on a GPU, and the value reaches global memory: an uninitialized read, as
// at a fixed launch of 128 threads.
__global__ void tile_past(const float *in, float *out) {
  __shared__ float s[129];
  int t = threadIdx.x;
  int i = blockIdx.x * 128 + t;
  s[t] = in[i];
  __syncthreads();
  out[i] = s[t + 1] - s[t];
}

//@ auto kernel=tile_past
//@ expect uninit shared 13
