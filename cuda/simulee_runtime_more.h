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

/* what cudaDeviceGetP2PAttribute reports of a pair of devices */
enum cudaDeviceP2PAttr {
  cudaDevP2PAttrPerformanceRank = 1,
  cudaDevP2PAttrAccessSupported = 2,
  cudaDevP2PAttrNativeAtomicSupported = 3,
  cudaDevP2PAttrCudaArrayAccessSupported = 4
};

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
                                              struct cudaMemAllocNodeParams *params);
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
/* CUDA 12.2's forms with a memory location, on any pointer type */
template <class T>
static inline __host__ cudaError_t cudaMemPrefetchAsync(T *ptr, size_t count,
                                                        struct cudaMemLocation location,
                                                        unsigned int flags,
                                                        cudaStream_t s = 0) {
  return cudaMemPrefetchAsync_v2((const void *)ptr, count, location, flags, s);
}
template <class T>
static inline __host__ cudaError_t cudaMemAdvise(T *ptr, size_t count, enum cudaMemoryAdvise a,
                                                 struct cudaMemLocation location) {
  return cudaMemAdvise_v2((const void *)ptr, count, a, location);
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

/* ---- types of the rest of CUDA 12's runtime API */
enum cudaMemRangeAttribute {
  cudaMemRangeAttributeReadMostly = 1, cudaMemRangeAttributePreferredLocation = 2,
  cudaMemRangeAttributeAccessedBy = 3, cudaMemRangeAttributeLastPrefetchLocation = 4,
  cudaMemRangeAttributePreferredLocationType = 5, cudaMemRangeAttributePreferredLocationId = 6,
  cudaMemRangeAttributeLastPrefetchLocationType = 7, cudaMemRangeAttributeLastPrefetchLocationId = 8
};
enum cudaGraphMemAttributeType {
  cudaGraphMemAttrUsedMemCurrent = 0, cudaGraphMemAttrUsedMemHigh = 1,
  cudaGraphMemAttrReservedMemCurrent = 2, cudaGraphMemAttrReservedMemHigh = 3
};
enum cudaDriverEntryPointQueryResult {
  cudaDriverEntryPointSuccess = 0, cudaDriverEntryPointSymbolNotFound = 1,
  cudaDriverEntryPointVersionNotSufficent = 2
};
typedef enum cudaGraphInstantiateResult {
  cudaGraphInstantiateSuccess = 0, cudaGraphInstantiateError = 1,
  cudaGraphInstantiateInvalidStructure = 2, cudaGraphInstantiateNodeOperationNotSupported = 3,
  cudaGraphInstantiateMultipleDevicesNotSupported = 4,
  cudaGraphInstantiateConditionalHandleUnused = 5
} cudaGraphInstantiateResult;
typedef struct cudaGraphInstantiateParams_st {
  unsigned long long flags;              /* cudaGraphInstantiateFlag* */
  cudaStream_t uploadStream;             /* the stream of an upload */
  cudaGraphNode_t errNode_out;           /* the node that failed */
  cudaGraphInstantiateResult result_out; /* why */
} cudaGraphInstantiateParams;
typedef struct cudaGraphEdgeData_st {
  unsigned char from_port, to_port, type; /* ports and cudaGraphDependencyType */
  unsigned char reserved[5];
} cudaGraphEdgeData;
struct cudaGraphicsResource;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct CUuuid_st cudaUUID_t;
struct cudaAsyncCallbackEntry;
typedef struct cudaAsyncCallbackEntry *cudaAsyncCallbackHandle_t;
typedef enum cudaAsyncNotificationType_enum {
  cudaAsyncNotificationTypeOverBudget = 1
} cudaAsyncNotificationType;
typedef struct cudaAsyncNotificationInfo {
  cudaAsyncNotificationType type;
  union {
    struct {
      unsigned long long bytesOverBudget;
    } overBudget;
  } info;
} cudaAsyncNotificationInfo_t;
typedef void (*cudaAsyncCallback)(cudaAsyncNotificationInfo_t *, void *,
                                  cudaAsyncCallbackHandle_t);

/* ---- the rest of CUDA 12's runtime API (cudaErrorNotSupported at run time:
 * runtime/stubs.def) */
__SIM_BEGIN_C
__host__ cudaError_t cudaArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *, cudaArray_t, int);
__host__ cudaError_t cudaArrayGetPlane(cudaArray_t *, cudaArray_t, unsigned int);
__host__ cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *, cudaArray_t);
__host__ cudaError_t cudaDeviceGetGraphMemAttribute(int, enum cudaGraphMemAttributeType, void *);
__host__ cudaError_t cudaDeviceGetNvSciSyncAttributes(void *, int, int);
__host__ cudaError_t cudaDeviceRegisterAsyncNotification(int, cudaAsyncCallback, void *, cudaAsyncCallbackHandle_t *);
__host__ cudaError_t cudaDeviceSetGraphMemAttribute(int, enum cudaGraphMemAttributeType, void *);
__host__ cudaError_t cudaDeviceUnregisterAsyncNotification(int, cudaAsyncCallbackHandle_t);
__host__ cudaError_t cudaExternalMemoryGetMappedMipmappedArray(cudaMipmappedArray_t *, cudaExternalMemory_t, const struct cudaExternalMemoryMipmappedArrayDesc *);
__host__ cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *, cudaArray_const_t);
__host__ cudaError_t cudaGetDriverEntryPointByVersion(const char *, void **, unsigned int, unsigned long long, enum cudaDriverEntryPointQueryResult *);
__host__ cudaError_t cudaGetExportTable(const void **, const cudaUUID_t *);
__host__ cudaError_t cudaGetKernel(cudaKernel_t *, const void *);
__host__ cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *, cudaSurfaceObject_t);
__host__ cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *, cudaTextureObject_t);
__host__ cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *, cudaTextureObject_t);
__host__ cudaError_t cudaGraphAddDependencies_v2(cudaGraph_t, const cudaGraphNode_t *, const cudaGraphNode_t *, const cudaGraphEdgeData *, size_t);
__host__ cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaExternalSemaphoreSignalNodeParams *);
__host__ cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, const struct cudaExternalSemaphoreWaitNodeParams *);
__host__ cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, void *, const void *, size_t, size_t, enum cudaMemcpyKind);
__host__ cudaError_t cudaGraphAddNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t, struct cudaGraphNodeParams *);
__host__ cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, const cudaGraphEdgeData *, size_t, struct cudaGraphNodeParams *);
__host__ cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t, cudaGraph_t *);
__host__ cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *, cudaGraph_t, unsigned int defaultLaunchValue __SIM_DFLT(0), unsigned int flags __SIM_DFLT(0));
__host__ cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t, cudaEvent_t *);
__host__ cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t, cudaEvent_t);
__host__ cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t, cudaEvent_t *);
__host__ cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t, cudaEvent_t);
__host__ cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t);
__host__ cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t, cudaGraphNode_t, cudaEvent_t);
__host__ cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaExternalSemaphoreSignalNodeParams *);
__host__ cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaExternalSemaphoreWaitNodeParams *);
__host__ cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t, unsigned long long *);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaMemcpy3DParms *);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t, cudaGraphNode_t, void *, const void *, size_t, size_t, enum cudaMemcpyKind);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t, cudaGraphNode_t, const void *, const void *, size_t, size_t, enum cudaMemcpyKind);
__host__ cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, const struct cudaMemsetParams *);
__host__ cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t, cudaGraphNode_t, struct cudaGraphNodeParams *);
__host__ cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(cudaGraphNode_t, struct cudaExternalSemaphoreSignalNodeParams *);
__host__ cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(cudaGraphNode_t, const struct cudaExternalSemaphoreSignalNodeParams *);
__host__ cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(cudaGraphNode_t, struct cudaExternalSemaphoreWaitNodeParams *);
__host__ cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(cudaGraphNode_t, const struct cudaExternalSemaphoreWaitNodeParams *);
__host__ cudaError_t cudaGraphGetEdges_v2(cudaGraph_t, cudaGraphNode_t *, cudaGraphNode_t *, cudaGraphEdgeData *, size_t *);
__host__ cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t, struct cudaHostNodeParams *);
__host__ cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t, const struct cudaHostNodeParams *);
__host__ cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *, cudaGraph_t, cudaGraphInstantiateParams *);
__host__ cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t, cudaGraphNode_t);
__host__ cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t, cudaKernelNodeAttrID, cudaKernelNodeAttrValue *);
__host__ cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t, cudaKernelNodeAttrID, const cudaKernelNodeAttrValue *);
__host__ cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t, struct cudaMemAllocNodeParams *);
__host__ cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t, void *);
__host__ cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t, struct cudaMemcpy3DParms *);
__host__ cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t, const struct cudaMemcpy3DParms *);
__host__ cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t, void *, const void *, size_t, enum cudaMemcpyKind);
__host__ cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t, void *, const void *, size_t, size_t, enum cudaMemcpyKind);
__host__ cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t, const void *, const void *, size_t, size_t, enum cudaMemcpyKind);
__host__ cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t, struct cudaMemsetParams *);
__host__ cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t, const struct cudaMemsetParams *);
__host__ cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *, cudaGraphNode_t, cudaGraph_t);
__host__ cudaError_t cudaGraphNodeGetDependencies_v2(cudaGraphNode_t, cudaGraphNode_t *, cudaGraphEdgeData *, size_t *);
__host__ cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t, cudaGraphNode_t *, size_t *);
__host__ cudaError_t cudaGraphNodeGetDependentNodes_v2(cudaGraphNode_t, cudaGraphNode_t *, cudaGraphEdgeData *, size_t *);
__host__ cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t, cudaGraphNode_t, unsigned int *);
__host__ cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t, struct cudaGraphNodeParams *);
__host__ cudaError_t cudaGraphReleaseUserObject(cudaGraph_t, cudaUserObject_t, unsigned int count);
__host__ cudaError_t cudaGraphRemoveDependencies_v2(cudaGraph_t, const cudaGraphNode_t *, const cudaGraphNode_t *, const cudaGraphEdgeData *, size_t);
__host__ cudaError_t cudaGraphicsMapResources(int, cudaGraphicsResource_t *, cudaStream_t stream);
__host__ cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *, cudaGraphicsResource_t);
__host__ cudaError_t cudaGraphicsResourceGetMappedPointer(void **, size_t *, cudaGraphicsResource_t);
__host__ cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t, unsigned int);
__host__ cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *, cudaGraphicsResource_t, unsigned int, unsigned int);
__host__ cudaError_t cudaGraphicsUnmapResources(int, cudaGraphicsResource_t *, cudaStream_t stream);
__host__ cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t);
__host__ cudaError_t cudaMemPoolExportToShareableHandle(void *, cudaMemPool_t, enum cudaMemAllocationHandleType, unsigned int);
__host__ cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *, void *, enum cudaMemAllocationHandleType, unsigned int);
__host__ cudaError_t cudaMemRangeGetAttributes(void **, size_t *, enum cudaMemRangeAttribute *, size_t, const void *, size_t);
__host__ cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *, cudaStream_t stream);
__host__ cudaError_t cudaMemcpyArrayToArray(cudaArray_t, size_t, size_t, cudaArray_const_t, size_t, size_t, size_t, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyFromArrayAsync(void *, cudaArray_const_t, size_t, size_t, size_t, enum cudaMemcpyKind, cudaStream_t stream);
__host__ cudaError_t cudaMipmappedArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *, cudaMipmappedArray_t, int);
__host__ cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *, cudaMipmappedArray_t);
__host__ cudaError_t cudaSetDoubleForDevice(double *);
__host__ cudaError_t cudaSetDoubleForHost(double *);
__host__ cudaError_t cudaSignalExternalSemaphoresAsync(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreSignalParams_v1 *, unsigned int, cudaStream_t stream);
__host__ cudaError_t cudaSignalExternalSemaphoresAsync_ptsz(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreSignalParams_v1 *, unsigned int, cudaStream_t stream);
__host__ cudaError_t cudaSignalExternalSemaphoresAsync_v2(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreSignalParams *, unsigned int, cudaStream_t stream);
__host__ cudaError_t cudaStreamGetCaptureInfo_ptsz(cudaStream_t, enum cudaStreamCaptureStatus *, unsigned long long *);
__host__ cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t, enum cudaStreamCaptureStatus *, unsigned long long *id_out, cudaGraph_t *graph_out, const cudaGraphNode_t **dependencies_out, const cudaGraphEdgeData **edgeData_out, size_t *numDependencies_out);
__host__ cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t, cudaGraphNode_t *, size_t, unsigned int flags);
__host__ cudaError_t cudaStreamUpdateCaptureDependencies_v2(cudaStream_t, cudaGraphNode_t *, const cudaGraphEdgeData *, size_t, unsigned int flags);
__host__ cudaError_t cudaUserObjectRetain(cudaUserObject_t, unsigned int count);
__host__ cudaError_t cudaWaitExternalSemaphoresAsync(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreWaitParams_v1 *, unsigned int, cudaStream_t stream);
__host__ cudaError_t cudaWaitExternalSemaphoresAsync_ptsz(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreWaitParams_v1 *, unsigned int, cudaStream_t stream);
__host__ cudaError_t cudaWaitExternalSemaphoresAsync_v2(const cudaExternalSemaphore_t *, const struct cudaExternalSemaphoreWaitParams *, unsigned int, cudaStream_t stream);
/* sets a conditional node's value from a kernel (the interpreter hands the
 * call to the runtime; the native path leaves such kernels to it) */
