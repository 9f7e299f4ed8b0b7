// Pattern (race-free): a grid-stride loop (y = a * x + y). Every index i is
// handled by exactly one thread whatever the grid and block, so there is
// nothing to order. n is capped so a candidate's buffers stay small. auto
// mode must report nothing.
__global__ void grid_stride(int n, float a, const float *x, float *y) {
  unsigned m = n > 0 ? (n < 8192 ? (unsigned)n : 8192u) : 0u;
  unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < m; i += stride)
    y[i] = a * x[i] + y[i];
}

//@ auto kernel=grid_stride
//@ expect none
