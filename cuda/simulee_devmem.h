/* simulee CUDA headers: cudaMalloc and cudaFree in device code (dynamic
 * parallelism's device runtime API): an allocation from the device heap,
 * the one device-side malloc and free use (CUDA: the same heap, sized by
 * cudaLimitMallocHeapSize); cudaMemcpyAsync and cudaMemsetAsync. Included
 * by cuda_runtime.h; overloads of the host functions for device code
 * (clang's CUDA overloading by target). */
#ifndef SIMULEE_DEVMEM_H
#define SIMULEE_DEVMEM_H
#include "host_defines.h"
#if !defined(__SIMULEE_HOST_COMPILER) && defined(__cplusplus)
#include "cuda_runtime_api.h"
#include "device_libc.h"
#include "simulee_dp.h"

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

#if __cplusplus >= 201703L
/* cudaMemcpyAsync and cudaMemsetAsync in device code: as in CUDA's device
 * runtime, work queued by the calling thread (device to device only), done
 * by a child grid (simulee_dp.h) that runs in launch order with the
 * thread's other child grids and whose writes its parent sees after
 * cudaDeviceSynchronize(). Templates, kernels and functions, so a file that
 * uses neither has no such kernel. */
template <int>
__global__ void __sim_memcpy_async(unsigned char *d, const unsigned char *s, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    d[i] = s[i];
}
template <int>
__global__ void __sim_memset_async(unsigned char *d, unsigned char v, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    d[i] = v;
}
static __device__ __forceinline__ unsigned __sim_devmem_blocks(size_t n) {
  size_t b = (n + 127) / 128;
  return b > 256 ? 256u : (unsigned)b;
}
template <int I = 0>
static __device__ __forceinline__ cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                                              size_t count, cudaMemcpyKind kind,
                                                              cudaStream_t stream = 0) {
  if (kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
    return cudaErrorInvalidValue; /* the device runtime copies device memory only */
  if (!count) return cudaSuccess;
  return __sim_dp_launch<&__sim_memcpy_async<I>>(__sim_devmem_blocks(count), 128, 0, stream)(
      (unsigned char *)dst, (const unsigned char *)src, count);
}
template <int I = 0>
static __device__ __forceinline__ cudaError_t cudaMemsetAsync(void *ptr, int value, size_t count,
                                                              cudaStream_t stream = 0) {
  if (!count) return cudaSuccess;
  return __sim_dp_launch<&__sim_memset_async<I>>(__sim_devmem_blocks(count), 128, 0, stream)(
      (unsigned char *)ptr, (unsigned char)value, count);
}
#endif
#endif
#endif
