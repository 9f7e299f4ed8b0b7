/*
 * simulee runtime: the texture and array descriptors as a program passes
 * them (cuda/texture_types.h's layout), and the runtime's array and texture
 * functions (runtime/array.c) that the driver API's twins (runtime/drvtex.c)
 * call with them.
 */
#ifndef SIMULEE_RUNTIME_TEXDESC_H
#define SIMULEE_RUNTIME_TEXDESC_H
#include <stddef.h>
#include <stdint.h>

#include "runtime/internal.h"

/* cuda/simulee_cuda_types.h's descriptors, the one definition of the CUDA
 * types (short names for this file's users) */
typedef struct cudaChannelFormatDesc chan;
typedef struct cudaResourceDesc resdesc;
typedef struct cudaTextureDesc texdesc;

/* runtime/memory.c's, which the array copies are made with */
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind,
                            cudaStream_t s);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t s);

/* runtime/array.c's */
cudaError_t cudaMallocArray(struct cudaArray **array, const chan *desc, size_t width,
                            size_t height, unsigned flags);
cudaError_t cudaMalloc3DArray(struct cudaArray **array, const chan *desc,
                              struct cudaExtent extent, unsigned flags);
cudaError_t cudaFreeArray(struct cudaArray *a);
cudaError_t cudaMemcpy2DToArray(struct cudaArray *dst, size_t x, size_t y, const void *src,
                                size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, const struct cudaArray *src,
                                  size_t x, size_t y, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DArrayToArray(struct cudaArray *dst, size_t dx, size_t dy,
                                     const struct cudaArray *src, size_t sx, size_t sy,
                                     size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaGetChannelDesc(chan *desc, const struct cudaArray *a);
cudaError_t cudaCreateTextureObject(uint64_t *out, const resdesc *res, const texdesc *tex,
                                    const void *view);
cudaError_t cudaDestroyTextureObject(uint64_t t);
cudaError_t cudaCreateSurfaceObject(uint64_t *out, const resdesc *res);
cudaError_t cudaDestroySurfaceObject(uint64_t s);

#endif
