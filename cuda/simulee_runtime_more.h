/* simulee CUDA headers: the rest of the CUDA 12 runtime API that host code
 * calls (declarations only, written from the runtime API reference; the
 * C++ overloads of cuda_runtime.h that forward to the C functions have
 * their bodies). Included by cuda_runtime.h after cuda_runtime_api.h. */
#ifndef SIMULEE_RUNTIME_MORE_H
#define SIMULEE_RUNTIME_MORE_H
#include "cuda_runtime_api.h"
#include "texture_types.h"
#include "driver_functions.h"

typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
typedef struct CUexternalMemory_st *cudaExternalMemory_t;
typedef struct CUexternalSemaphore_st *cudaExternalSemaphore_t;

__SIM_BEGIN_C
/* ---- devices and errors */
__host__ cudaError_t cudaDeviceGetP2PAttribute(int *value, int attr, int src, int dst);
__host__ cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(int target, int scope);
__host__ cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t *w,
                                                          const struct cudaChannelFormatDesc *d,
                                                          int device);
__host__ cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *c);
__host__ cudaError_t cudaGetDeviceProperties_v2(cudaDeviceProp *prop, int device);
__host__ cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
__host__ cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config);
__host__ cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config);
__host__ cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **fn,
                                             unsigned long long flags, int *status __SIM_DFLT(0));

/* ---- memory */
__host__ cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *a,
                                              const struct cudaChannelFormatDesc *desc,
                                              struct cudaExtent extent, unsigned int levels,
                                              unsigned int flags __SIM_DFLT(0));
__host__ cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *level, cudaMipmappedArray_const_t a,
                                                unsigned int n);
__host__ cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t a);
__host__ cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                                      unsigned int *flags, cudaArray_t array);
__host__ cudaError_t cudaMemcpy3DPeer(const void *p);
__host__ cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wo_dst, size_t ho_dst,
                                              cudaArray_const_t src, size_t wo_src,
                                              size_t ho_src, size_t width, size_t height,
                                              enum cudaMemcpyKind kind __SIM_DFLT(cudaMemcpyDeviceToDevice));
__host__ cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wo, size_t ho,
                                         size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wo, size_t ho, const void *src,
                                            size_t count, enum cudaMemcpyKind kind,
                                            cudaStream_t s __SIM_DFLT(0));
__host__ cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wo, size_t ho,
                                              const void *src, size_t spitch, size_t width,
                                              size_t height, enum cudaMemcpyKind kind,
                                              cudaStream_t s __SIM_DFLT(0));
__host__ cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                                size_t wo, size_t ho, size_t width,
                                                size_t height, enum cudaMemcpyKind kind,
                                                cudaStream_t s __SIM_DFLT(0));
__host__ cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value,
                                       struct cudaExtent extent, cudaStream_t s __SIM_DFLT(0));
__host__ cudaError_t cudaMemRangeGetAttribute(void *data, size_t size, int attr,
                                              const void *ptr, size_t count);
__host__ cudaError_t cudaMemPrefetchAsync_v2(const void *ptr, size_t count,
                                             struct cudaMemLocation loc, unsigned int flags,
                                             cudaStream_t s __SIM_DFLT(0));
__host__ cudaError_t cudaMemAdvise_v2(const void *ptr, size_t count, enum cudaMemoryAdvise a,
                                      struct cudaMemLocation loc);
__host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t pool,
                                             cudaStream_t s);

/* ---- external resources (Vulkan/D3D interop): opaque descriptors */
__host__ cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *m, const void *desc);
__host__ cudaError_t cudaExternalMemoryGetMappedBuffer(void **ptr, cudaExternalMemory_t m,
                                                       const void *desc);
__host__ cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t m);
__host__ cudaError_t cudaImportExternalSemaphore(cudaExternalSemaphore_t *s, const void *desc);
__host__ cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t s);

/* ---- graphs (the rest) */
__host__ cudaError_t cudaGraphGetEdges(cudaGraph_t g, cudaGraphNode_t *from, cudaGraphNode_t *to,
                                       size_t *num);
__host__ cudaError_t cudaGraphRemoveDependencies(cudaGraph_t g, const cudaGraphNode_t *from,
                                                 const cudaGraphNode_t *to, size_t num);
__host__ cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t n, cudaGraphNode_t *deps,
                                                  size_t *num);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t e, cudaGraphNode_t n,
                                                        void *dst, const void *src, size_t count,
                                                        enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t e, cudaGraphNode_t n,
                                                    const struct cudaHostNodeParams *p);
__host__ cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t e, cudaGraphNode_t n,
                                                          cudaGraph_t child);
__host__ cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t e, cudaGraphNode_t n,
                                             unsigned int on);
__host__ cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *n, cudaGraph_t g,
                                              const cudaGraphNode_t *deps, size_t num,
                                              void *params);
__host__ cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *n, cudaGraph_t g,
                                             const cudaGraphNode_t *deps, size_t num,
                                             void *dptr);
__host__ cudaError_t cudaDeviceGraphMemTrim(int device);
__host__ cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t s, cudaGraph_t g,
                                                   const cudaGraphNode_t *deps,
                                                   const void *data, size_t num,
                                                   enum cudaStreamCaptureMode mode);

/* ---- kernels and libraries (CUDA 12 lazy loading) */
__host__ cudaError_t cudaFuncSetSharedMemConfig(const void *f, enum cudaSharedMemConfig c);
__host__ cudaError_t cudaFuncGetParamInfo(const void *f, size_t idx, size_t *offset,
                                          size_t *size);
__host__ cudaError_t cudaLaunchCooperativeKernelMultiDevice(void *params, unsigned int n,
                                                            unsigned int flags __SIM_DFLT(0));
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *blocks, const void *func, int block_size, size_t dynamic_shared, unsigned int flags);
__SIM_END_C

#ifdef __cplusplus /* C++ only */
/* ---- the C++ overloads of NVIDIA's cuda_runtime.h */
static inline __host__ cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags) {
  return cudaEventCreateWithFlags(event, flags);
}
template <class T>
static inline __host__ cudaError_t cudaHostGetDevicePointer(T **dev, void *host,
                                                            unsigned int flags) {
  return cudaHostGetDevicePointer((void **)(void *)dev, host, flags);
}
template <class T>
static inline __host__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaMemPool_t pool,
                                                   cudaStream_t s) {
  return cudaMallocFromPoolAsync((void **)(void *)ptr, size, pool, s);
}
template <class T>
static inline __host__ cudaError_t cudaLaunchCooperativeKernel(const T *func, dim3 grid,
                                                               dim3 block, void **args,
                                                               size_t shared __SIM_DFLT(0),
                                                               cudaStream_t s __SIM_DFLT(0)) {
  return cudaLaunchCooperativeKernel((const void *)func, grid, block, args, shared, s);
}
template <class T>
static inline __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *blocks, T func, int block_size, size_t dynamic_shared, unsigned int flags) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, (const void *)func,
                                                                block_size, dynamic_shared, flags);
}
#endif /* __cplusplus */

#endif
