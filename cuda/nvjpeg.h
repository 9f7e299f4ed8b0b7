/*
 * simulee's nvjpeg.h: nvJPEG's host API (written from NVIDIA's nvJPEG
 * documentation). Under `simulee run` runtime/jpeg.c runs it on
 * libjpeg-turbo: handles, states, allocators, image information, single,
 * batched and decoupled decoding into device planes, and the encoder
 * (libnvjpeg.so in the toolkit, CUDA::nvjpeg in CMake).
 */
#ifndef NV_JPEG_HEADER
#define NV_JPEG_HEADER /* NVIDIA's guard */
#ifndef NVJPEGAPI
#define NVJPEGAPI /* helper_cuda.h tests it */
#endif

#include <stddef.h>
#include "cuda_runtime_api.h"
#include "library_types.h"

#define NVJPEG_MAX_COMPONENT 4
#define NVJPEG_VER_MAJOR 12
#define NVJPEG_VER_MINOR 0
#define NVJPEG_VER_PATCH 0
#define NVJPEG_VER_BUILD 0

#define NVJPEG_FLAGS_DEFAULT 0
#define NVJPEG_FLAGS_HW_DECODE_NO_PIPELINE 1
#define NVJPEG_FLAGS_ENABLE_MEMORY_POOLS 2
#define NVJPEG_FLAGS_BITSTREAM_STRICT 4
#define NVJPEG_FLAGS_REDUCED_MEMORY_DECODE 8
#define NVJPEG_FLAGS_REDUCED_MEMORY_DECODE_ZERO_COPY 16
#define NVJPEG_FLAGS_UPSAMPLING_WITH_INTERPOLATION 32

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NVJPEG_STATUS_SUCCESS = 0,
  NVJPEG_STATUS_NOT_INITIALIZED = 1,
  NVJPEG_STATUS_INVALID_PARAMETER = 2,
  NVJPEG_STATUS_BAD_JPEG = 3,
  NVJPEG_STATUS_JPEG_NOT_SUPPORTED = 4,
  NVJPEG_STATUS_ALLOCATOR_FAILURE = 5,
  NVJPEG_STATUS_EXECUTION_FAILED = 6,
  NVJPEG_STATUS_ARCH_MISMATCH = 7,
  NVJPEG_STATUS_INTERNAL_ERROR = 8,
  NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED = 9,
  NVJPEG_STATUS_INCOMPLETE_BITSTREAM = 10
} nvjpegStatus_t;

typedef enum {
  NVJPEG_CSS_444 = 0,
  NVJPEG_CSS_422 = 1,
  NVJPEG_CSS_420 = 2,
  NVJPEG_CSS_440 = 3,
  NVJPEG_CSS_411 = 4,
  NVJPEG_CSS_410 = 5,
  NVJPEG_CSS_GRAY = 6,
  NVJPEG_CSS_410V = 7,
  NVJPEG_CSS_UNKNOWN = -1
} nvjpegChromaSubsampling_t;

typedef enum {
  NVJPEG_OUTPUT_UNCHANGED = 0, /* the planes as coded */
  NVJPEG_OUTPUT_YUV = 1,       /* planar Y, Cb, Cr at their sampling */
  NVJPEG_OUTPUT_Y = 2,         /* luma only, in channel[0] */
  NVJPEG_OUTPUT_RGB = 3,       /* planar R, G, B */
  NVJPEG_OUTPUT_BGR = 4,       /* planar B, G, R */
  NVJPEG_OUTPUT_RGBI = 5,      /* interleaved RGB in channel[0] */
  NVJPEG_OUTPUT_BGRI = 6,      /* interleaved BGR in channel[0] */
  NVJPEG_OUTPUT_UNCHANGEDI_U16 = 7,
  NVJPEG_OUTPUT_FORMAT_MAX = 7
} nvjpegOutputFormat_t;

