// Thrust in host code: a device functor used by thrust::transform.
#include <thrust/device_vector.h>
#include <thrust/transform.h>

struct saxpy_functor {
  float a;
  explicit saxpy_functor(float a_) : a(a_) {}
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

// A plain kernel in the same file, using the functor on the device. Clean.
__global__ void saxpy_kernel(saxpy_functor f, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = f(x[i], y[i]);
}

void saxpy(float a, thrust::device_vector<float> &x, thrust::device_vector<float> &y) {
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), saxpy_functor(a));
}
