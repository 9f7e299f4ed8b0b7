/* simulee CUDA headers: the texture and surface API.
 *
 * Written for simulee from the CUDA runtime API documentation. Host side:
 * the types (channel descriptors, arrays, resource and texture
 * descriptors, legacy texture references) and the functions that create,
 * bind and destroy them, as declarations (never executed). Device side:
 * the fetch and surface functions compile, each into a call of an external
 * function named after it (__simulee_tex1Dfetch, __simulee_tex2D,
 * __simulee_surf2Dwrite, ...) that the interpreter reports as unsupported
 * by that name: simulee does not execute texture or surface accesses. */
#ifndef SIMULEE_CUDA_TEXTURE_TYPES_H
#define SIMULEE_CUDA_TEXTURE_TYPES_H
#ifndef __TEXTURE_TYPES_H__
#define __TEXTURE_TYPES_H__
#endif
#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__
#endif
#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__
#endif
#ifndef __TEXTURE_FETCH_FUNCTIONS_H__
#define __TEXTURE_FETCH_FUNCTIONS_H__
#endif
#ifndef __SURFACE_FUNCTIONS_H__
#define __SURFACE_FUNCTIONS_H__
#endif

#include "driver_types.h"

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3,
  cudaChannelFormatKindNV12 = 4
};
struct cudaChannelFormatDesc {
  int x, y, z, w;                /* bits per component */
  enum cudaChannelFormatKind f;  /* component kind */
};
struct cudaArray;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
struct cudaMipmappedArray;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;

enum cudaResourceType {
  cudaResourceTypeArray = 0,
  cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2,
  cudaResourceTypePitch2D = 3
};
struct cudaResourceDesc {
  enum cudaResourceType resType; /* which member of res */
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};
struct cudaResourceViewDesc {
  int format;                         /* cudaResourceViewFormat */
  size_t width, height, depth;        /* extents */
  unsigned int firstMipmapLevel, lastMipmapLevel;
  unsigned int firstLayer, lastLayer;
};
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02

/* legacy texture and surface references (removed in CUDA 12, still in
 * older code): namespace-scope objects that device code reads through
 * (clang's device_builtin_*_type attributes make them device-visible) */
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int __cudaReserved[15];
};
struct surfaceReference {
  struct cudaChannelFormatDesc channelDesc;
};
template <class T, int dim = 1,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture
    : public textureReference {
  texture(int norm = 0, enum cudaTextureFilterMode f = cudaFilterModePoint,
          enum cudaTextureAddressMode am = cudaAddressModeClamp) {
    normalized = norm;
    filterMode = f;
    addressMode[0] = addressMode[1] = addressMode[2] = am;
  }
};
template <class T, int dim = 1>
struct __attribute__((device_builtin_surface_type)) surface
    : public surfaceReference {};

extern "C" {
__host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
__host__ cudaError_t cudaCreateTextureObject(
    cudaTextureObject_t *tex, const struct cudaResourceDesc *res,
    const struct cudaTextureDesc *desc, const struct cudaResourceViewDesc *view);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex);
__host__ cudaError_t cudaGetTextureObjectResourceDesc(
    struct cudaResourceDesc *res, cudaTextureObject_t tex);
__host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf,
                                             const struct cudaResourceDesc *res);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surf);
__host__ cudaError_t cudaMallocArray(cudaArray_t *array,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t width, size_t height,
                                     unsigned int flags);
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                                       const struct cudaChannelFormatDesc *desc,
                                       struct cudaExtent extent,
                                       unsigned int flags);
__host__ cudaError_t cudaFreeArray(cudaArray_t array);
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t w_offset,
                                       size_t h_offset, const void *src,
                                       size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t w_offset,
                                         size_t h_offset, const void *src,
                                         size_t spitch, size_t width,
                                         size_t height,
                                         enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                           cudaArray_const_t src,
                                           size_t w_offset, size_t h_offset,
                                           size_t width, size_t height,
                                           enum cudaMemcpyKind kind);
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct textureReference *tex,
                                     const void *dev_ptr,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t size);
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct textureReference *tex,
                                       const void *dev_ptr,
                                       const struct cudaChannelFormatDesc *desc,
                                       size_t width, size_t height,
                                       size_t pitch);
__host__ cudaError_t cudaBindTextureToArray(
    const struct textureReference *tex, cudaArray_const_t array,
    const struct cudaChannelFormatDesc *desc);
__host__ cudaError_t cudaUnbindTexture(const struct textureReference *tex);
__host__ cudaError_t cudaBindSurfaceToArray(const struct surfaceReference *surf,
                                            cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc *desc);
}

