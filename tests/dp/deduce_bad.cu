// A device-side launch of a kernel template whose arguments deduce
// conflicting template arguments (T = float from the pointer, T = double
// from the value): simulee cannot tell which specialization it names, a
// one-line error.
template <typename T> __global__ void scale(T *p, T v) { p[threadIdx.x] *= v; }

__global__ void parent(float *p) {
  if (threadIdx.x == 0) scale<<<1, 16>>>(p, 2.0);
}
