/* simulee CUDA headers: the texture and surface API.
 *
 * Written for simulee from the CUDA runtime API documentation. Host side:
 * the functions that create, bind and destroy textures and surfaces, as
 * declarations (never executed; their types, the channel, array, resource
 * and texture descriptors and legacy references, are simulee_cuda_types.h's,
 * which driver_types.h includes). Device side:
 * texture and surface objects and legacy references are executed (see
 * "device side" below). */
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

#ifdef __cplusplus
template <class T, int dim = 1,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture
    : public textureReference {
  texture(int norm __SIM_DFLT(0), enum cudaTextureFilterMode f __SIM_DFLT(cudaFilterModePoint),
          enum cudaTextureAddressMode am __SIM_DFLT(cudaAddressModeClamp)) {
    normalized = norm;
    filterMode = f;
    addressMode[0] = addressMode[1] = addressMode[2] = am;
  }
};
template <class T, int dim = 1>
struct __attribute__((device_builtin_surface_type)) surface
    : public surfaceReference {};
#endif

__SIM_BEGIN_C
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
                                     size_t width, size_t height __SIM_DFLT(0),
                                     unsigned int flags __SIM_DFLT(0));
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                                       const struct cudaChannelFormatDesc *desc,
                                       struct cudaExtent extent,
                                       unsigned int flags __SIM_DFLT(0));
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
__SIM_END_C
#ifdef __cplusplus

/* channel descriptors of a C++ type */
template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
/* one specialization per scalar and vector type: its components' bits and
 * kind (CUDA's channel_descriptor.h) */
#define __SIM_CHDESC(T, bits, n, kind)                                         \
  template <> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) { \
    return cudaCreateChannelDesc(bits, (n) > 1 ? (bits) : 0, (n) > 2 ? (bits) : 0,    \
                                 (n) > 3 ? (bits) : 0, kind);                         \
  }