__device__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);
__SIM_END_C
#ifdef __cplusplus
/* CUDA 13's cudaGraphAddNode (edge data: CUDA 12's cudaGraphAddNode_v2) */
static inline __host__ cudaError_t cudaGraphAddNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                                    const cudaGraphNode_t *deps,
                                                    const cudaGraphEdgeData *edges, size_t num,
                                                    struct cudaGraphNodeParams *params) {
  return cudaGraphAddNode_v2(node, graph, deps, edges, num, params);
}
/* CUDA 13's cudaStreamUpdateCaptureDependencies (edge data: CUDA 12's _v2) */
static inline __host__ cudaError_t cudaStreamUpdateCaptureDependencies(
    cudaStream_t s, cudaGraphNode_t *nodes, const cudaGraphEdgeData *edges, size_t num,
    unsigned int flags) {
  return cudaStreamUpdateCaptureDependencies_v2(s, nodes, edges, num, flags);
}
/* CUDA 13's cudaStreamGetCaptureInfo (edge data: CUDA 12's _v3) */
static inline __host__ cudaError_t cudaStreamGetCaptureInfo(
    cudaStream_t s, enum cudaStreamCaptureStatus *status, unsigned long long *id,
    cudaGraph_t *graph, const cudaGraphNode_t **deps, const cudaGraphEdgeData **edges,
    size_t *num) {
  return cudaStreamGetCaptureInfo_v3(s, status, id, graph, deps, edges, num);
}
#endif
#endif
