// Device-side launches of a kernel template whose template argument the
// call deduces (tchild<<<...>>>(p, 2.0f) for tchild<float>) and of an
// overloaded kernel (the one with as many parameters as the launch has
// arguments) and of a template taking `const T *` from a `float *`:
// simulee's probe lets clang resolve which kernel each names.
template <typename T> __global__ void tchild(T *p, T v) { p[threadIdx.x] = v; }

__global__ void add(float *p, float v, unsigned n) {
  if (threadIdx.x < n) p[threadIdx.x] += v;
}
__global__ void add(float *p, float v) { p[threadIdx.x] += v; }

template <typename T> __global__ void copy(const T *in, T *out) {
  out[threadIdx.x] = in[threadIdx.x];
}

__global__ void parent(float *p) {
  if (threadIdx.x == 0) tchild<<<1, 32>>>(p, 2.0f);
  cudaDeviceSynchronize();
  __syncthreads();
  // an int and a bool where the kernel takes unsigned and float
  if (threadIdx.x == 0) add<<<1, 32>>>(p, true, 16);
  cudaDeviceSynchronize();
  __syncthreads();
  if (threadIdx.x == 0) copy<<<1, 16>>>(p, p + 16);
}
