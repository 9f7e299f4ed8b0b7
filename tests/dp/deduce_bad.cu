// A device-side launch of a kernel template whose parameters do not take
// the arguments as they are (const T * from a float *): simulee cannot
// tell which specialization it names, a one-line error.
template <typename T> __global__ void copy(const T *in, T *out) { out[threadIdx.x] = in[threadIdx.x]; }

__global__ void parent(float *p) {
  if (threadIdx.x == 0) copy<<<1, 16>>>(p, p + 16);
}