/* channel descriptors of a C++ type */
template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
/* the C++ forms of binding: a texture object, not its address */
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct texture<T, dim, mode> &tex,
                                     const void *dev_ptr, size_t size = ~(size_t)0) {
  return cudaBindTexture(offset, &tex, dev_ptr, &tex.channelDesc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct texture<T, dim, mode> &tex,
                                     const void *dev_ptr,
                                     const struct cudaChannelFormatDesc &desc,
                                     size_t size = ~(size_t)0) {
  return cudaBindTexture(offset, &tex, dev_ptr, &desc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct texture<T, dim, mode> &tex,
                                       const void *dev_ptr,
                                       const struct cudaChannelFormatDesc &desc,
                                       size_t width, size_t height,
                                       size_t pitch) {
  return cudaBindTexture2D(offset, &tex, dev_ptr, &desc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaBindTextureToArray(
    const struct texture<T, dim, mode> &tex, cudaArray_const_t array) {
  return cudaBindTextureToArray(&tex, array, &tex.channelDesc);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__host__ cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode> &tex) {
  return cudaUnbindTexture(&tex);
}

/* ---- device side: every fetch is an external call named after the API
 * (the interpreter reports it unsupported by that name) */
extern "C" {
__device__ void __simulee_tex1Dfetch(void *out, unsigned long long obj, int x);
__device__ void __simulee_tex1D(void *out, unsigned long long obj, float x);
__device__ void __simulee_tex2D(void *out, unsigned long long obj, float x,
                                float y);
__device__ void __simulee_tex3D(void *out, unsigned long long obj, float x,
                                float y, float z);
__device__ void __simulee_tex2DLod(void *out, unsigned long long obj, float x,
                                   float y, float level);
__device__ void __simulee_tex2DLayered(void *out, unsigned long long obj,
                                       float x, float y, int layer);
__device__ void __simulee_surf2Dread(void *out, unsigned long long obj, int x,
                                     int y);
__device__ void __simulee_surf2Dwrite(const void *in, unsigned long long obj,
                                      int x, int y);
__device__ void __simulee_surf1Dwrite(const void *in, unsigned long long obj,
                                      int x);
__device__ void __simulee_surf1Dread(void *out, unsigned long long obj, int x);
}
template <class T> __SIM_DEV T tex1Dfetch(cudaTextureObject_t t, int x) {
  T v;
  __simulee_tex1Dfetch(&v, t, x);
  return v;
}
template <class T> __SIM_DEV T tex1D(cudaTextureObject_t t, float x) {
  T v;
  __simulee_tex1D(&v, t, x);
  return v;
}
template <class T> __SIM_DEV T tex2D(cudaTextureObject_t t, float x, float y) {
  T v;
  __simulee_tex2D(&v, t, x, y);
  return v;
}
template <class T>
__SIM_DEV T tex3D(cudaTextureObject_t t, float x, float y, float z) {
  T v;
  __simulee_tex3D(&v, t, x, y, z);
  return v;
}
template <class T>
__SIM_DEV T tex2DLod(cudaTextureObject_t t, float x, float y, float level) {
  T v;
  __simulee_tex2DLod(&v, t, x, y, level);
  return v;
}
template <class T>
__SIM_DEV T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) {
  T v;
  __simulee_tex2DLayered(&v, t, x, y, layer);
  return v;
}
/* surfaces: x is a byte offset */
template <class T>
__SIM_DEV void surf2Dread(T *out, cudaSurfaceObject_t s, int x, int y,
                          cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  (void)m;
  __simulee_surf2Dread(out, s, x, y);
}
template <class T>
__SIM_DEV T surf2Dread(cudaSurfaceObject_t s, int x, int y,
                       cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  T v;
  (void)m;
  __simulee_surf2Dread(&v, s, x, y);
  return v;
}
template <class T>
__SIM_DEV void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y,
                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  (void)m;
  __simulee_surf2Dwrite(&v, s, x, y);
}
template <class T>
__SIM_DEV void surf1Dwrite(T v, cudaSurfaceObject_t s, int x,
                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  (void)m;
  __simulee_surf1Dwrite(&v, s, x);
}
template <class T>
__SIM_DEV T surf1Dread(cudaSurfaceObject_t s, int x,
                       cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  T v;
  (void)m;
  __simulee_surf1Dread(&v, s, x);
  return v;
}

/* legacy references: the same fetches (the reference's handle is not
 * passed on: the call is reported unsupported by its name) */
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV T tex1Dfetch(texture<T, dim, mode> t, int x) {
  T v;
  (void)t;
  __simulee_tex1Dfetch(&v, 0ull, x);
  return v;
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV T tex1D(texture<T, dim, mode> t, float x) {
  T v;
  (void)t;
  __simulee_tex1D(&v, 0ull, x);
  return v;
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV T tex2D(texture<T, dim, mode> t, float x, float y) {
  T v;
  (void)t;
  __simulee_tex2D(&v, 0ull, x, y);
  return v;
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV T tex3D(texture<T, dim, mode> t, float x, float y, float z) {
  T v;
  (void)t;
  __simulee_tex3D(&v, 0ull, x, y, z);
  return v;
}
template <class T, int dim>
__SIM_DEV void surf2Dwrite(T v, surface<void, dim> s, int x, int y,
                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  (void)s;
  (void)m;
  __simulee_surf2Dwrite(&v, 0ull, x, y);
}
template <class T, int dim>
__SIM_DEV void surf2Dread(T *out, surface<void, dim> s, int x, int y,
                          cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  (void)s;
  (void)m;
  __simulee_surf2Dread(out, 0ull, x, y);
}

#endif
