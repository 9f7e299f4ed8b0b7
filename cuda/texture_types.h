/* simulee CUDA headers: the texture and surface API.
 *
 * Written for simulee from the CUDA runtime API documentation. Host side:
 * the types (channel descriptors, arrays, resource and texture
 * descriptors, legacy texture references) and the functions that create,
 * bind and destroy them, as declarations (never executed). Device side:
 * texture and surface objects are executed (see "device side" below);
 * legacy references and layered fetches compile into a call of an external
 * function named after them (__simulee_tex1Dfetch, __simulee_tex2D, ...)
 * that the interpreter reports as unsupported by that name. */
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

/* ---- device side. A texture or surface object is, in simulee, the
 * address of a global buffer that starts with this 64-byte descriptor
 * (written by the launch from `--arg tex2d:f32:WxH:...`, see
 * include/simulee/evolve.h, SIME_TEX_*) and goes on with the texels,
 * row-major. The fetches below read it as plain global loads (bounds- and
 * race-checked like any other) and compute what the hardware returns
 * (CUDA Programming Guide, "Texture Fetching"): point filtering
 * T[floor(x)], linear filtering (1-a)T[i] + aT[i+1] with i = floor(x - 0.5)
 * and a = frac(x - 0.5) rounded to 9-bit fixed point with 8 fraction bits
 * (nearest), per dimension; addressing per dimension: clamp, border (the
 * border colour is 0), and with normalized coordinates wrap and mirror
 * (with unnormalized ones they act as clamp, as on the hardware).
 * Surfaces: the x coordinate is in bytes; out of range, cudaBoundaryModeTrap
 * traps, Clamp clamps, Zero reads 0 and drops the write. */
struct __sim_texdesc {
  unsigned magic;          /* 0x58455453 "STEX" */
  unsigned dims;           /* 1..3 */
  unsigned w, h, d;        /* extent in texels */
  unsigned kind;           /* 0 signed, 1 unsigned, 2 float */
  unsigned esize;          /* bytes per texel: 1, 2, 4 */
  unsigned addr[3];        /* cudaTextureAddressMode per dimension */
  unsigned filter;         /* cudaTextureFilterMode */
  unsigned norm;           /* normalized coordinates */
  unsigned read;           /* cudaTextureReadMode */
  unsigned surface;        /* a surface object */
  unsigned reserved[2];
};
/* What a handle that is not a texture object reads: a texture of no texels
 * with border addressing, so every fetch gives the border colour 0 (the
 * automatic search passes numbers for a cudaTextureObject_t parameter it
 * cannot tell from an integer; with a real handle this is never used). */
static __device__ const struct __sim_texdesc __sim_tex_none = {
    0x58455453u, 3, 0, 0, 0, 2, 4, {3, 3, 3}, 0, 0, 0, 0, {0, 0}};
__SIM_DEV const struct __sim_texdesc *__sim_tex(unsigned long long t) {
  const struct __sim_texdesc *d = (const struct __sim_texdesc *)t;
  if (!d || d->magic != 0x58455453u) return &__sim_tex_none; /* not a texture object */
  return d;
}
__SIM_DEV const char *__sim_texels(const struct __sim_texdesc *d) {
  return (const char *)d + sizeof(struct __sim_texdesc);
}
/* texel k as a float: its value, or in normalized-float read mode its value
 * scaled to [0, 1] (unsigned) or [-1, 1] (signed) */
__SIM_DEV float __sim_texel_f(const struct __sim_texdesc *d, long long k) {
  const char *p = __sim_texels(d) + k * d->esize;
  if (d->kind == 2) return *(const float *)p;
  if (d->esize == 1) {
    if (d->kind == 0) {
      float v = *(const signed char *)p;
      return d->read ? (v / 127.0f < -1.0f ? -1.0f : v / 127.0f) : v;
    }
    float v = *(const unsigned char *)p;
    return d->read ? v / 255.0f : v;
  }
  if (d->esize == 2) {
    if (d->kind == 0) {
      float v = *(const short *)p;
      return d->read ? (v / 32767.0f < -1.0f ? -1.0f : v / 32767.0f) : v;
    }
    float v = *(const unsigned short *)p;
    return d->read ? v / 65535.0f : v;
  }
  return d->kind == 0 ? (float)*(const int *)p : (float)*(const unsigned *)p;
}
/* texel k as T: the element itself (point filtering, element read mode) */
template <class T> __SIM_DEV T __sim_texel(const struct __sim_texdesc *d, long long k) {
  if (d->read || d->kind == 2) return (T)__sim_texel_f(d, k);
  const char *p = __sim_texels(d) + k * d->esize;
  if (d->esize == 1) return d->kind == 0 ? (T)*(const signed char *)p : (T)*(const unsigned char *)p;
  if (d->esize == 2) return d->kind == 0 ? (T)*(const short *)p : (T)*(const unsigned short *)p;
  return d->kind == 0 ? (T)*(const int *)p : (T)*(const unsigned *)p;
}
/* the texel index for integer coordinate i of a dimension of n texels, or
 * -1 for the border */
