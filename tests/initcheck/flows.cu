// Where the value of an uninitialized read goes decides whether it is a
// bug. Each kernel loads a tile of 64 floats (or indices) per block into
// shared memory only below n, so the last, partial block leaves slots no
// thread wrote; a halo cell is loaded by one thread only.
//
// Clean (the stale value is read but goes nowhere):
// halo_discard: a 3-point stencil reads both halo cells and both neighbours
//   in every thread, also past n and at the edges, but selects keep only
//   the cells that were loaded.
// stash_unused: the stale neighbour is copied into a second shared array
//   that nothing reads afterwards (a leftover of a removed debug dump).
// Bugs (the stale value flows somewhere):
// halo_missing: the right halo cell is never loaded, and the last thread of
//   each block adds it into its output (a store to global memory).
// gather_index: a stale slot of an index tile is used as an index (an
//   address), and what it indexes is stored to global memory (an error).
// atomic_stale: a stale slot is added into a global histogram bin (an
//   atomic's operand).
// print_stale: the last slot of the tile is printed (a printf argument).
// scale_helper: a stale slot goes through a device function that is not
//   inlined, which stores it (taint crosses the call and its result).
// accumulate_uninit: a shared accumulator is `+=`-ed by its own thread
//   without ever being zeroed (the read before the write, same thread).
__global__ void halo_discard(const float *in, float *out, int n) {
  __shared__ float tile[66];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) tile[t + 1] = in[i];
  if (t == 0 && i > 0) tile[0] = in[i - 1];
  if (t == 63 && i + 1 < n) tile[65] = in[i + 1];
  __syncthreads();
  float l = tile[t], c = tile[t + 1], r = tile[t + 2];
  float left = i > 0 ? l : c;
  float right = i + 1 < n ? r : c;
  if (i < n) out[i] = left + c + right;
}

__global__ void stash_unused(const float *in, float *out, int n) {
  __shared__ float tile[64];
  __shared__ float stash[64];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) tile[t] = in[i];
  __syncthreads();
  stash[t] = tile[(t + 1) % 64];
  if (i < n) out[i] = tile[t];
}

__global__ void halo_missing(const float *in, float *out, int n) {
  __shared__ float tile[66];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  tile[t + 1] = i < n ? in[i] : 0.f;
  if (t == 0) tile[0] = i > 0 ? in[i - 1] : 0.f;
  __syncthreads();
  if (i < n) out[i] = tile[t] + tile[t + 1] + tile[t + 2];
}

__global__ void gather_index(const int *idx, const float *in, float *out, int n) {
  __shared__ int sidx[64];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) sidx[t] = idx[i];
  __syncthreads();
  if (i < n) out[i] = in[sidx[(t + 1) % 64]];
}

__global__ void atomic_stale(const float *in, float *bins, int n) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) tile[t] = in[i];
  __syncthreads();
  if (t == 0) {
    float s = 0.f;
    for (int k = 0; k < 64; k++) s += tile[k];
    atomicAdd(&bins[0], s);
  }
}

__global__ void print_stale(const float *in, int n) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) tile[t] = in[i];
  __syncthreads();
  if (t == 0) printf("last %f\n", tile[63]);
}

__device__ __noinline__ float scaled(float v, float k) { return v * k; }

__global__ void scale_helper(const float *in, float *out, int n) {
  __shared__ float tile[64];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  if (i < n) tile[t] = in[i];
  __syncthreads();
  float v = scaled(tile[63 - t], 2.f);
  if (i < n) out[i] = v;
}

__global__ void accumulate_uninit(const float *in, float *out, int n) {
  __shared__ float acc[64];
  unsigned t = threadIdx.x;
  for (int i = blockIdx.x * 64 + t; i < n; i += 64 * gridDim.x) acc[t] += in[i];
  __syncthreads();
  if (blockIdx.x * 64 + t < n) out[blockIdx.x * 64 + t] = acc[t];
}
