/* simulee CUDA headers: <cudaEGL.h>, the driver API's EGL interoperability
 * (declaration-only, written from the CUDA driver documentation; EGL's
 * handles are opaque pointers, as in cuda_egl_interop.h). */
#ifndef SIMULEE_CUDAEGL_H
#define SIMULEE_CUDAEGL_H
#ifndef CUDAEGL_H
#define CUDAEGL_H
#endif
#include "cuda.h"
#include "cuda_egl_interop.h"

#define MAX_PLANES 3
typedef struct CUeglStreamConnection_st *CUeglStreamConnection;
typedef enum CUeglFrameType_enum { CU_EGL_FRAME_TYPE_ARRAY = 0, CU_EGL_FRAME_TYPE_PITCH = 1 } CUeglFrameType;
typedef enum CUeglResourceLocationFlags_enum {
  CU_EGL_RESOURCE_LOCATION_SYSMEM = 0,
  CU_EGL_RESOURCE_LOCATION_VIDMEM = 1
} CUeglResourceLocationFlags;
typedef enum CUeglColorFormat_enum {
  CU_EGL_COLOR_FORMAT_YUV420_PLANAR = 0,
  CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR = 1,
  CU_EGL_COLOR_FORMAT_YUV422_PLANAR = 2,
  CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR = 3,
  CU_EGL_COLOR_FORMAT_RGB = 4,
  CU_EGL_COLOR_FORMAT_BGR = 5,
  CU_EGL_COLOR_FORMAT_ARGB = 6,
  CU_EGL_COLOR_FORMAT_RGBA = 7,
  CU_EGL_COLOR_FORMAT_L = 8,
  CU_EGL_COLOR_FORMAT_R = 9
} CUeglColorFormat;
/* CUarray_format: cuda.h */
typedef struct CUeglFrame_st {
  union {
    CUarray pArray[MAX_PLANES]; /* CU_EGL_FRAME_TYPE_ARRAY */
    void *pPitch[MAX_PLANES];   /* CU_EGL_FRAME_TYPE_PITCH */
  } frame;
  unsigned int width;             /* of the first plane */
  unsigned int height;
  unsigned int depth;
  unsigned int pitch;
  unsigned int planeCount;
  unsigned int numChannels;
  CUeglFrameType frameType;
  CUeglColorFormat eglColorFormat;
  CUarray_format cuFormat;
} CUeglFrame_v1;
typedef CUeglFrame_v1 CUeglFrame;

extern "C" {
__host__ CUresult cuGraphicsEGLRegisterImage(CUgraphicsResource *res, EGLImageKHR image,
                                             unsigned int flags);
__host__ CUresult cuGraphicsResourceGetMappedEglFrame(CUeglFrame *frame, CUgraphicsResource res,
                                                      unsigned int index, unsigned int level);
__host__ CUresult cuEGLStreamConsumerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream);
__host__ CUresult cuEGLStreamConsumerDisconnect(CUeglStreamConnection *conn);
__host__ CUresult cuEGLStreamConsumerAcquireFrame(CUeglStreamConnection *conn,
                                                  CUgraphicsResource *res, CUstream *stream,
                                                  unsigned int timeout);
__host__ CUresult cuEGLStreamConsumerReleaseFrame(CUeglStreamConnection *conn,
                                                  CUgraphicsResource res, CUstream *stream);
__host__ CUresult cuEGLStreamProducerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream,
                                             int width, int height);
__host__ CUresult cuEGLStreamProducerDisconnect(CUeglStreamConnection *conn);
__host__ CUresult cuEGLStreamProducerPresentFrame(CUeglStreamConnection *conn, CUeglFrame frame,
                                                  CUstream *stream);
__host__ CUresult cuEGLStreamProducerReturnFrame(CUeglStreamConnection *conn, CUeglFrame *frame,
                                                 CUstream *stream);
}
#endif