typedef enum {
  NVJPEG_INPUT_RGB = 3,
  NVJPEG_INPUT_BGR = 4,
  NVJPEG_INPUT_RGBI = 5,
  NVJPEG_INPUT_BGRI = 6
} nvjpegInputFormat_t;

typedef enum {
  NVJPEG_BACKEND_DEFAULT = 0,
  NVJPEG_BACKEND_HYBRID = 1,
  NVJPEG_BACKEND_GPU_HYBRID = 2,
  NVJPEG_BACKEND_HARDWARE = 3,
  NVJPEG_BACKEND_GPU_HYBRID_DEVICE = 4,
  NVJPEG_BACKEND_HARDWARE_DEVICE = 5,
  NVJPEG_BACKEND_LOSSLESS_JPEG = 6
} nvjpegBackend_t;

typedef enum {
  NVJPEG_ENCODING_UNKNOWN = 0x0,
  NVJPEG_ENCODING_BASELINE_DCT = 0xc0,
  NVJPEG_ENCODING_EXTENDED_SEQUENTIAL_DCT_HUFFMAN = 0xc1,
  NVJPEG_ENCODING_PROGRESSIVE_DCT_HUFFMAN = 0xc2,
  NVJPEG_ENCODING_LOSSLESS_HUFFMAN = 0xc3
} nvjpegJpegEncoding_t;

typedef enum {
  NVJPEG_SCALE_NONE = 0,
  NVJPEG_SCALE_1_BY_2 = 1,
  NVJPEG_SCALE_1_BY_4 = 2,
  NVJPEG_SCALE_1_BY_8 = 3
} nvjpegScaleFactor_t;

typedef enum {
  NVJPEG_ORIENTATION_UNKNOWN = 0,
  NVJPEG_ORIENTATION_NORMAL = 1,
  NVJPEG_ORIENTATION_FLIP_HORIZONTAL = 2,
  NVJPEG_ORIENTATION_ROTATE_180 = 3,
  NVJPEG_ORIENTATION_FLIP_VERTICAL = 4,
  NVJPEG_ORIENTATION_TRANSPOSE = 5,
  NVJPEG_ORIENTATION_ROTATE_90 = 6,
  NVJPEG_ORIENTATION_TRANSVERSE = 7,
  NVJPEG_ORIENTATION_ROTATE_270 = 8
} nvjpegExifOrientation_t;

/* An image: device planes and their pitches in bytes. */
typedef struct {
  unsigned char *channel[NVJPEG_MAX_COMPONENT];
  size_t pitch[NVJPEG_MAX_COMPONENT];
} nvjpegImage_t;

/* Allocators (0: success, as cudaMalloc's status) */
typedef int (*tDevMalloc)(void **, size_t);
typedef int (*tDevFree)(void *);
typedef int (*tPinnedMalloc)(void **, size_t, unsigned int flags);
typedef int (*tPinnedFree)(void *);
typedef struct {
  tDevMalloc dev_malloc;
  tDevFree dev_free;
} nvjpegDevAllocator_t;
typedef struct {
  tPinnedMalloc pinned_malloc;
  tPinnedFree pinned_free;
} nvjpegPinnedAllocator_t;
typedef int (*tDevMallocV2)(void *ctx, void **ptr, size_t size, cudaStream_t stream);
typedef int (*tDevFreeV2)(void *ctx, void *ptr, size_t size, cudaStream_t stream);
typedef int (*tPinnedMallocV2)(void *ctx, void **ptr, size_t size, cudaStream_t stream);
typedef int (*tPinnedFreeV2)(void *ctx, void *ptr, size_t size, cudaStream_t stream);
typedef struct {
  tDevMallocV2 dev_malloc;
  tDevFreeV2 dev_free;
  void *dev_ctx;
} nvjpegDevAllocatorV2_t;
typedef struct {
  tPinnedMallocV2 pinned_malloc;
  tPinnedFreeV2 pinned_free;
  void *pinned_ctx;
} nvjpegPinnedAllocatorV2_t;

