// cuda_native.h: compile a CUDA program's unmodified source as host C++ and
// run its kernels natively on the CPU, as the reference point of
// bench/apps.sh (a benchmark tool, not part of simulee). bench/native/build.sh
// force-includes this header (clang++ -x c++ -include cuda_native.h) after
// rewriting each launch `k<<<G, B>>>(args)` into `simnat::launch<k>(G, B)(args)`,
// the only change to the source. What it supports is listed in
// bench/native/README.md; anything else fails to compile or is reported at
// run time, never silently wrong.
#ifndef SIMNAT_CUDA_NATIVE_H
#define SIMNAT_CUDA_NATIVE_H

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __shared__ static /* a block's threads run on one host thread, blocks one after another */
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)

struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// The built-in variables: globals the launcher sets before it runs each thread.
inline uint3 threadIdx, blockIdx;
inline dim3 blockDim, gridDim;
constexpr int warpSize = 32;

enum cudaError_t {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInvalidConfiguration = 9,
};
typedef cudaError_t cudaError;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};
typedef struct simnat_stream *cudaStream_t;

// Memory is host memory; every call is synchronous, so synchronizing is a no-op.
cudaError_t cudaMalloc(void **p, size_t n);
template <class T> cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags = 1);
template <class T> cudaError_t cudaMallocManaged(T **p, size_t n, unsigned flags = 1) {
  return cudaMallocManaged((void **)p, n, flags);
}
cudaError_t cudaMallocHost(void **p, size_t n);
template <class T> cudaError_t cudaMallocHost(T **p, size_t n) { return cudaMallocHost((void **)p, n); }
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, cudaMemcpyKind kind,
                            cudaStream_t s = 0);
cudaError_t cudaMemset(void *p, int v, size_t n);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t e);
const char *cudaGetErrorName(cudaError_t e);
cudaError_t cudaGetDeviceCount(int *n);
cudaError_t cudaSetDevice(int d);

// Device-side functions. Threads of a block switch only at a barrier, so a
// plain read-modify-write is atomic.
void __syncthreads(void);
inline void __threadfence(void) {}
inline void __threadfence_block(void) {}
template <class T, class U> inline T atomicAdd(T *p, U v) { T o = *p; *p = (T)(o + v); return o; }
template <class T, class U> inline T atomicSub(T *p, U v) { T o = *p; *p = (T)(o - v); return o; }
template <class T, class U> inline T atomicExch(T *p, U v) { T o = *p; *p = (T)v; return o; }
template <class T, class U> inline T atomicMin(T *p, U v) { T o = *p; if ((T)v < o) *p = (T)v; return o; }
template <class T, class U> inline T atomicMax(T *p, U v) { T o = *p; if ((T)v > o) *p = (T)v; return o; }
template <class T, class U> inline T atomicAnd(T *p, U v) { T o = *p; *p = (T)(o & v); return o; }
template <class T, class U> inline T atomicOr(T *p, U v) { T o = *p; *p = (T)(o | v); return o; }
template <class T, class U> inline T atomicXor(T *p, U v) { T o = *p; *p = (T)(o ^ v); return o; }
template <class T, class U, class V> inline T atomicCAS(T *p, U cmp, V v) {
  T o = *p;
  if (o == (T)cmp) *p = (T)v;
  return o;
}
inline unsigned atomicInc(unsigned *p, unsigned m) { unsigned o = *p; *p = o >= m ? 0 : o + 1; return o; }
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline float __fdividef(float a, float b) { return a / b; }
inline float __expf(float x) { return expf(x); }
inline float __logf(float x) { return logf(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

namespace simnat {
// One launch's configuration.
struct Config {
  dim3 grid;       // blocks
  dim3 block;      // threads per block
  size_t shmem;    // dynamic shared bytes (must be 0: extern __shared__ is unsupported)
};
// Per kernel: whether its threads may run as a plain loop (no barrier seen).
struct KernelInfo {
  int loop;                   // 1: a launch ran with no thread reaching __syncthreads
  unsigned long long launches;  // launches of this kernel
};
// Validates the configuration (sets the last error and returns 0 when it is
// not one a GPU accepts) and starts the launch's clock.
int begin(const Config &c, KernelInfo *k);
// Stops the launch's clock.
void end(KernelInfo *k);
// Sets blockIdx and blockDim/gridDim for one block.
void set_block(unsigned bx, unsigned by, unsigned bz);
// Runs every block, each block's threads as fibers switching at __syncthreads.
void run_fibers(const Config &c, void (*body)(void *), void *ctx, KernelInfo *k);
// Whether the plain-loop mode is running (a barrier there is fatal).
extern int in_loop;

template <auto K> struct Launcher {
  Config c;  // this launch's configuration
  static inline KernelInfo info{};  // this kernel's mode and count
  template <class... P, class... A> void call(void (*)(P...), A &&...a) const {
    std::tuple<std::decay_t<P>...> args(std::forward<A>(a)...);
    if (!begin(c, &info)) return;
    if (info.loop) {
      in_loop = 1;
      for (unsigned bz = 0; bz < c.grid.z; bz++)
        for (unsigned by = 0; by < c.grid.y; by++)
          for (unsigned bx = 0; bx < c.grid.x; bx++) {
            set_block(bx, by, bz);
            for (unsigned tz = 0; tz < c.block.z; tz++)
              for (unsigned ty = 0; ty < c.block.y; ty++)
                for (unsigned tx = 0; tx < c.block.x; tx++) {
                  threadIdx = uint3{tx, ty, tz};
                  std::apply(K, args);
                }
          }
      in_loop = 0;
    } else {
      run_fibers(c, [](void *p) { std::apply(K, *static_cast<decltype(args) *>(p)); }, &args,
                 &info);
    }
    end(&info);
  }
  template <class... A> void operator()(A &&...a) const { call(K, std::forward<A>(a)...); }
};
template <auto K> Launcher<K> launch(dim3 g, dim3 b, size_t shmem = 0, cudaStream_t = 0) {
  return Launcher<K>{Config{g, b, shmem}};
}
}  // namespace simnat

#endif
