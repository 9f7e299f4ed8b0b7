/* simulee: host-side CUDA runtime declarations, so that files mixing host and
 * device code compile device-side (host functions are parsed, never run). */
#ifndef SIMULEE_CUDA_RUNTIME_API_H
#define SIMULEE_CUDA_RUNTIME_API_H
#include <stddef.h>

typedef enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3, cudaErrorLaunchFailure = 719,
  cudaErrorInvalidConfiguration = 9, cudaErrorInvalidDevice = 101,
  cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorNoDevice = 100, cudaErrorNotReady = 600, cudaErrorUnknown = 999
} cudaError_t;
typedef enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
} cudaMemcpyKind;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
                         cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1,
                     cudaFuncCachePreferEqual };
struct cudaDeviceProp {
  char name[256]; size_t totalGlobalMem; size_t sharedMemPerBlock; int regsPerBlock;
  int warpSize; size_t memPitch; int maxThreadsPerBlock; int maxThreadsDim[3];
  int maxGridSize[3]; int clockRate; size_t totalConstMem; int major; int minor;
  int multiProcessorCount; int maxThreadsPerMultiProcessor; size_t sharedMemPerMultiprocessor;
};
#define cudaHostAllocDefault 0
#define cudaMemAttachGlobal 1
#define cudaStreamNonBlocking 1

extern "C" {
cudaError_t cudaMalloc(void **p, size_t n);
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void **p, size_t n);
cudaError_t cudaHostAlloc(void **p, size_t n, unsigned flags);
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h);
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k);
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k, cudaStream_t st = 0);
cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp, size_t w, size_t h, cudaMemcpyKind k);
cudaError_t cudaMemset(void *d, int v, size_t n);
cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st = 0);
cudaError_t cudaMemcpyToSymbol(const void *sym, const void *s, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *d, const void *sym, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyDeviceToHost);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t e);
const char *cudaGetErrorName(cudaError_t e);
cudaError_t cudaSetDevice(int d);
cudaError_t cudaGetDevice(int *d);
cudaError_t cudaGetDeviceCount(int *n);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int d);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaEventCreate(cudaEvent_t *e);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
cudaError_t cudaEventDestroy(cudaEvent_t e);
cudaError_t cudaFuncSetCacheConfig(const void *f, enum cudaFuncCache c);
cudaError_t cudaFuncSetAttribute(const void *f, enum cudaFuncAttribute a, int v);
/* what clang emits for kernel<<<grid, block, shmem, stream>>>(...) */
cudaError_t cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t s = 0);
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0, void *s = 0);
cudaError_t cudaLaunchKernel(const void *f, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t s);
}
template <class T> static inline cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
template <class T> static inline cudaError_t cudaMallocManaged(T **p, size_t n, unsigned f = cudaMemAttachGlobal) { return cudaMallocManaged((void **)p, n, f); }
template <class T> static inline cudaError_t cudaFuncSetAttribute(T *f, enum cudaFuncAttribute a, int v) { return cudaFuncSetAttribute((const void *)f, a, v); }
template <class T> static inline cudaError_t cudaMemcpyToSymbol(const T &sym, const void *s, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyHostToDevice) { return cudaMemcpyToSymbol((const void *)&sym, s, n, off, k); }
#endif
