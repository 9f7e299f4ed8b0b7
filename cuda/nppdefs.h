/*
 * simulee's nppdefs.h: NPP's basic types, sizes, status codes and stream
 * context (written from NVIDIA's NPP documentation). The functions simulee
 * runs are declared in nppi.h and npps.h (runtime/npp.c).
 */
#ifndef NV_NPPIDEFS_H
#define NV_NPPIDEFS_H /* NVIDIA's guard: helper headers test it */

#include <stddef.h>
#include <cuda_runtime_api.h>

#define NPP_VERSION_MAJOR 12
#define NPP_VERSION_MINOR 0
#define NPP_VERSION_BUILD 0
#define NPP_VERSION (NPP_VERSION_MAJOR * 1000 + NPP_VERSION_MINOR * 100 + NPP_VERSION_BUILD)

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned char Npp8u;
typedef signed char Npp8s;
typedef unsigned short Npp16u;
typedef short Npp16s;
typedef unsigned int Npp32u;
typedef int Npp32s;
typedef unsigned long long Npp64u;
typedef long long Npp64s;
typedef float Npp32f;
typedef double Npp64f;
typedef struct { short fp16; } Npp16f;
typedef struct { short fp16_0, fp16_1; } Npp16f_2;
typedef struct { Npp8u re, im; } Npp8uc;
typedef struct { Npp16u re, im; } Npp16uc;
typedef struct __attribute__((aligned(4))) { Npp16s re, im; } Npp16sc;
typedef struct { Npp32u re, im; } Npp32uc;
typedef struct __attribute__((aligned(8))) { Npp32s re, im; } Npp32sc;
typedef struct __attribute__((aligned(8))) { Npp32f re, im; } Npp32fc;
typedef struct __attribute__((aligned(16))) { Npp64s re, im; } Npp64sc;
typedef struct __attribute__((aligned(16))) { Npp64f re, im; } Npp64fc;

typedef struct { int major, minor, build; } NppLibraryVersion;
typedef struct { int x, y; } NppiPoint;
typedef struct { Npp32f x, y; } NppiPoint32f;
typedef struct { Npp64f x, y; } NppiPoint64f;
typedef struct { int width, height; } NppiSize;
typedef struct { int x, y, width, height; } NppiRect;
typedef struct { size_t width, height; } NppiSize64;

typedef enum {
  NPP_NOT_SUPPORTED_MODE_ERROR = -9999,
  NPP_INVALID_HOST_POINTER_ERROR = -1032,
  NPP_INVALID_DEVICE_POINTER_ERROR = -1031,
  NPP_LUT_PALETTE_BITSIZE_ERROR = -1030,
  NPP_ZC_MODE_NOT_SUPPORTED_ERROR = -1028,
  NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY = -1027,
  NPP_TEXTURE_BIND_ERROR = -1024,
  NPP_WRONG_INTERSECTION_ROI_ERROR = -1020,
  NPP_HAAR_CLASSIFIER_PIXEL_MATCH_ERROR = -1006,
  NPP_MEMFREE_ERROR = -1013,
  NPP_MEMSET_ERROR = -1012,
  NPP_MEMCPY_ERROR = -1011,
  NPP_ALIGNMENT_ERROR = -1010,
  NPP_CUDA_KERNEL_EXECUTION_ERROR = -1000,
  NPP_ROUND_MODE_NOT_SUPPORTED_ERROR = -213,
  NPP_QUALITY_INDEX_ERROR = -210,
  NPP_RESIZE_NO_OPERATION_ERROR = -201,
  NPP_OVERFLOW_ERROR = -109,
  NPP_NOT_EVEN_STEP_ERROR = -108,
  NPP_HISTOGRAM_NUMBER_OF_LEVELS_ERROR = -107,
  NPP_LUT_NUMBER_OF_LEVELS_ERROR = -106,
  NPP_CORRUPTED_DATA_ERROR = -61,
  NPP_CHANNEL_ORDER_ERROR = -60,
  NPP_ZERO_MASK_VALUE_ERROR = -59,
  NPP_QUADRANGLE_ERROR = -58,
  NPP_RECTANGLE_ERROR = -57,
  NPP_COEFFICIENT_ERROR = -56,
  NPP_NUMBER_OF_CHANNELS_ERROR = -53,
  NPP_COI_ERROR = -52,
  NPP_DIVISOR_ERROR = -51,
  NPP_CHANNEL_ERROR = -47,
  NPP_STRIDE_ERROR = -37,
  NPP_ANCHOR_ERROR = -34,
  NPP_MASK_SIZE_ERROR = -33,
  NPP_RESIZE_FACTOR_ERROR = -23,
  NPP_INTERPOLATION_ERROR = -22,
  NPP_MIRROR_FLIP_ERROR = -21,
  NPP_MOMENT_00_ZERO_ERROR = -20,
  NPP_THRESHOLD_NEGATIVE_LEVEL_ERROR = -19,
  NPP_THRESHOLD_ERROR = -18,
  NPP_CONTEXT_MATCH_ERROR = -17,
  NPP_FFT_FLAG_ERROR = -16,
  NPP_FFT_ORDER_ERROR = -15,
  NPP_STEP_ERROR = -14,
  NPP_SCALE_RANGE_ERROR = -13,
  NPP_DATA_TYPE_ERROR = -12,
  NPP_OUT_OFF_RANGE_ERROR = -11,
  NPP_DIVIDE_BY_ZERO_ERROR = -10,
  NPP_MEMORY_ALLOCATION_ERR = -9,
  NPP_NULL_POINTER_ERROR = -8,
  NPP_RANGE_ERROR = -7,
  NPP_SIZE_ERROR = -6,
  NPP_BAD_ARGUMENT_ERROR = -5,
  NPP_NO_MEMORY_ERROR = -4,
  NPP_NOT_IMPLEMENTED_ERROR = -3,
  NPP_ERROR = -2,
  NPP_ERROR_RESERVED = -1,
  NPP_NO_ERROR = 0,
  NPP_SUCCESS = NPP_NO_ERROR,
  NPP_NO_OPERATION_WARNING = 1,
  NPP_DIVIDE_BY_ZERO_WARNING = 6,
  NPP_AFFINE_QUAD_INCORRECT_WARNING = 28,
  NPP_WRONG_INTERSECTION_ROI_WARNING = 29,
  NPP_WRONG_INTERSECTION_QUAD_WARNING = 30,
  NPP_DOUBLE_SIZE_WARNING = 35,
  NPP_MISALIGNED_DST_ROI_WARNING = 10000
} NppStatus;

