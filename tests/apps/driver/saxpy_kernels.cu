// Kernels a driver API program loads at run time (built alone with
// nvcc -fatbin / -cubin / -ptx): looked up by their C names; the host sets
// the static __constant__ array through cuModuleGetGlobal.
static __constant__ float bias[4]; // static, as kernel files often declare them
__device__ int launches;

extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i] + bias[i % 4];
  if (i == 0) atomicAdd(&launches, 1);
}

extern "C" __global__ void fill_index(unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3u * (unsigned)i + 1u;
}

// every texel of a w x h texture (point sampling at texel centres)
extern "C" __global__ void sample(cudaTextureObject_t t, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}
