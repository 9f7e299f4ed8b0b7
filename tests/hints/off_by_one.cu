// Pattern: an off-by-one loop bound (`i <= n` for `i < n`). The program
// allocates n floats and passes n; the block-stride loop also visits
// v[n], one past the end. The buffer sizes are read from the host's
// cudaMalloc (n * sizeof(float)), so the automatic search runs the kernel
// on buffers of the program's size and reports the access past the end.
// clamp_ok is the same loop with the right bound: clean.
__global__ void clamp_all(float *v, int n, float hi) {
  for (int i = threadIdx.x; i <= n; i += blockDim.x)
    if (v[i] > hi) v[i] = hi;
}

__global__ void clamp_ok(float *v, int n, float hi) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    if (v[i] > hi) v[i] = hi;
}

int clamp(int n, float hi) {
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return -1;
  clamp_all<<<1, 128>>>(d, n, hi);
  clamp_ok<<<1, 128>>>(d, n, hi);
  cudaFree(d);
  return 0;
}