/* Opaque handles */
struct nvjpegHandle;
typedef struct nvjpegHandle *nvjpegHandle_t;
struct nvjpegJpegState;
typedef struct nvjpegJpegState *nvjpegJpegState_t;
struct nvjpegEncoderState;
typedef struct nvjpegEncoderState *nvjpegEncoderState_t;
struct nvjpegEncoderParams;
typedef struct nvjpegEncoderParams *nvjpegEncoderParams_t;
struct nvjpegBufferPinned;
typedef struct nvjpegBufferPinned *nvjpegBufferPinned_t;
struct nvjpegBufferDevice;
typedef struct nvjpegBufferDevice *nvjpegBufferDevice_t;
struct nvjpegJpegStream;
typedef struct nvjpegJpegStream *nvjpegJpegStream_t;
struct nvjpegDecodeParams;
typedef struct nvjpegDecodeParams *nvjpegDecodeParams_t;
struct nvjpegJpegDecoder;
typedef struct nvjpegJpegDecoder *nvjpegJpegDecoder_t;

/* ---- library, handles and states */
nvjpegStatus_t nvjpegGetProperty(libraryPropertyType type, int *value);
nvjpegStatus_t nvjpegGetCudartProperty(libraryPropertyType type, int *value);
nvjpegStatus_t nvjpegCreate(nvjpegBackend_t backend, nvjpegDevAllocator_t *dev_allocator,
                            nvjpegHandle_t *handle);
nvjpegStatus_t nvjpegCreateSimple(nvjpegHandle_t *handle);
nvjpegStatus_t nvjpegCreateEx(nvjpegBackend_t backend, nvjpegDevAllocator_t *dev_allocator,
                              nvjpegPinnedAllocator_t *pinned_allocator, unsigned int flags,
                              nvjpegHandle_t *handle);
nvjpegStatus_t nvjpegCreateExV2(nvjpegBackend_t backend, nvjpegDevAllocatorV2_t *dev_allocator,
                                nvjpegPinnedAllocatorV2_t *pinned_allocator, unsigned int flags,
                                nvjpegHandle_t *handle);
nvjpegStatus_t nvjpegDestroy(nvjpegHandle_t handle);
nvjpegStatus_t nvjpegSetDeviceMemoryPadding(size_t padding, nvjpegHandle_t handle);
nvjpegStatus_t nvjpegGetDeviceMemoryPadding(size_t *padding, nvjpegHandle_t handle);
nvjpegStatus_t nvjpegSetPinnedMemoryPadding(size_t padding, nvjpegHandle_t handle);
nvjpegStatus_t nvjpegGetPinnedMemoryPadding(size_t *padding, nvjpegHandle_t handle);
nvjpegStatus_t nvjpegGetHardwareDecoderInfo(nvjpegHandle_t handle, unsigned int *num_engines,
                                            unsigned int *num_cores_per_engine);
nvjpegStatus_t nvjpegJpegStateCreate(nvjpegHandle_t handle, nvjpegJpegState_t *jpeg_handle);
nvjpegStatus_t nvjpegJpegStateDestroy(nvjpegJpegState_t jpeg_handle);

/* ---- decoding */
nvjpegStatus_t nvjpegGetImageInfo(nvjpegHandle_t handle, const unsigned char *data, size_t length,
                                  int *nComponents, nvjpegChromaSubsampling_t *subsampling,
                                  int *widths, int *heights);
