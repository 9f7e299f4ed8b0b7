/*
 * simulee runtime: cuSPARSE's host objects, which runtime/sparse.c makes
 * (the handle, the legacy matrix descriptor, the generic API's sparse
 * matrix and dense vector and matrix descriptors) and runtime/sparse_ilu.c
 * reads (SpSV, the legacy incomplete factorizations and triangular solves).
 */
#ifndef SIMULEE_RUNTIME_SPARSE_H
#define SIMULEE_RUNTIME_SPARSE_H

#include <stdint.h>

#include "runtime/cuda_types.h"

#define H_MAGIC 0x73696d7370ull /* "simsp" */
#define M_MAGIC 0x73696d736dull
#define V_MAGIC 0x73696d7376ull
#define D_MAGIC 0x73696d7364ull

struct cusparseContext {
  uint64_t magic;
  cudaStream_t stream;
  int pointer_mode;
};
typedef struct spmat {
  uint64_t magic;
  int format;
  long long rows, cols, nnz;
  void *offsets, *indices, *values; /* CSR: rows+1 row offsets, column indices;
                                       CSC: cols+1 column offsets, row indices;
                                       COO: row indices (offsets), column indices */
  int off_type, idx_type, base, type;
  int fill, diag; /* cusparseSpMatSetAttribute (runtime/sparse_ilu.c): the
                     triangle SpSV reads, a unit diagonal (0, 0: lower,
                     non-unit, cuSPARSE's defaults) */
} spmat;
typedef struct dnvec {
  uint64_t magic;
  long long size;
  void *values;
  int type;
} dnvec;
typedef struct dnmat {
  uint64_t magic;
  long long rows, cols, ld;
  void *values;
  int type, order;
} dnmat;
struct cusparseMatDescr {
  int type, fill, diag, base;
};

#endif
