// Interpreter corpus: dynamic shared memory (extern __shared__, sized by the
// launch: --shared). Pattern: none (race-free): every array is filled, then a
// barrier, then read at other threads' positions.

extern __shared__ int dyn_int[];
extern __shared__ unsigned char dyn_pool[];

// out[b*B + t] = in[b*B + (B-1-t)] (-1 past n): each block reversed.
__global__ void reverse_dyn(const int *in, int *out, int n) {
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  dyn_int[t] = i < n ? in[i] : -1;
  __syncthreads();
  if (i < n) out[i] = dyn_int[blockDim.x - 1 - t];
}

// The pool is carved into blockDim.x floats followed by blockDim.x ints
// (8*blockDim.x bytes). out[i] = f[(t+1) % B] * c[(t+B-1) % B] with
// f[t] = in[i] * 0.5 and c[t] = t + 1.
__global__ void carve_dyn(const float *in, float *out) {
  float *f = (float *)dyn_pool;
  int *c = (int *)(dyn_pool + blockDim.x * sizeof(float));
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t, B = blockDim.x;
  f[t] = in[i] * 0.5f;
  c[t] = t + 1;
  __syncthreads();
  out[i] = f[(t + 1) % B] * (float)c[(t + B - 1) % B];
}

//@ run reverse_dyn: --kernel reverse_dyn --grid 3 --block 128 --shared 512 --arg i32[300]=iota --arg i32[300] --arg 300 --dump 1
//@ run carve_dyn: --kernel carve_dyn --grid 2 --block 96 --shared 768 --arg f32[192]=iota --arg f32[192] --dump 1