nvjpegStatus_t nvjpegDecode(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                            const unsigned char *data, size_t length,
                            nvjpegOutputFormat_t output_format, nvjpegImage_t *destination,
                            cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeBatchedInitialize(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                                             int batch_size, int max_cpu_threads,
                                             nvjpegOutputFormat_t output_format);
nvjpegStatus_t nvjpegDecodeBatched(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                                   const unsigned char *const *data, const size_t *lengths,
                                   nvjpegImage_t *destinations, cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeBatchedPreAllocate(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                                              int batch_size, int width, int height,
                                              nvjpegChromaSubsampling_t chroma_subsampling,
                                              nvjpegOutputFormat_t output_format);
nvjpegStatus_t nvjpegDecodeBatchedEx(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                                     const unsigned char *const *data, const size_t *lengths,
                                     nvjpegImage_t *destinations,
                                     nvjpegDecodeParams_t *decode_params, cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeBatchedSupported(nvjpegHandle_t handle, nvjpegJpegStream_t jpeg_stream,
                                            int *is_supported);
nvjpegStatus_t nvjpegDecodeBatchedSupportedEx(nvjpegHandle_t handle, nvjpegJpegStream_t jpeg_stream,
                                              nvjpegDecodeParams_t decode_params,
                                              int *is_supported);
nvjpegStatus_t nvjpegDecodeBatchedPhaseOne(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                                           const unsigned char *data, size_t length,
                                           int image_idx, int thread_idx, cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeBatchedPhaseTwo(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                                           cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeBatchedPhaseThree(nvjpegHandle_t handle, nvjpegJpegState_t jpeg_handle,
                                             nvjpegImage_t *destinations, cudaStream_t stream);

/* ---- decoupled decoding: decoders, bitstreams, parameters, buffers */
nvjpegStatus_t nvjpegDecoderCreate(nvjpegHandle_t nvjpeg_handle, nvjpegBackend_t implementation,
                                   nvjpegJpegDecoder_t *decoder_handle);
nvjpegStatus_t nvjpegDecoderDestroy(nvjpegJpegDecoder_t decoder_handle);
nvjpegStatus_t nvjpegDecoderJpegSupported(nvjpegJpegDecoder_t decoder_handle,
                                          nvjpegJpegStream_t jpeg_stream,
                                          nvjpegDecodeParams_t decode_params, int *is_supported);
nvjpegStatus_t nvjpegDecoderStateCreate(nvjpegHandle_t nvjpeg_handle,
                                        nvjpegJpegDecoder_t decoder_handle,
                                        nvjpegJpegState_t *decoder_state);
nvjpegStatus_t nvjpegJpegStreamCreate(nvjpegHandle_t handle, nvjpegJpegStream_t *jpeg_stream);
nvjpegStatus_t nvjpegJpegStreamDestroy(nvjpegJpegStream_t jpeg_stream);
nvjpegStatus_t nvjpegJpegStreamParse(nvjpegHandle_t handle, const unsigned char *data, size_t length,
                                     int save_metadata, int save_stream,
                                     nvjpegJpegStream_t jpeg_stream);
nvjpegStatus_t nvjpegJpegStreamParseHeader(nvjpegHandle_t handle, const unsigned char *data,
                                           size_t length, nvjpegJpegStream_t jpeg_stream);
nvjpegStatus_t nvjpegJpegStreamGetJpegEncoding(nvjpegJpegStream_t jpeg_stream,
                                               nvjpegJpegEncoding_t *jpeg_encoding);
nvjpegStatus_t nvjpegJpegStreamGetFrameDimensions(nvjpegJpegStream_t jpeg_stream,
                                                  unsigned int *width, unsigned int *height);
nvjpegStatus_t nvjpegJpegStreamGetComponentsNum(nvjpegJpegStream_t jpeg_stream,
                                                unsigned int *components_num);
nvjpegStatus_t nvjpegJpegStreamGetComponentDimensions(nvjpegJpegStream_t jpeg_stream,
                                                      unsigned int component, unsigned int *width,
                                                      unsigned int *height);
nvjpegStatus_t nvjpegJpegStreamGetExifOrientation(nvjpegJpegStream_t jpeg_stream,
                                                  nvjpegExifOrientation_t *orientation_flag);
nvjpegStatus_t nvjpegJpegStreamGetSamplePrecision(nvjpegJpegStream_t jpeg_stream,
                                                  unsigned int *precision);
nvjpegStatus_t nvjpegJpegStreamGetChromaSubsampling(nvjpegJpegStream_t jpeg_stream,
                                                    nvjpegChromaSubsampling_t *chroma_subsampling);
nvjpegStatus_t nvjpegDecodeParamsCreate(nvjpegHandle_t handle, nvjpegDecodeParams_t *decode_params);
nvjpegStatus_t nvjpegDecodeParamsDestroy(nvjpegDecodeParams_t decode_params);
nvjpegStatus_t nvjpegDecodeParamsSetOutputFormat(nvjpegDecodeParams_t decode_params,
                                                 nvjpegOutputFormat_t output_format);
nvjpegStatus_t nvjpegDecodeParamsSetROI(nvjpegDecodeParams_t decode_params, int offset_x,
                                        int offset_y, int roi_width, int roi_height);
nvjpegStatus_t nvjpegDecodeParamsSetAllowCMYK(nvjpegDecodeParams_t decode_params, int allow_cmyk);
nvjpegStatus_t nvjpegDecodeParamsSetScaleFactor(nvjpegDecodeParams_t decode_params,
                                                nvjpegScaleFactor_t scale_factor);
nvjpegStatus_t nvjpegDecodeParamsSetExifOrientation(nvjpegDecodeParams_t decode_params,
                                                    nvjpegExifOrientation_t orientation);
nvjpegStatus_t nvjpegBufferPinnedCreate(nvjpegHandle_t handle,
                                        nvjpegPinnedAllocator_t *pinned_allocator,
                                        nvjpegBufferPinned_t *buffer);
nvjpegStatus_t nvjpegBufferPinnedCreateV2(nvjpegHandle_t handle,
                                          nvjpegPinnedAllocatorV2_t *pinned_allocator,
                                          nvjpegBufferPinned_t *buffer);
nvjpegStatus_t nvjpegBufferPinnedDestroy(nvjpegBufferPinned_t buffer);
nvjpegStatus_t nvjpegBufferPinnedRetrieve(nvjpegBufferPinned_t buffer, size_t *size, void **ptr);
nvjpegStatus_t nvjpegBufferPinnedResize(nvjpegBufferPinned_t buffer, size_t size,
                                        cudaStream_t stream);
nvjpegStatus_t nvjpegBufferDeviceCreate(nvjpegHandle_t handle, nvjpegDevAllocator_t *device_allocator,
                                        nvjpegBufferDevice_t *buffer);
nvjpegStatus_t nvjpegBufferDeviceCreateV2(nvjpegHandle_t handle,
                                          nvjpegDevAllocatorV2_t *device_allocator,
                                          nvjpegBufferDevice_t *buffer);
nvjpegStatus_t nvjpegBufferDeviceDestroy(nvjpegBufferDevice_t buffer);
nvjpegStatus_t nvjpegBufferDeviceRetrieve(nvjpegBufferDevice_t buffer, size_t *size, void **ptr);
nvjpegStatus_t nvjpegBufferDeviceResize(nvjpegBufferDevice_t buffer, size_t size,
                                        cudaStream_t stream);
nvjpegStatus_t nvjpegStateAttachPinnedBuffer(nvjpegJpegState_t decoder_state,
                                             nvjpegBufferPinned_t pinned_buffer);
nvjpegStatus_t nvjpegStateAttachDeviceBuffer(nvjpegJpegState_t decoder_state,
                                             nvjpegBufferDevice_t device_buffer);
nvjpegStatus_t nvjpegDecodeJpeg(nvjpegHandle_t handle, nvjpegJpegDecoder_t decoder,
                                nvjpegJpegState_t decoder_state, nvjpegJpegStream_t jpeg_bitstream,
                                nvjpegImage_t *destination, nvjpegDecodeParams_t decode_params,
                                cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeJpegHost(nvjpegHandle_t handle, nvjpegJpegDecoder_t decoder,
                                    nvjpegJpegState_t decoder_state,
                                    nvjpegDecodeParams_t decode_params,
                                    nvjpegJpegStream_t jpeg_stream);
nvjpegStatus_t nvjpegDecodeJpegTransferToDevice(nvjpegHandle_t handle, nvjpegJpegDecoder_t decoder,
                                                nvjpegJpegState_t decoder_state,
                                                nvjpegJpegStream_t jpeg_stream,
                                                cudaStream_t stream);
nvjpegStatus_t nvjpegDecodeJpegDevice(nvjpegHandle_t handle, nvjpegJpegDecoder_t decoder,
                                      nvjpegJpegState_t decoder_state, nvjpegImage_t *destination,
                                      cudaStream_t stream);

/* ---- encoding */
nvjpegStatus_t nvjpegEncoderStateCreate(nvjpegHandle_t handle, nvjpegEncoderState_t *encoder_state,
                                        cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderStateDestroy(nvjpegEncoderState_t encoder_state);
nvjpegStatus_t nvjpegEncoderParamsCreate(nvjpegHandle_t handle, nvjpegEncoderParams_t *encoder_params,
                                         cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderParamsDestroy(nvjpegEncoderParams_t encoder_params);
nvjpegStatus_t nvjpegEncoderParamsSetQuality(nvjpegEncoderParams_t encoder_params, const int quality,
                                             cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderParamsSetEncoding(nvjpegEncoderParams_t encoder_params,
                                              nvjpegJpegEncoding_t etype, cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderParamsSetOptimizedHuffman(nvjpegEncoderParams_t encoder_params,
                                                      const int optimized, cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderParamsSetSamplingFactors(nvjpegEncoderParams_t encoder_params,
                                                     const nvjpegChromaSubsampling_t chroma_subsampling,
                                                     cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderParamsCopyMetadata(nvjpegEncoderState_t encoder_state,
                                               nvjpegEncoderParams_t encode_params,
                                               nvjpegJpegStream_t jpeg_stream, cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderParamsCopyQuantizationTables(nvjpegEncoderParams_t encode_params,
                                                         nvjpegJpegStream_t jpeg_stream,
                                                         cudaStream_t stream);
nvjpegStatus_t nvjpegEncoderParamsCopyHuffmanTables(nvjpegEncoderState_t encoder_state,
                                                    nvjpegEncoderParams_t encode_params,
                                                    nvjpegJpegStream_t jpeg_stream,
                                                    cudaStream_t stream);
nvjpegStatus_t nvjpegEncodeGetBufferSize(nvjpegHandle_t handle,
                                         const nvjpegEncoderParams_t encoder_params,
                                         int image_width, int image_height,
                                         size_t *max_stream_length);
nvjpegStatus_t nvjpegEncodeYUV(nvjpegHandle_t handle, nvjpegEncoderState_t encoder_state,
                               const nvjpegEncoderParams_t encoder_params,
                               const nvjpegImage_t *source,
                               nvjpegChromaSubsampling_t chroma_subsampling, int image_width,
                               int image_height, cudaStream_t stream);
nvjpegStatus_t nvjpegEncodeImage(nvjpegHandle_t handle, nvjpegEncoderState_t encoder_state,
                                 const nvjpegEncoderParams_t encoder_params,
                                 const nvjpegImage_t *source, nvjpegInputFormat_t input_format,
                                 int image_width, int image_height, cudaStream_t stream);
nvjpegStatus_t nvjpegEncodeRetrieveBitstreamDevice(nvjpegHandle_t handle,
                                                   nvjpegEncoderState_t encoder_state,
                                                   unsigned char *data, size_t *length,
                                                   cudaStream_t stream);
nvjpegStatus_t nvjpegEncodeRetrieveBitstream(nvjpegHandle_t handle,
                                             nvjpegEncoderState_t encoder_state,
                                             unsigned char *data, size_t *length,
                                             cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
