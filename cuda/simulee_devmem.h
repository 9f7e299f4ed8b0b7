/* simulee CUDA headers: cudaMalloc and cudaFree in device code (dynamic
 * parallelism's device runtime API): an allocation from the device heap,
 * the one device-side malloc and free use (CUDA: the same heap, sized by
 * cudaLimitMallocHeapSize). Included by cuda_runtime.h; overloads of the
 * host functions for device code (clang's CUDA overloading by target). */
#ifndef SIMULEE_DEVMEM_H
#define SIMULEE_DEVMEM_H
#include "host_defines.h"
#if !defined(__SIMULEE_HOST_COMPILER) && defined(__cplusplus)
#include "cuda_runtime_api.h"
#include "device_libc.h"

static __device__ __forceinline__ cudaError_t cudaMalloc(void **p, size_t size) {
  *p = malloc(size);
  return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
template <class T>
static __device__ __forceinline__ cudaError_t cudaMalloc(T **p, size_t size) {
  return cudaMalloc((void **)p, size);
}
static __device__ __forceinline__ cudaError_t cudaFree(void *p) {
  free(p);
  return cudaSuccess;
}
#endif
#endif