__SIM_DEV int __sim_texaddr(const struct __sim_texdesc *d, unsigned dim, int i, int n) {
  if (i >= 0 && i < n) return i;
  unsigned m = d->addr[dim];
  if (!d->norm && (m == cudaAddressModeWrap || m == cudaAddressModeMirror)) m = cudaAddressModeClamp;
  if (m == cudaAddressModeBorder) return -1;
  if (m == cudaAddressModeWrap) {
    int r = i % n;
    return r < 0 ? r + n : r;
  }
  if (m == cudaAddressModeMirror) {
    int r = i % (2 * n);
    if (r < 0) r += 2 * n;
    return r < n ? r : 2 * n - 1 - r;
  }
  return i < 0 ? 0 : n - 1;
}
/* a coordinate in texels, kept where floor() fits an int */
__SIM_DEV float __sim_texcoord(const struct __sim_texdesc *d, float x, unsigned n) {
  if (d->norm) x *= (float)n;
  if (!(x > -1.0e8f)) x = -1.0e8f; /* also NaN */
  if (x > 1.0e8f) x = 1.0e8f;
  return x;
}
/* the weight a of a linear fetch: frac, in 9-bit fixed point */
__SIM_DEV float __sim_texweight(float xb, int *i) {
  float f = __builtin_floorf(xb);
  *i = (int)f;
  return __builtin_rintf((xb - f) * 256.0f) / 256.0f;
}
/* one texel of a 3-D index (x, y, z), 0 on the border */
template <class T>
__SIM_DEV T __sim_texat(const struct __sim_texdesc *d, int x, int y, int z) {
  int ix = __sim_texaddr(d, 0, x, (int)d->w);
  int iy = d->dims >= 2 ? __sim_texaddr(d, 1, y, (int)d->h) : 0;
  int iz = d->dims >= 3 ? __sim_texaddr(d, 2, z, (int)d->d) : 0;
  if (ix < 0 || iy < 0 || iz < 0) return (T)0;
  return __sim_texel<T>(d, ((long long)iz * d->h + iy) * d->w + ix);
}
template <class T>
__SIM_DEV T __sim_texfetch(unsigned long long t, float x, float y, float z) {
  const struct __sim_texdesc *d = __sim_tex(t);
  x = __sim_texcoord(d, x, d->w);
  y = __sim_texcoord(d, y, d->h);
  z = __sim_texcoord(d, z, d->d);
  if (d->filter != cudaFilterModeLinear)
    return __sim_texat<T>(d, (int)__builtin_floorf(x), (int)__builtin_floorf(y), (int)__builtin_floorf(z));
  int i, j = 0, k = 0;
  float a = __sim_texweight(x - 0.5f, &i), b = 0.0f, c = 0.0f;
  if (d->dims >= 2) b = __sim_texweight(y - 0.5f, &j);
  if (d->dims >= 3) c = __sim_texweight(z - 0.5f, &k);
  float r = 0.0f;
  for (int dz = 0; dz < (d->dims >= 3 ? 2 : 1); dz++)
    for (int dy = 0; dy < (d->dims >= 2 ? 2 : 1); dy++) {
      float wyz = (d->dims >= 2 ? (dy ? b : 1.0f - b) : 1.0f) *
                  (d->dims >= 3 ? (dz ? c : 1.0f - c) : 1.0f);
      r += wyz * ((1.0f - a) * __sim_texat<float>(d, i, j + dy, k + dz) +
                  a * __sim_texat<float>(d, i + 1, j + dy, k + dz));
    }
  return (T)r;
}

/* what is not executed: legacy texture and surface references, and fetches
 * of vector texels (float4, uchar4, ...): an external call the interpreter
 * reports unsupported by its name */
extern "C" {
__device__ void __simulee_tex1Dfetch(void *out, unsigned long long obj, int x);
__device__ void __simulee_tex1D(void *out, unsigned long long obj, float x);
__device__ void __simulee_tex2D(void *out, unsigned long long obj, float x, float y);
__device__ void __simulee_tex3D(void *out, unsigned long long obj, float x, float y, float z);
__device__ void __simulee_surf2Dread(void *out, unsigned long long obj, int x, int y);
__device__ void __simulee_surf2Dwrite(const void *in, unsigned long long obj, int x, int y);
}

