/* simulee CUDA headers: <mma.h>, warp matrix multiply-accumulate
 * (nvcuda::wmma), written from the CUDA programming guide.
 *
 * A fragment's element layout across the warp is unspecified in CUDA; in
 * simulee every lane holds the whole tile (num_elements is the tile's size,
 * x[] its elements in row-major order), so the element-wise loops code
 * writes over x[0 .. num_elements) do the same on every lane and keep the
 * copies equal. load_matrix_sync reads the whole tile in every lane;
 * store_matrix_sync writes it once, each lane its own rows (lanes 0..31,
 * rows r with r % 32 == lane), so the detectors see one write per element;
 * mma_sync computes D = A * B + C in every lane, in the accumulator's
 * arithmetic (float for half, bfloat16, tf32 and float inputs with a float
 * or half accumulator, double for double, int for 8-bit integers), the
 * products summed in k order. Shapes: any m, n, k (16x16x16, 32x8x16,
 * 8x32x16, 16x16x8 tf32, 8x8x4 double, ...). Sub-byte types (experimental
 * u4/s4/b1) are not supported. */
#ifndef SIMULEE_MMA_H
#define SIMULEE_MMA_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
#ifndef __CUDA_MMA_H__
#define __CUDA_MMA_H__
#endif
#include "cuda_fp16.h"
#include "cuda_bf16.h"

namespace nvcuda {
namespace wmma {
struct matrix_a;
struct matrix_b;
struct accumulator;
struct row_major;
struct col_major;
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32;
}

namespace __sim {
/* what a fragment of T stores (tf32 data is held in floats) */
template <typename T> struct storage { typedef T type; };
template <> struct storage<precision::tf32> { typedef float type; };
/* the tile a use covers: rows x cols */
template <typename Use, int m, int n, int k> struct tile;
template <int m, int n, int k> struct tile<matrix_a, m, n, k> { enum { rows = m, cols = k }; };
template <int m, int n, int k> struct tile<matrix_b, m, n, k> { enum { rows = k, cols = n }; };
template <int m, int n, int k> struct tile<accumulator, m, n, k> { enum { rows = m, cols = n }; };
/* a value in the arithmetic of an accumulator of type D, and back */
template <typename D> struct arith { typedef float type; };
template <> struct arith<double> { typedef double type; };
template <> struct arith<int> { typedef int type; };
__device__ __forceinline__ float widen(__half v) { return __half2float(v); }
__device__ __forceinline__ float widen(__nv_bfloat16 v) { return __bfloat162float(v); }
__device__ __forceinline__ float widen(float v) { return v; }
__device__ __forceinline__ double widen(double v) { return v; }
__device__ __forceinline__ int widen(int v) { return v; }
__device__ __forceinline__ int widen(signed char v) { return v; }
__device__ __forceinline__ int widen(unsigned char v) { return v; }
template <typename T> struct narrow {
  template <typename A> __device__ static __forceinline__ T go(A v) { return (T)v; }
};
template <> struct narrow<__half> {
  template <typename A> __device__ static __forceinline__ __half go(A v) { return __float2half((float)v); }
};
template <> struct narrow<__nv_bfloat16> {
  template <typename A> __device__ static __forceinline__ __nv_bfloat16 go(A v) {
    return __float2bfloat16((float)v);
  }
};
/* the element (r, c) of a tile at p with leading dimension ldm */
__device__ __forceinline__ unsigned at(unsigned r, unsigned c, unsigned ldm, bool row_major) {
  return row_major ? r * ldm + c : c * ldm + r;
}
template <typename L> struct is_row { enum { value = 0 }; };
template <> struct is_row<row_major> { enum { value = 1 }; };
} // namespace __sim

/* a lane's copy of the tile (the whole of it: see above) */
template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment {
public:
  typedef typename __sim::storage<T>::type storage_element_type;
  typedef storage_element_type element_type;
  enum {
    num_elements = (int)__sim::tile<Use, m, n, k>::rows * (int)__sim::tile<Use, m, n, k>::cols
  };
  storage_element_type x[num_elements];
};

/* every element v (the fragment's own storage type: fill_fragment(f, 0) of
 * an int fragment with 0.0f converts, as CUDA's does) */
template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ __forceinline__ void
fill_fragment(fragment<Use, m, n, k, T, Layout> &f,
              const typename fragment<Use, m, n, k, T, Layout>::storage_element_type &v) {
  for (int i = 0; i < f.num_elements; i++) f.x[i] = v;
}

/* matrix_a / matrix_b: the layout is the fragment's */
template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ __forceinline__ void
load_matrix_sync(fragment<Use, m, n, k, T, Layout> &f,
                 const typename fragment<Use, m, n, k, T, Layout>::storage_element_type *p,
                 unsigned ldm) {
  typedef __sim::tile<Use, m, n, k> t;
  for (unsigned r = 0; r < (unsigned)t::rows; r++)
    for (unsigned c = 0; c < (unsigned)t::cols; c++)
      f.x[r * t::cols + c] = p[__sim::at(r, c, ldm, __sim::is_row<Layout>::value)];
  __syncwarp();
}
/* the accumulator: the layout is the call's */
template <int m, int n, int k, typename T>
__device__ __forceinline__ void load_matrix_sync(fragment<accumulator, m, n, k, T, void> &f,
                                                 const T *p, unsigned ldm, layout_t layout) {
  for (unsigned r = 0; r < (unsigned)m; r++)
    for (unsigned c = 0; c < (unsigned)n; c++)
      f.x[r * n + c] = p[__sim::at(r, c, ldm, layout == mem_row_major)];
  __syncwarp();
}
template <int m, int n, int k, typename T>
__device__ __forceinline__ void store_matrix_sync(T *p,
                                                  const fragment<accumulator, m, n, k, T, void> &f,
                                                  unsigned ldm, layout_t layout) {
  __syncwarp();
  unsigned lane = __nvvm_read_ptx_sreg_laneid();
  for (unsigned r = lane; r < (unsigned)m; r += 32)
    for (unsigned c = 0; c < (unsigned)n; c++)
      p[__sim::at(r, c, ldm, layout == mem_row_major)] = f.x[r * n + c];
  __syncwarp();
}
template <int m, int n, int k, typename TA, typename LA, typename TB, typename LB, typename TC,
          typename TD>
__device__ __forceinline__ void mma_sync(fragment<accumulator, m, n, k, TD, void> &d,
                                         const fragment<matrix_a, m, n, k, TA, LA> &a,
                                         const fragment<matrix_b, m, n, k, TB, LB> &b,
                                         const fragment<accumulator, m, n, k, TC, void> &c,
                                         bool satf = false) {
  typedef typename __sim::arith<TD>::type A;
  (void)satf;
  TD out[m * n]; /* d may be c */
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      A acc = (A)__sim::widen(c.x[i * n + j]);
      for (int q = 0; q < k; q++)
        acc += (A)__sim::widen(a.x[i * k + q]) * (A)__sim::widen(b.x[q * n + j]);
      out[i * n + j] = __sim::narrow<TD>::go(acc);
    }
  for (int i = 0; i < m * n; i++) d.x[i] = out[i];
}
/* a float rounded to tf32 (10 mantissa bits, to nearest even) */
__device__ __forceinline__ float __float_to_tf32(float v) {
  unsigned u = __float_as_uint(v);
  if ((u & 0x7f800000u) != 0x7f800000u) /* finite */
    u = (u + 0xfffu + ((u >> 13) & 1u)) & 0xffffe000u;
  return __uint_as_float(u);
}
} // namespace wmma
} // namespace nvcuda

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
