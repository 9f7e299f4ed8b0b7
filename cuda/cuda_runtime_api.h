/* simulee CUDA headers: the CUDA runtime API (host side, C interface).
 *
 * Declarations only: simulee never runs host code, but the host code of a
 * .cu file must parse and type-check during device-side compilation. */
#ifndef SIMULEE_CUDA_RUNTIME_API_H
#define SIMULEE_CUDA_RUNTIME_API_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__
#endif

#include "driver_types.h"

/* launches: clang rewrites kernel<<<grid, block, shmem, stream>>>(args) into
 * a call of __cudaPushCallConfiguration (CUDA >= 9.2 launch ABI) or
 * cudaConfigureCall (older ABI) followed by the kernel's host stub; it
 * requires the declaration of the one it uses. */
__SIM_EXTERN_C __host__ unsigned __cudaPushCallConfiguration(
    dim3 gridDim, dim3 blockDim, size_t sharedMem __SIM_DFLT(0), void *stream __SIM_DFLT(0));
__SIM_EXTERN_C __host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                                  size_t sharedMem __SIM_DFLT(0),
                                                  cudaStream_t stream __SIM_DFLT(0));

__SIM_BEGIN_C
/* ---- errors */
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t error);
__host__ const char *cudaGetErrorName(cudaError_t error);

/* ---- devices */
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ __device__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaChooseDevice(int *device, const cudaDeviceProp *prop);
__host__ cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
__host__ cudaError_t cudaDeviceGetAttribute(int *value,
                                            enum cudaDeviceAttr attr,
                                            int device);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
__host__ cudaError_t cudaDeviceReset(void);
__host__ __device__ cudaError_t cudaDeviceSynchronize(void);
/* what CUB >= 1.15 calls for cudaDeviceSynchronize in device code (never
 * emitted unless device code synchronises: dynamic parallelism) */
__host__ __device__ cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void);
/* the device runtime's launch (dynamic parallelism), declared so that
 * libraries that can launch from the device compile; never executed */
__host__ __device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__host__ __device__ cudaError_t cudaLaunchDevice(void *func, void *parameter_buffer,
                                                 dim3 grid, dim3 block,
                                                 unsigned int shared_mem,
                                                 cudaStream_t stream);
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
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream,
                                               unsigned int flags);
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream,
                                                  unsigned int flags,
                                                  int priority);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
__host__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                         unsigned int flags __SIM_DFLT(0));
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                           cudaStreamCallback_t callback,
                                           void *user_data, unsigned int flags);
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                                        void *user_data);
__host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *ptr,
                                              size_t length __SIM_DFLT(0),
                                              unsigned int flags __SIM_DFLT(0x04));

/* ---- events */
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                              unsigned int flags);
__host__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                     cudaStream_t stream __SIM_DFLT(0));
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
                  unsigned int flags __SIM_DFLT(cudaMemAttachGlobal));
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
                                     cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
                                       const void *src, size_t spitch,
                                       size_t width, size_t height,
                                       enum cudaMemcpyKind kind,
                                       cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dst_device, const void *src,
                                    int src_device, size_t count);
__host__ cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device,
                                         const void *src, int src_device,
                                         size_t count, cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaMemset(void *ptr, int value, size_t count);
__host__ cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count,
                                     cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value,
                                  size_t width, size_t height);
__host__ cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count,
                                          int device, cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaMemAdvise(const void *ptr, size_t count,
                                   enum cudaMemoryAdvise advice, int device);
__host__ cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count, size_t offset __SIM_DFLT(0),
    enum cudaMemcpyKind kind __SIM_DFLT(cudaMemcpyHostToDevice));
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset __SIM_DFLT(0),
    enum cudaMemcpyKind kind __SIM_DFLT(cudaMemcpyDeviceToHost));
__host__ cudaError_t cudaMemcpyToSymbolAsync(
    const void *symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const void *symbol, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol);
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);

/* ---- kernels */
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block,
                                      void **args, size_t shared_mem __SIM_DFLT(0),
                                      cudaStream_t stream __SIM_DFLT(0));
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid,
                                                 dim3 block, void **args,
                                                 size_t shared_mem __SIM_DFLT(0),
                                                 cudaStream_t stream __SIM_DFLT(0));
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

/* ---- CUDA 11/12: extended and cooperative launches, occupancy */
__host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                         const void *func, void **args);
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamic_smem, const void *func, int num_blocks, int block_size);
__host__ cudaError_t cudaOccupancyMaxPotentialClusterSize(
    int *cluster_size, const void *func, const cudaLaunchConfig_t *config);
__host__ cudaError_t cudaOccupancyMaxActiveClusters(
    int *num_clusters, const void *func, const cudaLaunchConfig_t *config);
__host__ cudaError_t cudaFuncGetName(const char **name, const void *func);
__host__ cudaError_t cudaGetFuncBySymbol(cudaFunction_t *func,
                                         const void *symbol);