/* texture objects: scalar texels executed (tag 1), vector ones reported */
template <bool B> struct __sim_textag {};
template <class T>
__SIM_DEV T __sim_tex1Dfetch(cudaTextureObject_t t, int x, __sim_textag<true>) {
  /* linear memory: an integer index, 0 outside */
  const struct __sim_texdesc *d = __sim_tex(t);
  if (x < 0 || (unsigned)x >= d->w) return (T)0;
  return __sim_texel<T>(d, x);
}
template <class T>
__SIM_DEV T __sim_tex1Dfetch(cudaTextureObject_t t, int x, __sim_textag<false>) {
  T v;
  __simulee_tex1Dfetch(&v, t, x);
  return v;
}
template <class T>
__SIM_DEV T __sim_texN(cudaTextureObject_t t, float x, float y, float z, int dims,
                       __sim_textag<true>) {
  (void)dims;
  return __sim_texfetch<T>(t, x, y, z);
}
template <class T>
__SIM_DEV T __sim_texN(cudaTextureObject_t t, float x, float y, float z, int dims,
                       __sim_textag<false>) {
  T v;
  if (dims == 1) __simulee_tex1D(&v, t, x);
  else if (dims == 2) __simulee_tex2D(&v, t, x, y);
  else __simulee_tex3D(&v, t, x, y, z);
  return v;
}
template <class T> __SIM_DEV T tex1Dfetch(cudaTextureObject_t t, int x) {
  return __sim_tex1Dfetch<T>(t, x, __sim_textag<__is_arithmetic(T)>());
}
template <class T> __SIM_DEV T tex1D(cudaTextureObject_t t, float x) {
  return __sim_texN<T>(t, x, 0.0f, 0.0f, 1, __sim_textag<__is_arithmetic(T)>());
}
template <class T> __SIM_DEV T tex2D(cudaTextureObject_t t, float x, float y) {
  return __sim_texN<T>(t, x, y, 0.0f, 2, __sim_textag<__is_arithmetic(T)>());
}
template <class T>
__SIM_DEV T tex3D(cudaTextureObject_t t, float x, float y, float z) {
  return __sim_texN<T>(t, x, y, z, 3, __sim_textag<__is_arithmetic(T)>());
}
/* one mipmap level: level 0 */
template <class T>
__SIM_DEV T tex2DLod(cudaTextureObject_t t, float x, float y, float level) {
  (void)level;
  return __sim_texN<T>(t, x, y, 0.0f, 2, __sim_textag<__is_arithmetic(T)>());
}
/* layered textures are not modelled: reported by name */
extern "C" __device__ void __simulee_tex2DLayered(void *out, unsigned long long obj, float x,
                                                  float y, int layer);
template <class T>
__SIM_DEV T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) {
  T v;
  __simulee_tex2DLayered(&v, t, x, y, layer);
  return v;
}

/* surface objects: the byte offset of (x bytes, y) for an access of n
 * bytes, or -1 (Zero mode out of range: nothing) */
__SIM_DEV long long __sim_surfoff(const struct __sim_texdesc *d, int x, int y, unsigned n,
                                         cudaSurfaceBoundaryMode m) {
  long long rowb = (long long)d->w * d->esize;
  int h = d->dims >= 2 ? (int)d->h : 1;
  if (x < 0 || (long long)x + n > rowb || y < 0 || y >= h) {
    if (m == cudaBoundaryModeZero) return -1;
    if (m == cudaBoundaryModeTrap) __builtin_trap();
    long long cx = x < 0 ? 0 : (long long)x + n > rowb ? rowb - n : x;
    if (cx < 0) return -1;
    y = y < 0 ? 0 : y >= h ? h - 1 : y;
    return (long long)y * rowb + cx;
  }
  return (long long)y * rowb + x;
}
template <class T>
__SIM_DEV void surf2Dread(T *out, cudaSurfaceObject_t s, int x, int y,
                          cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  const struct __sim_texdesc *d = __sim_tex(s);
  long long o = __sim_surfoff(d, x, y, sizeof(T), m);
  *out = o < 0 ? (T)0 : *(const T *)(__sim_texels(d) + o);
}
template <class T>
__SIM_DEV T surf2Dread(cudaSurfaceObject_t s, int x, int y,
                       cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  T v;
  surf2Dread(&v, s, x, y, m);
  return v;
}
template <class T>
__SIM_DEV void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y,
                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  const struct __sim_texdesc *d = __sim_tex(s);
  long long o = __sim_surfoff(d, x, y, sizeof(T), m);
  if (o >= 0) *(T *)((char *)__sim_texels(d) + o) = v;
}
template <class T>
__SIM_DEV void surf1Dwrite(T v, cudaSurfaceObject_t s, int x,
                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  surf2Dwrite(v, s, x, 0, m);
}
template <class T>
__SIM_DEV T surf1Dread(cudaSurfaceObject_t s, int x,
                       cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) {
  T v;
  surf2Dread(&v, s, x, 0, m);
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
