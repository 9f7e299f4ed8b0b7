/* simulee CUDA headers: <mma.h>, warp matrix multiply-accumulate
 * (nvcuda::wmma), declaration-only: written from the CUDA programming
 * guide. Fragments and their element access compile; the warp-wide
 * operations (fill, load, store, mma) are declared without a definition,
 * so a kernel that uses them compiles into calls the interpreter reports
 * unsupported by name. */
#ifndef SIMULEE_MMA_H
#define SIMULEE_MMA_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
#ifndef __CUDA_MMA_H__
#define __CUDA_MMA_H__
#endif
#include "cuda_fp16.h"

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
/* a lane's share of the matrix (the whole tile spread over 32 lanes) */
template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment {
public:
  enum { num_elements = (m * n > m * k ? m * n : m * k) / 32 };
  typedef T element_type;
  typedef T storage_element_type;
  T x[num_elements];
};
template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ void fill_fragment(fragment<Use, m, n, k, T, Layout> &f, const T &v);
template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, Layout> &f,
                                 const T *p, unsigned ldm);
template <typename Use, int m, int n, int k, typename T>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, void> &f,
                                 const T *p, unsigned ldm, layout_t layout);
template <int m, int n, int k, typename T>
__device__ void store_matrix_sync(T *p,
                                  const fragment<accumulator, m, n, k, T, void> &f,
                                  unsigned ldm, layout_t layout);
template <int m, int n, int k, typename TA, typename LA, typename TB,
          typename LB, typename TC, typename TD>
__device__ void mma_sync(fragment<accumulator, m, n, k, TD, void> &d,
                         const fragment<matrix_a, m, n, k, TA, LA> &a,
                         const fragment<matrix_b, m, n, k, TB, LB> &b,
                         const fragment<accumulator, m, n, k, TC, void> &c,
                         bool satf = false);
} // namespace wmma
} // namespace nvcuda

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