/* ---- streams and events */
__host__ cudaError_t cudaStreamGetPriority(cudaStream_t s, int *priority);
__host__ cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned int *flags);
__host__ cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long *id);
__host__ cudaError_t cudaStreamSetAttribute(cudaStream_t s, cudaStreamAttrID a,
                                            const cudaStreamAttrValue *v);
__host__ cudaError_t cudaStreamGetAttribute(cudaStream_t s, cudaStreamAttrID a,
                                            cudaStreamAttrValue *v);
__host__ cudaError_t cudaStreamCopyAttributes(cudaStream_t dst,
                                              cudaStream_t src);
__host__ cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s,
                                              unsigned int flags);
__host__ cudaError_t cudaCtxResetPersistingL2Cache(void);

/* ---- stream capture and graphs */
__host__ cudaError_t cudaStreamBeginCapture(cudaStream_t s,
                                            enum cudaStreamCaptureMode mode);
__host__ cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *graph);
__host__ cudaError_t cudaStreamIsCapturing(cudaStream_t s,
                                           enum cudaStreamCaptureStatus *st);
__host__ cudaError_t cudaStreamGetCaptureInfo(
    cudaStream_t s, enum cudaStreamCaptureStatus *st,
    unsigned long long *id __SIM_DFLT(0), cudaGraph_t *graph __SIM_DFLT(0),
    const cudaGraphNode_t **deps __SIM_DFLT(0), size_t *num_deps __SIM_DFLT(0));
__host__ cudaError_t cudaThreadExchangeStreamCaptureMode(
    enum cudaStreamCaptureMode *mode);
__host__ cudaError_t cudaGraphCreate(cudaGraph_t *graph, unsigned int flags);
__host__ cudaError_t cudaGraphDestroy(cudaGraph_t graph);
__host__ cudaError_t cudaGraphClone(cudaGraph_t *clone, cudaGraph_t original);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *exec,
                                          cudaGraph_t graph,
                                          unsigned long long flags __SIM_DFLT(0));
__host__ cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *exec,
                                                   cudaGraph_t graph,
                                                   unsigned long long flags);
__host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t s);
__host__ cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t s);
__host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec);
__host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec,
                                         cudaGraph_t graph,
                                         cudaGraphExecUpdateResultInfo *info);
__host__ cudaError_t cudaGraphAddKernelNode(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, const struct cudaKernelNodeParams *params);
__host__ cudaError_t cudaGraphKernelNodeGetParams(
    cudaGraphNode_t node, struct cudaKernelNodeParams *params);
__host__ cudaError_t cudaGraphKernelNodeSetParams(
    cudaGraphNode_t node, const struct cudaKernelNodeParams *params);
__host__ cudaError_t cudaGraphExecKernelNodeSetParams(
    cudaGraphExec_t exec, cudaGraphNode_t node,
    const struct cudaKernelNodeParams *params);
__host__ cudaError_t cudaGraphAddMemcpyNode(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, const struct cudaMemcpy3DParms *params);
__host__ cudaError_t cudaGraphAddMemcpyNode1D(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, void *dst, const void *src, size_t count,
    enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphAddMemsetNode(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, const struct cudaMemsetParams *params);
__host__ cudaError_t cudaGraphAddHostNode(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, const struct cudaHostNodeParams *params);
__host__ cudaError_t cudaGraphAddChildGraphNode(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, cudaGraph_t child);
__host__ cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *node,
                                           cudaGraph_t graph,
                                           const cudaGraphNode_t *deps,
                                           size_t num_deps);
__host__ cudaError_t cudaGraphAddEventRecordNode(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, cudaEvent_t event);
__host__ cudaError_t cudaGraphAddEventWaitNode(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, cudaEvent_t event);
__host__ cudaError_t cudaGraphAddDependencies(cudaGraph_t graph,
                                              const cudaGraphNode_t *from,
                                              const cudaGraphNode_t *to,
                                              size_t num);
__host__ cudaError_t cudaGraphGetNodes(cudaGraph_t graph,
                                       cudaGraphNode_t *nodes,
                                       size_t *num_nodes);
__host__ cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph,
                                           cudaGraphNode_t *nodes,
                                           size_t *num_nodes);
__host__ cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node,
                                          enum cudaGraphNodeType *type);
__host__ cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
__host__ cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph,
                                            const char *path,
                                            unsigned int flags);
__host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *obj, void *ptr,
                                          cudaHostFn_t destroy,
                                          unsigned int initial_refcount,
                                          unsigned int flags);
__host__ cudaError_t cudaUserObjectRelease(cudaUserObject_t obj,
                                           unsigned int count);
__host__ cudaError_t cudaGraphRetainUserObject(cudaGraph_t graph,
                                               cudaUserObject_t obj,
                                               unsigned int count,
                                               unsigned int flags);

/* ---- stream-ordered allocation and memory pools */
__host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                             cudaMemPool_t pool,
                                             cudaStream_t s);
__host__ cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool,
                                       const struct cudaMemPoolProps *props);
__host__ cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool);
__host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t keep);
__host__ cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool,
                                          const struct cudaMemAccessDesc *d,
                                          size_t count);
