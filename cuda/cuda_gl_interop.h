/* simulee CUDA headers: <cuda_gl_interop.h>, OpenGL interoperability
 * (declaration-only, written from the CUDA runtime documentation; the GL
 * handle types are plain unsigned integers, as in <GL/gl.h>, so no GL
 * header is needed). */
#ifndef SIMULEE_CUDA_GL_INTEROP_H
#define SIMULEE_CUDA_GL_INTEROP_H
#ifndef __CUDA_GL_INTEROP_H__
#define __CUDA_GL_INTEROP_H__
#endif
#include "cuda_runtime.h"

struct cudaGraphicsResource;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
enum cudaGraphicsRegisterFlags {
  cudaGraphicsRegisterFlagsNone = 0, cudaGraphicsRegisterFlagsReadOnly = 1,
  cudaGraphicsRegisterFlagsWriteDiscard = 2,
  cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
  cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
  cudaGraphicsMapFlagsNone = 0, cudaGraphicsMapFlagsReadOnly = 1,
  cudaGraphicsMapFlagsWriteDiscard = 2
};
enum cudaGLDeviceList {
  cudaGLDeviceListAll = 1, cudaGLDeviceListCurrentFrame = 2,
  cudaGLDeviceListNextFrame = 3
};
extern "C" {
__host__ cudaError_t cudaGLGetDevices(unsigned int *count, int *devices, unsigned int max, enum cudaGLDeviceList list);
__host__ cudaError_t cudaGraphicsGLRegisterBuffer(cudaGraphicsResource_t *res, unsigned int buffer, unsigned int flags);
__host__ cudaError_t cudaGraphicsGLRegisterImage(cudaGraphicsResource_t *res, unsigned int image, unsigned int target, unsigned int flags);
__host__ cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t res);
__host__ cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *res, cudaStream_t s = 0);
__host__ cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *res, cudaStream_t s = 0);
__host__ cudaError_t cudaGraphicsResourceGetMappedPointer(void **ptr, size_t *size, cudaGraphicsResource_t res);
__host__ cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t res, unsigned int index, unsigned int level);
__host__ cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t res, unsigned int flags);
__host__ cudaError_t cudaGLSetGLDevice(int device);
__host__ cudaError_t cudaGLRegisterBufferObject(unsigned int buffer);
__host__ cudaError_t cudaGLMapBufferObject(void **ptr, unsigned int buffer);
__host__ cudaError_t cudaGLUnmapBufferObject(unsigned int buffer);
__host__ cudaError_t cudaGLUnregisterBufferObject(unsigned int buffer);
}
#endif
