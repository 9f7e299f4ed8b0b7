// Kernels the runtime harness (fuzz_runtime.c) launches: a fill and a sum
// over the first n elements of a buffer it gives (any pointer, any n).
extern "C" __global__ void fz_fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

extern "C" __global__ void fz_sum(const int *p, int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(out, p[i]);
}
