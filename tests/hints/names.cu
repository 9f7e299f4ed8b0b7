// Launch hints find the kernel of a launch through its host stub's mangled
// name: kernels in a namespace, in an anonymous namespace (whose mangled
// prefix ends in a digit, right before the name's length) and extern "C".
// The launches are in a scope with a destructor to run, so clang emits them
// as invokes. Pattern: none (race-free): each thread writes its own element.
namespace imaging {
__global__ void scale(float *v, float k) { v[blockIdx.x * blockDim.x + threadIdx.x] *= k; }
}  // namespace imaging

namespace {
__global__ void offset(float *v, float d) { v[blockIdx.x * blockDim.x + threadIdx.x] += d; }
}  // namespace

extern "C" __global__ void clear(float *v) { v[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f; }

struct Timer {
  ~Timer();  // defined elsewhere; it must run if a call throws: the calls are invokes
};

int main() {
  Timer timer;
  float *v;
  cudaMalloc(&v, 1024 * sizeof(float));
  imaging::scale<<<2, 96>>>(v, 2.0f);
  offset<<<3, 64>>>(v, 1.0f);
  clear<<<1, 160>>>(v);
  return cudaDeviceSynchronize() != cudaSuccess;
}
