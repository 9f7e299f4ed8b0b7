/* simulee CUDA headers: <driver_functions.h>, the make_* helpers of the
 * runtime's 3-D memory structures (host and device; included by cuda_runtime.h). */
#ifndef SIMULEE_CUDA_DRIVER_FUNCTIONS_H
#define SIMULEE_CUDA_DRIVER_FUNCTIONS_H
#ifndef __DRIVER_FUNCTIONS_H__
#define __DRIVER_FUNCTIONS_H__
#endif
#include "driver_types.h"

static inline __host__ __device__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p,
                                                                            size_t xsz, size_t ysz) {
  struct cudaPitchedPtr s;
  s.ptr = d;
  s.pitch = p;
  s.xsize = xsz;
  s.ysize = ysz;
  return s;
}
static inline __host__ __device__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
  struct cudaPos p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}
static inline __host__ __device__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
  struct cudaExtent e;
  e.width = w;
  e.height = h;
  e.depth = d;
  return e;
}
#endif
