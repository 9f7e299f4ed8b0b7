// A device-side launch of a kernel template whose template argument the
// call would deduce (tchild<<<...>>>(p, 2.0f) for tchild<float>): simulee
// names the kernel as &tchild, which needs the arguments written out.
template <typename T> __global__ void tchild(T *p, T v) { p[threadIdx.x] = v; }

__global__ void parent(float *p) {
  if (threadIdx.x == 0) tchild<<<1, 32>>>(p, 2.0f);
}