#define __SIM_CHDESC4(S, V, bits, kind)                                        \
  __SIM_CHDESC(S, bits, 1, kind)                                               \
  __SIM_CHDESC(V##1, bits, 1, kind)                                            \
  __SIM_CHDESC(V##2, bits, 2, kind)                                            \
  __SIM_CHDESC(V##4, bits, 4, kind)
__SIM_CHDESC(char, 8, 1, cudaChannelFormatKindSigned)
__SIM_CHDESC4(signed char, char, 8, cudaChannelFormatKindSigned)
__SIM_CHDESC4(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
__SIM_CHDESC4(short, short, 16, cudaChannelFormatKindSigned)
__SIM_CHDESC4(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
__SIM_CHDESC4(int, int, 32, cudaChannelFormatKindSigned)
__SIM_CHDESC4(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
__SIM_CHDESC4(float, float, 32, cudaChannelFormatKindFloat)
#undef __SIM_CHDESC4
#undef __SIM_CHDESC
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
  return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
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

#endif /* __cplusplus */

#ifndef __SIMULEE_HOST_COMPILER
/* ---- device side. A texture or surface object is, in simulee, the
 * address of a global buffer that starts with this 64-byte descriptor
 * (written by the launch from `--arg tex2d:f32:WxH:...`, or drawn by the
 * automatic search, see include/simulee/evolve.h, SIME_TEX_*) and goes on
 * with the texels, row-major (layers outermost). The fetches below read it
 * as plain global loads (bounds- and race-checked like any other) and
 * compute what the hardware returns (CUDA Programming Guide, "Texture
 * Fetching"): point filtering T[floor(x)], linear filtering
 * (1-a)T[i] + aT[i+1] with i = floor(x - 0.5) and a = frac(x - 0.5) rounded
 * to 9-bit fixed point with 8 fraction bits (nearest), per dimension and
 * per channel; addressing per dimension: clamp, border (the border colour
 * is 0), and with normalized coordinates wrap and mirror (with unnormalized
 * ones they act as clamp, as on the hardware); a layer index is clamped to
 * the layers. Surfaces: the x coordinate is in bytes; out of range,
 * cudaBoundaryModeTrap traps, Clamp clamps, Zero reads 0 and drops the
 * write. Legacy texture and surface references are the same: the launch
 * binds a texture buffer to the reference (`--texref`), and the handle
 * clang reads from it (llvm.nvvm.texsurf.handle.internal) is its address. */
struct __sim_texdesc {
  unsigned magic;          /* 0x58455453 "STEX" */
  unsigned dims;           /* 1..3 */
  unsigned w, h, d;        /* extent in texels (d: the layers of a layered one) */
  unsigned kind;           /* 0 signed, 1 unsigned, 2 float (channels) */
  unsigned esize;          /* bytes per texel (all channels) */
  unsigned addr[3];        /* cudaTextureAddressMode per dimension */
  unsigned filter;         /* cudaTextureFilterMode */
  unsigned norm;           /* normalized coordinates */
  unsigned read;           /* cudaTextureReadMode */
  unsigned surface;        /* a surface object (2: one the search drew, whose
                              out-of-range accesses read 0 and drop the write
                              whatever the boundary mode: `:zero`) */
  unsigned ch;             /* channels per texel: 1, 2 or 4 (0: 1) */
  unsigned layered;        /* a layered texture: d layers of dims dimensions */
};
/* Every fetch passes its handle through this marker with what it reads
 * (include/simulee/interp.h, SIMI_TEXINFO_*): the interpreter returns the
 * handle, and its loader follows the handle back to the kernel parameter
 * or texture reference it comes from, so the automatic search knows which
 * 64-bit parameters are textures and of which texels. */
__SIM_EXTERN_C __device__ __attribute__((const)) unsigned long long
__simulee_texobj(unsigned long long handle, unsigned info);
#define __SIM_TI_LAYERED 4u
#define __SIM_TI_SURFACE 8u
#define __SIM_TI_INDEX 16u
#define __SIM_TI_NFLOAT (1u << 14)
/* the channels of a texel type: E one channel, n their count */
template <class T> struct __sim_ch {
  typedef T E;
  enum { n = 1, ok = __is_arithmetic(T) };
};
#define __SIM_CH(V, S)                                                         \
  template <> struct __sim_ch<V##1> { typedef S E; enum { n = 1, ok = 1 }; };  \
  template <> struct __sim_ch<V##2> { typedef S E; enum { n = 2, ok = 1 }; };  \
  template <> struct __sim_ch<V##4> { typedef S E; enum { n = 4, ok = 1 }; };
__SIM_CH(char, signed char)
__SIM_CH(uchar, unsigned char)
__SIM_CH(short, short)
__SIM_CH(ushort, unsigned short)
__SIM_CH(int, int)
__SIM_CH(uint, unsigned int)
__SIM_CH(float, float)
#undef __SIM_CH
/* the marker's info of a fetch of T texels (B: dims and the SIMI_TEXINFO
 * flags): bits 5-6 kind, 7-10 channel bytes, 11-13 channels, bit 31 */
template <class T, unsigned B> struct __sim_ti {
  typedef typename __sim_ch<T>::E E;
  static constexpr unsigned v =
      B | 0x80000000u | ((__is_floating_point(E) ? 2u : (E)-1 < (E)0 ? 0u : 1u) << 5) |
      ((unsigned)sizeof(E) << 7) | ((unsigned)__sim_ch<T>::n << 11);
};
/* What a handle that is not a texture object reads: a texture of no texels
 * with border addressing, so every fetch gives the border colour 0. */
/* the descriptor of handle H of a fetch whose info is ... (a constant at the
 * marker's call even at -O0) */
#define __SIM_TEX(H, ...) __sim_tex(__simulee_texobj((H), (__VA_ARGS__)))
static __device__ const struct __sim_texdesc __sim_tex_none = {
    0x58455453u, 3, 0, 0, 0, 2, 4, {3, 3, 3}, 0, 0, 0, 0, 1, 0};
__SIM_DEV const struct __sim_texdesc *__sim_tex(unsigned long long t) {
  const struct __sim_texdesc *d = (const struct __sim_texdesc *)t;
  if (!d || d->magic != 0x58455453u) return &__sim_tex_none; /* not a texture object */
  return d;
}
__SIM_DEV const char *__sim_texels(const struct __sim_texdesc *d) {
  return (const char *)d + sizeof(struct __sim_texdesc);
}
/* channel c of texel k (0 past the texel's channels) as a float: its value,
 * or in normalized-float read mode its value scaled to [0, 1] (unsigned) or
 * [-1, 1] (signed) */
/* a half's bits as a float */
__SIM_DEV float __sim_half_f(unsigned short h) {
  unsigned e = (h >> 10) & 31u, m = h & 1023u;
  unsigned bits = e == 31 ? (m ? 0x7fc00000u : 0x7f800000u) : ((e + 112u) << 23) | (m << 13);
  float v;
  __builtin_memcpy(&v, &bits, sizeof v);
  if (e == 0) v = (float)m * (1.0f / 16777216.0f); /* subnormal: m * 2^-24 */
  return (h & 0x8000u) ? -v : v;
}
__SIM_DEV float __sim_texel_f(const struct __sim_texdesc *d, long long k, int c) {
  unsigned ch = d->ch ? d->ch : 1, cs = d->esize / ch;
  if ((unsigned)c >= ch) return 0.0f;
  const char *p = __sim_texels(d) + k * d->esize + c * cs;
  if (d->kind == 2) return cs == 2 ? __sim_half_f(*(const unsigned short *)p) : *(const float *)p;
  if (cs == 1) {
    if (d->kind == 0) {
      float v = *(const signed char *)p;
      return d->read ? (v / 127.0f < -1.0f ? -1.0f : v / 127.0f) : v;
    }
    float v = *(const unsigned char *)p;
    return d->read ? v / 255.0f : v;
  }
  if (cs == 2) {
    if (d->kind == 0) {
      float v = *(const short *)p;
      return d->read ? (v / 32767.0f < -1.0f ? -1.0f : v / 32767.0f) : v;
    }
    float v = *(const unsigned short *)p;
    return d->read ? v / 65535.0f : v;
  }
  return d->kind == 0 ? (float)*(const int *)p : (float)*(const unsigned *)p;
}
/* channel c of texel k as E: the element itself (point filtering, element
 * read mode) */
template <class E> __SIM_DEV E __sim_texel(const struct __sim_texdesc *d, long long k, int c) {
  unsigned ch = d->ch ? d->ch : 1, cs = d->esize / ch;
  if (d->read || d->kind == 2 || (unsigned)c >= ch) return (E)__sim_texel_f(d, k, c);
  const char *p = __sim_texels(d) + k * d->esize + c * cs;
  if (cs == 1) return d->kind == 0 ? (E)*(const signed char *)p : (E)*(const unsigned char *)p;
  if (cs == 2) return d->kind == 0 ? (E)*(const short *)p : (E)*(const unsigned short *)p;
  return d->kind == 0 ? (E)*(const int *)p : (E)*(const unsigned *)p;
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
/* the texel of a 3-D index (x, y, z), or of (x, y) in layer z; -1 on the
 * border */
__SIM_DEV long long __sim_texidx(const struct __sim_texdesc *d, int x, int y, int z) {
  int ix = __sim_texaddr(d, 0, x, (int)d->w);
  int iy = d->dims >= 2 ? __sim_texaddr(d, 1, y, (int)d->h) : 0;
  int iz = d->layered ? (z < 0 ? 0 : z >= (int)d->d ? (int)d->d - 1 : z)
           : d->dims >= 3 ? __sim_texaddr(d, 2, z, (int)d->d) : 0;
  if (ix < 0 || iy < 0 || iz < 0) return -1;
  return ((long long)iz * d->h + iy) * d->w + ix;
}
/* channel c of a fetch at (x, y, z) (z: the layer of a layered texture) */
template <class E>
__SIM_DEV E __sim_texfetch1(const struct __sim_texdesc *d, float x, float y, float z, int c) {
  unsigned fd = d->layered ? d->dims : 3; /* dimensions that filter */
  x = __sim_texcoord(d, x, d->w);
  y = __sim_texcoord(d, y, d->h);
  int layer = (int)z;
  if (!d->layered) z = __sim_texcoord(d, z, d->d);
  if (d->filter != cudaFilterModeLinear) {
    long long k = __sim_texidx(d, (int)__builtin_floorf(x), (int)__builtin_floorf(y),
                               d->layered ? layer : (int)__builtin_floorf(z));
    return k < 0 ? (E)0 : __sim_texel<E>(d, k, c);
  }
  int i, j = 0, l = d->layered ? layer : 0;
  float a = __sim_texweight(x - 0.5f, &i), b = 0.0f, cw = 0.0f;
  if (d->dims >= 2) b = __sim_texweight(y - 0.5f, &j);
  if (d->dims >= 3 && fd >= 3) cw = __sim_texweight(z - 0.5f, &l);
  int nz = d->dims >= 3 && fd >= 3 ? 2 : 1, ny = d->dims >= 2 ? 2 : 1;
  float r = 0.0f;
  for (int dz = 0; dz < nz; dz++)
    for (int dy = 0; dy < ny; dy++) {
      float wyz = (ny == 2 ? (dy ? b : 1.0f - b) : 1.0f) * (nz == 2 ? (dz ? cw : 1.0f - cw) : 1.0f);
      long long k0 = __sim_texidx(d, i, j + dy, l + dz), k1 = __sim_texidx(d, i + 1, j + dy, l + dz);
      float t0 = k0 < 0 ? 0.0f : __sim_texel_f(d, k0, c);
      float t1 = k1 < 0 ? 0.0f : __sim_texel_f(d, k1, c);
      r += wyz * ((1.0f - a) * t0 + a * t1);
    }
  return (E)r;
}
/* a fetch of T texels (every channel) */
template <class T>
__SIM_DEV T __sim_texfetch(const struct __sim_texdesc *d, float x, float y, float z) {
  typedef typename __sim_ch<T>::E E;
  T r;
  for (int c = 0; c < __sim_ch<T>::n; c++) ((E *)&r)[c] = __sim_texfetch1<E>(d, x, y, z, c);
  return r;
}
/* linear memory: an integer index, 0 outside */
template <class T> __SIM_DEV T __sim_texindex(const struct __sim_texdesc *d, int x) {
  typedef typename __sim_ch<T>::E E;
  T r;
  for (int c = 0; c < __sim_ch<T>::n; c++)
    ((E *)&r)[c] = x < 0 || (unsigned)x >= d->w ? (E)0 : __sim_texel<E>(d, x, c);
  return r;
}

/* texture objects */
template <class T> __SIM_DEV T tex1Dfetch(cudaTextureObject_t t, int x) {
  return __sim_texindex<T>(__SIM_TEX(t, __sim_ti<T, 1 | __SIM_TI_INDEX>::v), x);
}
template <class T> __SIM_DEV T tex1D(cudaTextureObject_t t, float x) {
  return __sim_texfetch<T>(__SIM_TEX(t, __sim_ti<T, 1>::v), x, 0.0f, 0.0f);
}
template <class T> __SIM_DEV T tex2D(cudaTextureObject_t t, float x, float y) {
  return __sim_texfetch<T>(__SIM_TEX(t, __sim_ti<T, 2>::v), x, y, 0.0f);
}
template <class T>
__SIM_DEV T tex3D(cudaTextureObject_t t, float x, float y, float z) {
  return __sim_texfetch<T>(__SIM_TEX(t, __sim_ti<T, 3>::v), x, y, z);
}
/* one mipmap level: level 0 */
template <class T>
__SIM_DEV T tex1DLod(cudaTextureObject_t t, float x, float level) {
  (void)level;
  return tex1D<T>(t, x);
}
template <class T>
__SIM_DEV T tex2DLod(cudaTextureObject_t t, float x, float y, float level) {
  (void)level;
  return tex2D<T>(t, x, y);
}
/* cubemaps: the direction (x, y, z) picks the face of its major axis (a
 * layer 0..5: +x -x +y -y +z -z) and the point on it, as CUDA's table of
 * cubemap fetches says; read as a 6-layer 2-D texture */
template <class T>
__SIM_DEV T __sim_texcube(cudaTextureObject_t t, float x, float y, float z, int layer) {
  float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y), az = __builtin_fabsf(z);
  int face;
  float sc, tc, ma;
  if (ax >= ay && ax >= az) { face = x >= 0 ? 0 : 1; ma = ax; sc = x >= 0 ? -z : z; tc = -y; }
  else if (ay >= az) { face = y >= 0 ? 2 : 3; ma = ay; sc = x; tc = y >= 0 ? z : -z; }
  else { face = z >= 0 ? 4 : 5; ma = az; sc = z >= 0 ? x : -x; tc = -y; }
  const struct __sim_texdesc *d = __SIM_TEX(t, __sim_ti<T, 2 | __SIM_TI_LAYERED>::v);
  float s = ma > 0 ? (sc / ma + 1.0f) * 0.5f : 0.5f, u = ma > 0 ? (tc / ma + 1.0f) * 0.5f : 0.5f;
  if (!d->norm) { s *= (float)d->w; u *= (float)d->h; }
  return __sim_texfetch<T>(d, s, u, (float)(layer * 6 + face));
}
template <class T>
__SIM_DEV T texCubemap(cudaTextureObject_t t, float x, float y, float z) {
  return __sim_texcube<T>(t, x, y, z, 0);
}
template <class T>
__SIM_DEV T texCubemapLayered(cudaTextureObject_t t, float x, float y, float z, int layer) {
  return __sim_texcube<T>(t, x, y, z, layer);
}
template <class T>
__SIM_DEV T texCubemapLod(cudaTextureObject_t t, float x, float y, float z, float level) {
  (void)level;
  return __sim_texcube<T>(t, x, y, z, 0);
}
/* layered textures: a layer index, clamped to the layers */
template <class T> __SIM_DEV T tex1DLayered(cudaTextureObject_t t, float x, int layer) {
  return __sim_texfetch<T>(__SIM_TEX(t, __sim_ti<T, 1 | __SIM_TI_LAYERED>::v), x, 0.0f,
                           (float)layer);
}
template <class T>
__SIM_DEV T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) {
  return __sim_texfetch<T>(__SIM_TEX(t, __sim_ti<T, 2 | __SIM_TI_LAYERED>::v), x, y,
                           (float)layer);
}

/* surface objects: the byte offset of (x bytes, y) for an access of n
 * bytes, or -1 (Zero mode out of range: nothing) */
__SIM_DEV long long __sim_surfoff(const struct __sim_texdesc *d, int x, int y, unsigned n,
                                  cudaSurfaceBoundaryMode m) {
  long long rowb = (long long)d->w * d->esize;
  int h = d->dims >= 2 ? (int)d->h : 1;
  if (d->surface == 2) m = cudaBoundaryModeZero;
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
__SIM_DEV void __sim_surfread(T *out, const struct __sim_texdesc *d, int x, int y,
                              cudaSurfaceBoundaryMode m) {
  long long o = __sim_surfoff(d, x, y, sizeof(T), m);
  if (o < 0) __builtin_memset(out, 0, sizeof(T));
  else *out = *(const T *)(__sim_texels(d) + o);
}
template <class T>
__SIM_DEV void __sim_surfwrite(T v, const struct __sim_texdesc *d, int x, int y,
                               cudaSurfaceBoundaryMode m) {
  long long o = __sim_surfoff(d, x, y, sizeof(T), m);
  if (o >= 0) *(T *)((char *)__sim_texels(d) + o) = v;
}
template <class T>
__SIM_DEV void surf2Dread(T *out, cudaSurfaceObject_t s, int x, int y,
                          cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfread(out, __SIM_TEX(s, __sim_ti<T, 2 | __SIM_TI_SURFACE>::v), x, y, m);
}
template <class T>
__SIM_DEV T surf2Dread(cudaSurfaceObject_t s, int x, int y,
                       cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  T v;
  surf2Dread(&v, s, x, y, m);
  return v;
}
template <class T>
__SIM_DEV void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y,
                           cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfwrite(v, __SIM_TEX(s, __sim_ti<T, 2 | __SIM_TI_SURFACE>::v), x, y, m);
}
template <class T>
__SIM_DEV void surf1Dwrite(T v, cudaSurfaceObject_t s, int x,
                           cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfwrite(v, __SIM_TEX(s, __sim_ti<T, 1 | __SIM_TI_SURFACE>::v), x, 0, m);
}
template <class T>
__SIM_DEV void surf1Dread(T *out, cudaSurfaceObject_t s, int x,
                          cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfread(out, __SIM_TEX(s, __sim_ti<T, 1 | __SIM_TI_SURFACE>::v), x, 0, m);
}
template <class T>
__SIM_DEV T surf1Dread(cudaSurfaceObject_t s, int x,
                       cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  T v;
  surf1Dread(&v, s, x, m);
  return v;
}

/* legacy references: the handle clang reads from the reference (a 64-bit
 * value, moved out of the texture<> type as clang's own headers do), then
 * the fetches of objects. The result type: T, or with
 * cudaReadModeNormalizedFloat float of T's channels. */
template <class T> __SIM_DEV unsigned long long __sim_refh(T r) {
  unsigned long long h;
  asm("mov.b64 %0, %1;" : "=l"(h) : "l"(r));
  return h;
}
template <class T, int mode> struct __sim_rt { typedef T type; };
template <class T> struct __sim_rt<T, cudaReadModeNormalizedFloat> {
  typedef float type;
};
#define __SIM_RT(V)                                                            \
  template <> struct __sim_rt<V##2, cudaReadModeNormalizedFloat> { typedef float2 type; }; \
  template <> struct __sim_rt<V##4, cudaReadModeNormalizedFloat> { typedef float4 type; };
__SIM_RT(char)
__SIM_RT(uchar)
__SIM_RT(short)
__SIM_RT(ushort)
#undef __SIM_RT
#define __SIM_REF_TI(B)                                                        \
  (__sim_ti<T, (B) | (mode == cudaReadModeNormalizedFloat ? __SIM_TI_NFLOAT : 0u)>::v)
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV typename __sim_rt<T, mode>::type tex1Dfetch(texture<T, dim, mode> t, int x) {
  return __sim_texindex<typename __sim_rt<T, mode>::type>(
      __SIM_TEX(__sim_refh(t), __SIM_REF_TI(1 | __SIM_TI_INDEX)), x);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV typename __sim_rt<T, mode>::type tex1D(texture<T, dim, mode> t, float x) {
  return __sim_texfetch<typename __sim_rt<T, mode>::type>(
      __SIM_TEX(__sim_refh(t), __SIM_REF_TI(1)), x, 0.0f, 0.0f);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV typename __sim_rt<T, mode>::type tex2D(texture<T, dim, mode> t, float x, float y) {
  return __sim_texfetch<typename __sim_rt<T, mode>::type>(
      __SIM_TEX(__sim_refh(t), __SIM_REF_TI(2)), x, y, 0.0f);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV typename __sim_rt<T, mode>::type tex3D(texture<T, dim, mode> t, float x, float y,
                                                 float z) {
  return __sim_texfetch<typename __sim_rt<T, mode>::type>(
      __SIM_TEX(__sim_refh(t), __SIM_REF_TI(3)), x, y, z);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV typename __sim_rt<T, mode>::type tex1DLayered(texture<T, dim, mode> t, float x,
                                                        int layer) {
  return __sim_texfetch<typename __sim_rt<T, mode>::type>(
      __SIM_TEX(__sim_refh(t), __SIM_REF_TI(1 | __SIM_TI_LAYERED)), x, 0.0f, (float)layer);
}
template <class T, int dim, enum cudaTextureReadMode mode>
__SIM_DEV typename __sim_rt<T, mode>::type tex2DLayered(texture<T, dim, mode> t, float x,
                                                        float y, int layer) {
  return __sim_texfetch<typename __sim_rt<T, mode>::type>(
      __SIM_TEX(__sim_refh(t), __SIM_REF_TI(2 | __SIM_TI_LAYERED)), x, y, (float)layer);
}
#undef __SIM_REF_TI
template <class T, int dim>
__SIM_DEV void surf2Dwrite(T v, surface<void, dim> s, int x, int y,
                           cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfwrite(v, __SIM_TEX(__sim_refh(s), __sim_ti<T, 2 | __SIM_TI_SURFACE>::v), x, y, m);
}
template <class T, int dim>
__SIM_DEV void surf2Dread(T *out, surface<void, dim> s, int x, int y,
                          cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfread(out, __SIM_TEX(__sim_refh(s), __sim_ti<T, 2 | __SIM_TI_SURFACE>::v), x, y, m);
}
template <class T, int dim>
__SIM_DEV void surf1Dwrite(T v, surface<void, dim> s, int x,
                           cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfwrite(v, __SIM_TEX(__sim_refh(s), __sim_ti<T, 1 | __SIM_TI_SURFACE>::v), x, 0, m);
}
template <class T, int dim>
__SIM_DEV void surf1Dread(T *out, surface<void, dim> s, int x,
                          cudaSurfaceBoundaryMode m __SIM_DFLT(cudaBoundaryModeTrap)) {
  __sim_surfread(out, __SIM_TEX(__sim_refh(s), __sim_ti<T, 1 | __SIM_TI_SURFACE>::v), x, 0, m);
}

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
