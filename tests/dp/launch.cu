// Device-side launches as libraries write them: a kernel template launched
// from a kernel template (a "scale then finish" pipeline), a launch hidden
// in a __device__ helper, and a fire-and-forget child per block writing its
// own slice of the output (nothing reads it before the host does).
template <typename T> __global__ void scale(T *x, T f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * f;
}

template <typename T> __global__ void scale_then_offset(T *x, T f, T off, int n) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    scale<T><<<(n + 31) / 32, 32>>>(x, f, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) x[i] += off;
  }
}
template __global__ void scale_then_offset<float>(float *, float, float, int);

__global__ void fill(int *out, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = v + i;
}

__device__ void launch_fill(int *out, int n, int v) {
  fill<<<(n + 63) / 64, 64>>>(out, n, v);
}

__global__ void fill_from_helper(int *out, int n) {
  if (threadIdx.x == 0) launch_fill(out + blockIdx.x * n, n, 100 * blockIdx.x);
}
