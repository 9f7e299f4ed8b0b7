// Interpreter corpus: C++ in device code -- a kernel template (instantiated
// twice, selected by its mangled name), a class with operators, a functor and
// a lambda passed to a template, and cooperative groups (a block sync and a
// 32-thread tile's shuffle reduction). Pattern: none (race-free). (Indirect
// calls -- function pointers, virtual functions: tests/kernels/virtual.cu.)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// No fused multiply-adds in this file: mandel's iteration counts must not
// depend on the optimisation level (the host reference rounds every step).
#pragma clang fp contract(off)

struct cplx {
  float re, im;
  __device__ cplx(float r, float i) : re(r), im(i) {}
  __device__ cplx operator*(const cplx &o) const { return cplx(re * o.re - im * o.im, re * o.im + im * o.re); }
  __device__ cplx operator+(const cplx &o) const { return cplx(re + o.re, im + o.im); }
  __device__ float norm2() const { return re * re + im * im; }
};

// Iterations (at most 40) of z = z*z + c before |z| > 2, c on a 16 x 8 grid.
__global__ void mandel(int *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  cplx c(-2.0f + x * 0.15625f, -1.0f + y * 0.25f), z(0.0f, 0.0f);
  int k = 0;
  while (k < 40 && z.norm2() <= 4.0f) {
    z = z * z + c;
    ++k;
  }
  out[y * gridDim.x * blockDim.x + x] = k;
}

template <typename T, typename F>
__device__ T fold(const T *v, int n, T init, F f) {
  for (int k = 0; k < n; ++k) init = f(init, v[k]);
  return init;
}

struct max_of {
  template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

// out[i] = (the maximum of the 5 inputs from i) * SCALE + their sum, as T.
template <typename T, int SCALE>
__global__ void window(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 5 > n) return;
  T m = fold(in + i, 5, in[i], max_of());
  T s = fold(in + i, 5, T(0), [](T a, T b) { return a + b; });
  out[i] = m * T(SCALE) + s;
}
template __global__ void window<int, 3>(const int *, int *, int);
template __global__ void window<double, 7>(const double *, double *, int);

// A block sum with cooperative groups: each 32-thread tile reduces with
// tile.shfl_down, tile leaders write shared memory, block.sync(), thread 0
// adds the tile sums.
__global__ void cg_sum(const int *in, int *out) {
  __shared__ int tiles[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0) tiles[threadIdx.x / 32] = v;
  block.sync();
  if (block.thread_rank() == 0) {
    int s = 0;
    for (unsigned k = 0; k < blockDim.x / 32; ++k) s += tiles[k];
    out[blockIdx.x] = s;
  }
}

//@ run mandel: --kernel mandel --grid 2,2 --block 8,4 --arg i32[128] --dump 0
//@ run window_int: --kernel _Z6windowIiLi3EEvPKT_PS0_i --grid 2 --block 32 --arg i32[64]=iota --arg i32[64] --arg 64 --dump 1
//@ run window_double: --kernel _Z6windowIdLi7EEvPKT_PS0_i --grid 1 --block 64 --arg f64[64]=iota --arg f64[64]=-1 --arg 50 --dump 1
//@ run cg_sum: --kernel cg_sum --grid 3 --block 128 --arg i32[384]=iota --arg i32[3] --dump 1
