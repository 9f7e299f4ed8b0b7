/* simulee CUDA headers: CUtensorMap, the tensor map of sm_90 bulk tensor
 * copies (cp.async.bulk.tensor), and simulee's own encoding of it.
 *
 * On the GPU a CUtensorMap is 128 opaque bytes that the driver's
 * cuTensorMapEncodeTiled fills on the host and a kernel takes as a
 * `const __grid_constant__ CUtensorMap` parameter. simulee does not run host
 * code: its launch builds the map from `--arg tmap:TYPE:DIMS:BOX[=FILL]`
 * (docs/kernel.md, "--arg values") in the layout below, which the interpreter reads
 * when a cp.async.bulk.tensor copy names the map. The fields are simulee's;
 * code must treat the map as opaque, as it must on the GPU. Dimension 0 is
 * the innermost (contiguous) one. */
#ifndef SIMULEE_TENSORMAP_H
#define SIMULEE_TENSORMAP_H

#define __SIM_TMAP_MAGIC 0x50414d54u /* "TMAP" */
#define __SIM_TMAP_MAX_RANK 5

typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;

typedef struct __attribute__((aligned(64))) CUtensorMap_st {
  unsigned int magic;                  /* byte 0: __SIM_TMAP_MAGIC */
  unsigned int data_type;              /* 4: CUtensorMapDataType */
  unsigned int rank;                   /* 8: dimensions, 1..5 */
  unsigned int elem_size;              /* 12: bytes per element: 1, 2, 4 or 8 */
  void *global_address;                /* 16: the tensor in global memory */
  unsigned int global_dim[5];          /* 24: elements per dimension (1 past rank) */
  unsigned int swizzle;                /* 44: CUtensorMapSwizzle (NONE executed) */
  unsigned long long global_stride[4]; /* 48: bytes between consecutive indices of
                                          dimensions 1..rank-1 (0 past rank) */
  unsigned int box_dim[5];             /* 80: box elements per dimension, 1..256 */
  unsigned int element_strides[5];     /* 100: 1 (others not executed) */
  unsigned int interleave;             /* 120: CUtensorMapInterleave (NONE executed) */
  unsigned int oob_fill;               /* 124: CUtensorMapFloatOOBfill (NONE: zeros) */
} CUtensorMap;

typedef enum CUtensorMapDataType_enum {
  CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0,
  CU_TENSOR_MAP_DATA_TYPE_UINT16,
  CU_TENSOR_MAP_DATA_TYPE_UINT32,
  CU_TENSOR_MAP_DATA_TYPE_INT32,
  CU_TENSOR_MAP_DATA_TYPE_UINT64,
  CU_TENSOR_MAP_DATA_TYPE_INT64,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
  CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ
} CUtensorMapDataType;

typedef enum CUtensorMapInterleave_enum {
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0,
  CU_TENSOR_MAP_INTERLEAVE_16B,
  CU_TENSOR_MAP_INTERLEAVE_32B
} CUtensorMapInterleave;

typedef enum CUtensorMapSwizzle_enum {
  CU_TENSOR_MAP_SWIZZLE_NONE = 0,
  CU_TENSOR_MAP_SWIZZLE_32B,
  CU_TENSOR_MAP_SWIZZLE_64B,
  CU_TENSOR_MAP_SWIZZLE_128B
} CUtensorMapSwizzle;

typedef enum CUtensorMapL2promotion_enum {
  CU_TENSOR_MAP_L2_PROMOTION_NONE = 0,
  CU_TENSOR_MAP_L2_PROMOTION_L2_64B,
  CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
  CU_TENSOR_MAP_L2_PROMOTION_L2_256B
} CUtensorMapL2promotion;

typedef enum CUtensorMapFloatOOBfill_enum {
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
} CUtensorMapFloatOOBfill;

#endif
