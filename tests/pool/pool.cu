// Kernels for one launch on several threads (-j): the report and the
// computed output must not depend on the number of threads.
// Launch of every kernel: --grid 64 --block 64 (4096 threads, 64 blocks).
#include <cuda_runtime.h>

namespace tiles {
template <typename T, int BLOCK>
struct BlockSum {
  // a tree over shared memory with a barrier between the levels
  __device__ static T run(T *part, T v) {
    unsigned t = threadIdx.x;
    part[t] = v;
    __syncthreads();
    for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
      if (t < s) part[t] += part[t + s];
      __syncthreads();
    }
    return part[0];
  }
};
}  // namespace tiles

// No bug: every block scales its own tile and writes the tile's sum.
__global__ void scale_and_sum(const float *in, float *out, float *sums, int n, float k) {
  __shared__ float part[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] * k : 0.0f;
  if (i < n) out[i] = v;
  float s = tiles::BlockSum<float, 64>::run(part, v);
  if (threadIdx.x == 0) sums[blockIdx.x] = s;
}

// Bug (inter-block race): an in-place smoothing step reads the first
// element of the next block's tile, which that block overwrites, without a
// grid-wide barrier between the write and the read.
__global__ void smooth_in_place(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float right = i + 1 < n ? a[i + 1] : 0.0f;
  __syncthreads();
  if (i < n) a[i] = 0.5f * (a[i] + right);
}

// Bug (intra-block race): the neighbour's shared element is read without a
// __syncthreads() after the writes (the missing barrier of a shift).
__global__ void shift_left(const int *in, int *out, int n) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] : 0;
  int right = t + 1 < 64 ? buf[t + 1] : 0;
  if (i < n) out[i] = right;
}

// No bug, global atomics: a histogram of the input's low bits (blocks
// communicate through the bins, so the launch runs serially).
__global__ void histogram(const unsigned *in, unsigned *bins, int n, int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[in[i] % nbins], 1u);
}

// Bug (out of bounds, last block only): the bound check is off by one
// (`<=` for `<`), so thread n reads one element past the input.
__global__ void copy_off_by_one(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n && i < n + 1) out[i < n ? i : n - 1] = in[i];
}

// Bug (inter-block race between distant blocks): block b and block b + 32
// both store their tile's maximum to slot b % 32 (the output was sized for
// half the grid). With the blocks split into ranges only the tracking of
// global memory across ranges sees it.
__global__ void fold_max(const int *in, int *out, int half) {
  __shared__ int m[64];
  int t = threadIdx.x;
  m[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  if (t == 0) {
    int best = m[0];
    for (int k = 1; k < 64; k++) best = m[k] > best ? m[k] : best;
    out[blockIdx.x % half] = best + (int)blockIdx.x;
  }
}

// Bug (redundant barrier): each thread reads back only the shared element
// it wrote itself, so the __syncthreads() between orders nothing. The
// launch is clean otherwise: its parallel run is kept, and the barrier's
// evidence of the workers is merged.
__global__ void own_scale(const float *in, float *out, int n) {
  __shared__ float s[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = s[t] * 3.0f;
}

// No bug: every block keeps its count in its own slot of a __device__
// array and copies it out (global variables tracked like buffers).
__device__ unsigned block_count[64];
__global__ void count_positive(const int *in, unsigned *out, int n) {
  __shared__ unsigned c;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) c = 0;
  __syncthreads();
  if (i < n && in[i] > 0) atomicAdd(&c, 1u);
  __syncthreads();
  if (threadIdx.x == 0) {
    block_count[blockIdx.x % 64] = c;
    out[blockIdx.x] = block_count[blockIdx.x % 64];
  }
}

// No bug: thread 0 of every block prints; printf keeps the launch serial
// (the text's order is the serial one).
__global__ void report_blocks(const int *in) {
  if (threadIdx.x == 0) printf("block %d first %d\n", (int)blockIdx.x, in[blockIdx.x * blockDim.x]);
}

// Bug (inter-block race, found late): every block increments its tile in
// place, and the last block also folds its last element into element 0,
// the right neighbour of a ring, which block 0 owns. The conflict is seen
// only when the last worker reaches its last block, after every other
// worker updated its tiles: the fallback must give the buffer back exactly
// as it was (a second increment would show in the dump).
__global__ void ring_increment(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += 1.0f;
  __syncthreads();
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == blockDim.x - 1) a[0] += a[i];
}

// Bug (lost update across blocks): thread 0 of every block adds its
// block's count to one total with a plain read-modify-write (the missing
// atomicAdd), while every thread also rewrites its own element in place.
__global__ void tally_in_place(int *a, int *total, int n) {
  __shared__ int c;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) c = 0;
  __syncthreads();
  if (i < n) {
    a[i] = a[i] * 2 + 1;
    if (a[i] > 6) atomicAdd(&c, 1);
  }
  __syncthreads();
  if (threadIdx.x == 0) *total += c;
}