typedef enum {
  NPP_BORDER_UNDEFINED = 0,
  NPP_BORDER_NONE = NPP_BORDER_UNDEFINED,
  NPP_BORDER_CONSTANT = 1,
  NPP_BORDER_REPLICATE = 2,
  NPP_BORDER_WRAP = 3,
  NPP_BORDER_MIRROR = 4
} NppiBorderType;

typedef enum { NPP_CMP_LESS, NPP_CMP_LESS_EQ, NPP_CMP_EQ, NPP_CMP_GREATER_EQ, NPP_CMP_GREATER } NppCmpOp;

typedef enum {
  NPP_RND_NEAR, NPP_ROUND_NEAREST_TIES_TO_EVEN = NPP_RND_NEAR,
  NPP_RND_FINANCIAL, NPP_ROUND_NEAREST_TIES_AWAY_FROM_ZERO = NPP_RND_FINANCIAL,
  NPP_RND_ZERO, NPP_ROUND_TOWARD_ZERO = NPP_RND_ZERO
} NppRoundMode;

typedef enum { nppZCR = 0, nppZCXor, nppZCC } NppsZCType;
typedef enum { NPP_HORIZONTAL_AXIS, NPP_VERTICAL_AXIS, NPP_BOTH_AXIS } NppiAxis;
typedef enum { nppiNormInf = 0, nppiNormL1 = 1, nppiNormL2 = 2 } NppiNorm;
typedef enum {
  NPP_MASK_SIZE_1_X_3, NPP_MASK_SIZE_1_X_5, NPP_MASK_SIZE_3_X_1 = 100, NPP_MASK_SIZE_5_X_1,
  NPP_MASK_SIZE_3_X_3 = 200, NPP_MASK_SIZE_5_X_5, NPP_MASK_SIZE_7_X_7 = 400,
  NPP_MASK_SIZE_9_X_9 = 500, NPP_MASK_SIZE_11_X_11 = 600, NPP_MASK_SIZE_13_X_13 = 700,
  NPP_MASK_SIZE_15_X_15 = 800
} NppiMaskSize;

/* the gradient filter of a Canny edge detection */
typedef enum { NPP_FILTER_SOBEL, NPP_FILTER_SCHARR } NppiDifferentialKernel;

/* what a watershed segmentation writes on the boundaries between segments */
typedef enum {
  NPP_WATERSHED_SEGMENT_BOUNDARIES_NONE,
  NPP_WATERSHED_SEGMENT_BOUNDARIES_BLACK,
  NPP_WATERSHED_SEGMENT_BOUNDARIES_WHITE,
  NPP_WATERSHED_SEGMENT_BOUNDARIES_CONTRAST,
  NPP_WATERSHED_SEGMENT_BOUNDARIES_ONLY
} NppiWatershedSegmentBoundaryType;

/* the stream an NPP call runs on, and the device's numbers (the _Ctx calls) */
typedef struct {
  cudaStream_t hStream;
  int nCudaDeviceId;
  int nMultiProcessorCount;
  int nMaxThreadsPerMultiProcessor;
  int nMaxThreadsPerBlock;
  size_t nSharedMemPerBlock;
  int nCudaDevAttrComputeCapabilityMajor;
  int nCudaDevAttrComputeCapabilityMinor;
  unsigned int nStreamFlags;
  int nReserved0;
} NppStreamContext;

#ifdef __cplusplus
}
#endif
#endif
