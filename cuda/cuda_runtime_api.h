/* simulee CUDA headers: the CUDA runtime API (host side, C interface).
 *
 * Declarations only: simulee never runs host code, but the host code of a
 * .cu file must parse and type-check during device-side compilation. */
#ifndef SIMULEE_CUDA_RUNTIME_API_H
#define SIMULEE_CUDA_RUNTIME_API_H

#include "driver_types.h"

/* launches: clang rewrites kernel<<<grid, block, shmem, stream>>>(args) into
 * a call of __cudaPushCallConfiguration (CUDA >= 9.2 launch ABI) or
 * cudaConfigureCall (older ABI) followed by the kernel's host stub; it
 * requires the declaration of the one it uses. */
extern "C" __host__ unsigned __cudaPushCallConfiguration(
    dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, void *stream = 0);
extern "C" __host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                                  size_t sharedMem = 0,
                                                  cudaStream_t stream = 0);

extern "C" {
/* ---- errors */
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t error);
__host__ const char *cudaGetErrorName(cudaError_t error);

/* ---- devices */
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaChooseDevice(int *device, const cudaDeviceProp *prop);
__host__ cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
__host__ cudaError_t cudaDeviceGetAttribute(int *value,
                                            enum cudaDeviceAttr attr,
                                            int device);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config);
__host__ cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config);
__host__ cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig c);
__host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *least,
                                                      int *greatest);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags);
__host__ cudaError_t cudaDeviceDisablePeerAccess(int peer);
__host__ cudaError_t cudaDriverGetVersion(int *version);
__host__ cudaError_t cudaRuntimeGetVersion(int *version);

/* ---- streams */
__host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
__host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream,
                                               unsigned int flags);
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream,
                                                  unsigned int flags,
                                                  int priority);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
__host__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                         unsigned int flags = 0);
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                           cudaStreamCallback_t callback,
                                           void *user_data, unsigned int flags);
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                                        void *user_data);
__host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *ptr,
                                              size_t length = 0,
                                              unsigned int flags = 0x04);

/* ---- events */
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                              unsigned int flags);
__host__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventQuery(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                          cudaEvent_t end);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t event);

/* ---- memory */
__host__ cudaError_t cudaMalloc(void **ptr, size_t size);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
__host__ cudaError_t
cudaMallocManaged(void **ptr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width,
                                     size_t height);
__host__ cudaError_t cudaMallocAsync(void **ptr, size_t size,
                                     cudaStream_t stream);
__host__ cudaError_t cudaFree(void *ptr);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream);
__host__ cudaError_t cudaHostRegister(void *ptr, size_t size,
                                      unsigned int flags);
__host__ cudaError_t cudaHostUnregister(void *ptr);
__host__ cudaError_t cudaHostGetDevicePointer(void **dev, void *host,
                                              unsigned int flags);
__host__ cudaError_t cudaPointerGetAttributes(
    struct cudaPointerAttributes *attributes, const void *ptr);
__host__ cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
                                       const void *src, size_t spitch,
                                       size_t width, size_t height,
                                       enum cudaMemcpyKind kind,
                                       cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src,
                                    int src_device, size_t count);
__host__ cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device,
                                         const void *src, int src_device,
                                         size_t count, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemset(void *ptr, int value, size_t count);
__host__ cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value,
                                  size_t width, size_t height);
__host__ cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count,
                                          int device, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemAdvise(const void *ptr, size_t count,
                                   enum cudaMemoryAdvise advice, int device);
__host__ cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemcpyToSymbolAsync(
    const void *symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const void *symbol, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol);
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);

/* ---- kernels */
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block,
                                      void **args, size_t shared_mem = 0,
                                      cudaStream_t stream = 0);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid,
                                                 dim3 block, void **args,
                                                 size_t shared_mem = 0,
                                                 cudaStream_t stream = 0);
__host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                           const void *func);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                            enum cudaFuncCache config);
__host__ cudaError_t cudaFuncSetSharedMemConfig(const void *func,
                                                enum cudaSharedMemConfig c);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, const void *func, int block_size, size_t dynamic_shared);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *blocks, const void *func, int block_size, size_t dynamic_shared,
    unsigned int flags);

/* ---- profiler (cuda_profiler_api.h) */
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);
}

#endif
