/* simulee CUDA headers: the header every .cu file gets (-include
 * cuda_runtime.h), as nvcc gives it. It pulls in the whole device-side API
 * and the host runtime API:
 *   host_defines.h              __global__, __device__, __shared__, ...
 *   vector_types.h              dim3, uint3, float4, ... (+ make_* in
 *                               vector_functions.h)
 *   device_launch_parameters.h  threadIdx, blockIdx, blockDim, gridDim,
 *                               warpSize
 *   math_functions.h            sinf, sqrt, std::sin, min, max, ...
 *   device_libc.h               printf, assert, malloc, free, memcpy, memset
 *   device_functions.h          __syncthreads*, __syncwarp, shuffles, votes,
 *                               intrinsics, clock, ...
 *   device_atomic_functions.h   atomicAdd ... atomicXor (+ _block, _system)
 *   cuda_runtime_api.h          cudaMalloc, cudaMemcpy, streams, events, ...
 * and, like nvcc, the C/C++ standard headers <stdio.h>, <stdlib.h>, <assert.h>,
 * <string.h>, <time.h>, <math.h>, <cmath>, <cstdlib> and <cstring>. */
#ifndef SIMULEE_CUDA_RUNTIME_H
#define SIMULEE_CUDA_RUNTIME_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__
#endif

#include "host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"
#ifndef __SIMULEE_HOST_COMPILER
#include "device_launch_parameters.h"
#include "libdevice_functions.h"
/* before the standard headers: see math_functions.h and device_libc.h */
#include "math_functions.h"
#include "device_libc.h"
#endif

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <assert.h> /* assert() in device code without an include, as nvcc's headers */
#include <time.h>
#include <math.h>
#ifdef __cplusplus
#include <cmath>
#include <cstdlib>
#include <cstring>
#endif

#ifndef __SIMULEE_HOST_COMPILER
#include "device_functions.h"
#include "device_atomic_functions.h"
#endif
#include "cuda_runtime_api.h"
#include "texture_types.h"
#include "simulee_runtime_more.h"

/* a host C file: the C declarations only (NVIDIA's header likewise) */
#ifdef __cplusplus

/* ---- the C++ conveniences of the runtime API: typed pointers, symbols and
 * kernels given as themselves rather than as void pointers. */
template <typename T>
__host__ cudaError_t cudaMalloc(T **ptr, size_t size) {
  return cudaMalloc((void **)(void *)ptr, size);
}
template <typename T>
__host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                    unsigned int flags = 0) {
  return cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <typename T>
__host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <typename T>
__host__ cudaError_t
cudaMallocManaged(T **ptr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged((void **)(void *)ptr, size, flags);
}
template <typename T>
__host__ cudaError_t cudaMallocPitch(T **ptr, size_t *pitch, size_t width,
                                     size_t height) {
  return cudaMallocPitch((void **)(void *)ptr, pitch, width, height);
}
template <typename T>
__host__ cudaError_t cudaMallocAsync(T **ptr, size_t size,
                                     cudaStream_t stream) {
  return cudaMallocAsync((void **)(void *)ptr, size, stream);
}
template <typename T>
__host__ cudaError_t cudaMemcpyToSymbol(
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <typename T>
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <typename T>
__host__ cudaError_t cudaMemcpyToSymbolAsync(
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
    cudaStream_t stream = 0) {
  return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset,
                                 kind, stream);
}
template <typename T>
__host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
    cudaStream_t stream = 0) {
  return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset,
                                   kind, stream);
}
template <typename T>
__host__ cudaError_t cudaGetSymbolAddress(void **ptr, const T &symbol) {
  return cudaGetSymbolAddress(ptr, (const void *)&symbol);
}
template <typename T>
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
  return cudaGetSymbolSize(size, (const void *)&symbol);
}
template <typename T>
__host__ cudaError_t cudaLaunchKernel(T *func, dim3 grid, dim3 block,
                                      void **args, size_t shared_mem = 0,
                                      cudaStream_t stream = 0) {
  return cudaLaunchKernel((const void *)func, grid, block, args, shared_mem,
                          stream);
}
template <typename T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 grid,
                                                 dim3 block, void **args,
                                                 size_t shared_mem = 0,
                                                 cudaStream_t stream = 0) {
  return cudaLaunchCooperativeKernel((const void *)func, grid, block, args,
                                     shared_mem, stream);
}
template <typename T>
__host__ cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr,
                                          int value) {
  return cudaFuncSetAttribute((const void *)func, attr, value);
}
template <typename T>
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                           T *func) {
  return cudaFuncGetAttributes(attr, (const void *)func);
}
template <typename T>
__host__ cudaError_t cudaFuncSetCacheConfig(T *func,
                                            enum cudaFuncCache config) {
  return cudaFuncSetCacheConfig((const void *)func, config);
}
template <typename T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, T func, int block_size, size_t dynamic_shared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      blocks, (const void *)func, block_size, dynamic_shared);
}
/* the suggested launch: blocks of the largest size the kernel allows
 * (1024 threads, or block_size_limit), enough blocks to fill a 80-SM GPU */
template <typename T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *min_grid_size, int *block_size, T func, size_t dynamic_shared = 0,
    int block_size_limit = 0) {
  (void)func;
  (void)dynamic_shared;
  *block_size = (block_size_limit > 0 && block_size_limit < 1024)
                    ? block_size_limit
                    : 1024;
  *min_grid_size = 80 * (2048 / *block_size);
  return cudaSuccess;
}

/* device-side launches and allocations (dynamic parallelism): see
 * simulee_dp.h, simulee_devmem.h */
#ifndef __SIMULEE_HOST_COMPILER
#include "simulee_dp.h"
#include "simulee_devmem.h"
#endif
#endif /* __cplusplus */

#endif