__host__ cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags,
                                          cudaMemPool_t pool,
                                          struct cudaMemLocation *location);
__host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool,
                                                 int device);
__host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device);
__host__ cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool);
__host__ cudaError_t cudaMemPoolExportPointer(
    struct cudaMemPoolPtrExportData *data, void *ptr);
__host__ cudaError_t cudaMemPoolImportPointer(
    void **ptr, cudaMemPool_t pool, struct cudaMemPoolPtrExportData *data);

/* ---- inter-process communication */
__host__ cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle,
                                         void *dev_ptr);
__host__ cudaError_t cudaIpcOpenMemHandle(void **dev_ptr,
                                          cudaIpcMemHandle_t handle,
                                          unsigned int flags);
__host__ cudaError_t cudaIpcCloseMemHandle(void *dev_ptr);
__host__ cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle,
                                           cudaEvent_t event);
__host__ cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event,
                                            cudaIpcEventHandle_t handle);

/* ---- 3D memory, devices */
__host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *p,
                                  struct cudaExtent extent);
__host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__host__ cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                                       cudaStream_t s __SIM_DFLT(0));
__host__ cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value,
                                  struct cudaExtent extent);
__host__ cudaError_t cudaMemset2DAsync(void *p, size_t pitch, int value,
                                       size_t width, size_t height,
                                       cudaStream_t s __SIM_DFLT(0));
__host__ cudaError_t cudaHostGetFlags(unsigned int *flags, void *host_ptr);
__host__ cudaError_t cudaDeviceGetPCIBusId(char *id, int len, int device);
__host__ cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *id);
__host__ cudaError_t cudaSetValidDevices(int *devices, int len);
__host__ cudaError_t cudaInitDevice(int device, unsigned int device_flags,
                                    unsigned int flags);
__host__ cudaError_t cudaStreamGetCaptureInfo_v2(
    cudaStream_t s, enum cudaStreamCaptureStatus *st,
    unsigned long long *id __SIM_DFLT(0), cudaGraph_t *graph __SIM_DFLT(0),
    const cudaGraphNode_t **deps __SIM_DFLT(0), size_t *num_deps __SIM_DFLT(0));
__SIM_END_C

#ifdef __cplusplus /* C++ only */
/* CUDA 11's cudaGraphInstantiate (an error node and a log buffer, which
 * stay empty: instantiation fails only on a dependency cycle) */
static inline __host__ cudaError_t cudaGraphInstantiate(
    cudaGraphExec_t *exec, cudaGraph_t graph, cudaGraphNode_t *error_node,
    char *log, size_t log_size) {
  if (error_node) *error_node = 0;
  if (log && log_size) log[0] = 0;
  return cudaGraphInstantiate(exec, graph, 0ull);
}

/* CUDA 11's cudaGraphExecUpdate (the failing node and the result as two
 * out parameters) */
static inline __host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                                       cudaGraphNode_t *error_node,
                                                       enum cudaGraphExecUpdateResult *result) {
  cudaGraphExecUpdateResultInfo info;
  cudaError_t e = cudaGraphExecUpdate(exec, graph, &info);
  if (error_node) *error_node = info.errorNode;
  if (result) *result = info.result;
  return e;
}

/* cudaLaunchKernelEx: the kernel given as itself, its arguments as values */
template <typename... ExpTypes, typename... ActTypes>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                        void (*kernel)(ExpTypes...),
                                        ActTypes &&...args) {
  void *pargs[sizeof...(ExpTypes) > 0 ? sizeof...(ExpTypes) : 1] = {
      (void *)&args...};
  return cudaLaunchKernelExC(config, (const void *)kernel, pargs);
}
/* the suggested launch as cudaOccupancyMaxPotentialBlockSize (cuda_runtime.h)
 * computes it, whatever the shared memory per block size */
template <typename T, typename SMemFn>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *min_grid_size, int *block_size, T func, SMemFn smem_for_block_size,
    int block_size_limit __SIM_DFLT(0)) {
  (void)func;
  (void)smem_for_block_size;
  *block_size = (block_size_limit > 0 && block_size_limit < 1024)
                    ? block_size_limit
                    : 1024;
  *min_grid_size = 80 * (2048 / *block_size);
  return cudaSuccess;
}
template <class T>
__host__ cudaError_t cudaGraphAddMemcpyNodeToSymbol(
    cudaGraphNode_t *node, cudaGraph_t graph, const cudaGraphNode_t *deps,
    size_t num_deps, const T &symbol, const void *src, size_t count,
    size_t offset, enum cudaMemcpyKind kind);
template <class T>
__host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                             cudaMemPool_t pool,
                                             cudaStream_t s) {
  return cudaMallocFromPoolAsync((void **)(void *)ptr, size, pool, s);
}
template <class T>
__host__ cudaError_t cudaIpcOpenMemHandle(T **dev_ptr,
                                          cudaIpcMemHandle_t handle,
                                          unsigned int flags) {
  return cudaIpcOpenMemHandle((void **)(void *)dev_ptr, handle, flags);
}

#endif /* __cplusplus */

#endif
