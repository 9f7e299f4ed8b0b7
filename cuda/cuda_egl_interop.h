/* simulee CUDA headers: <cuda_egl_interop.h>, EGL interoperability
 * (declaration-only, written from the CUDA runtime documentation; EGL's
 * handles are opaque pointers here, so no EGL header is needed). */
#ifndef SIMULEE_CUDA_EGL_INTEROP_H
#define SIMULEE_CUDA_EGL_INTEROP_H
#ifndef __CUDA_EGL_INTEROP_H__
#define __CUDA_EGL_INTEROP_H__
#endif
#include "cuda_gl_interop.h"

typedef void *EGLImageKHR;
typedef void *EGLStreamKHR;
typedef struct CUeglStreamConnection_st *cudaEglStreamConnection;
#define CUDA_EGL_MAX_PLANES 3
typedef struct cudaEglPlaneDesc_st {
  unsigned int width, height, depth, pitch, numChannels;
  struct cudaChannelFormatDesc channelDesc;
  unsigned int reserved[4];
} cudaEglPlaneDesc;
typedef struct cudaEglFrame_st {
  union {
    cudaArray_t pArray[CUDA_EGL_MAX_PLANES];
    struct cudaPitchedPtr pPitch[CUDA_EGL_MAX_PLANES];
  } frame;
  cudaEglPlaneDesc planeDesc[CUDA_EGL_MAX_PLANES];
  unsigned int planeCount;
  int frameType;
  int eglColorFormat;
} cudaEglFrame;
extern "C" {
__host__ cudaError_t cudaGraphicsEGLRegisterImage(cudaGraphicsResource_t *res, EGLImageKHR image, unsigned int flags);
__host__ cudaError_t cudaGraphicsResourceGetMappedEglFrame(cudaEglFrame *frame, cudaGraphicsResource_t res, unsigned int index, unsigned int level);
__host__ cudaError_t cudaEGLStreamConsumerConnect(cudaEglStreamConnection *conn, EGLStreamKHR stream);
__host__ cudaError_t cudaEGLStreamConsumerDisconnect(cudaEglStreamConnection *conn);
__host__ cudaError_t cudaEGLStreamProducerConnect(cudaEglStreamConnection *conn, EGLStreamKHR stream, int width, int height);
__host__ cudaError_t cudaEGLStreamProducerDisconnect(cudaEglStreamConnection *conn);
}
#endif
