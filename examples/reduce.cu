// examples/reduce.cu: the per-block sum of an array in shared memory (a tree
// reduction), with a deliberate bug for simulee to find.
//
// Bug pattern: missing barrier. Every thread stores its element in the
// shared array `partial`, and the first step of the tree then reads another
// thread's element (partial[t + s]) -- but the __syncthreads() that must
// separate the stores from those reads is missing. A thread of one warp can
// read an element before a thread of another warp has written it: a
// read-write data race on shared memory, and a wrong sum on a real GPU.
//
// Try it (the README's first command does):
//   simulee examples/reduce.cu --grid 4 --block 256 \
//       --arg 'f32[1024]=1' --arg 'f32[4]' --arg 1024 --dump 1
// The correct result is 256 for each of the 4 blocks.

#define BLOCK 256

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[BLOCK];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0.0f;
  // BUG: a __syncthreads() belongs here, before anyone reads partial[t + s].
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
