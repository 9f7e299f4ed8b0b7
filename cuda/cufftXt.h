/* simulee CUDA headers: <cufftXt.h>, cuFFT's extensions (written from the
 * cuFFT documentation): cufftXtMakePlanMany (plans by data types, on the
 * one device: runtime/fftxt.c) and the multi-GPU descriptors and calls,
 * which link and return CUFFT_NOT_SUPPORTED with one line on stderr (simulee
 * has one device; multi-GPU programs check the device count first). */
#ifndef SIMULEE_CUFFTXT_H
#define SIMULEE_CUFFTXT_H
#ifndef _CUFFTXT_H_
#define _CUFFTXT_H_
#endif
#include "cufft.h"

#define MAX_CUDA_DESCRIPTOR_GPUS 64
typedef struct cudaXtDesc_t {
  int version;
  int nGPUs;
  int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];
  void *data[MAX_CUDA_DESCRIPTOR_GPUS];
  size_t size[MAX_CUDA_DESCRIPTOR_GPUS];
  void *cudaXtState;
} cudaXtDesc;
typedef enum cudaLibXtDescType_t { LIB_FORMAT_CUFFT = 0x0, LIB_FORMAT_UNDEFINED = 0x1 } cudaLibXtDescType;
typedef struct cudaLibXtDesc_t {
  int version;
  cudaXtDesc *descriptor;
  cudaLibXtDescType library;
  int subFormat;
  void *libDescriptor;
} cudaLibXtDesc;
typedef enum cufftXtSubFormat_t {
  CUFFT_XT_FORMAT_INPUT = 0x00,
  CUFFT_XT_FORMAT_OUTPUT = 0x01,
  CUFFT_XT_FORMAT_INPLACE = 0x02,
  CUFFT_XT_FORMAT_INPLACE_SHUFFLED = 0x03,
  CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 0x04,
  CUFFT_FORMAT_UNDEFINED = 0x05
} cufftXtSubFormat;
typedef enum cufftXtCopyType_t {
  CUFFT_COPY_HOST_TO_DEVICE = 0x00,
  CUFFT_COPY_DEVICE_TO_HOST = 0x01,
  CUFFT_COPY_DEVICE_TO_DEVICE = 0x02,
  CUFFT_COPY_UNDEFINED = 0x03
} cufftXtCopyType;

__SIM_BEGIN_C
__host__ cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int *n,
                                         long long int *inembed, long long int istride,
                                         long long int idist, cudaDataType inputtype,
                                         long long int *onembed, long long int ostride,
                                         long long int odist, cudaDataType outputtype,
                                         long long int batch, size_t *workSize,
                                         cudaDataType executiontype);
__host__ cufftResult cufftXtSetGPUs(cufftHandle plan, int nGPUs, int *whichGPUs);
__host__ cufftResult cufftXtMalloc(cufftHandle plan, cudaLibXtDesc **descriptor,
                                   cufftXtSubFormat format);
__host__ cufftResult cufftXtFree(cudaLibXtDesc *descriptor);
__host__ cufftResult cufftXtMemcpy(cufftHandle plan, void *dst, void *src, cufftXtCopyType type);
__host__ cufftResult cufftXtExecDescriptorC2C(cufftHandle plan, cudaLibXtDesc *input,
                                              cudaLibXtDesc *output, int direction);
__host__ cufftResult cufftXtExecDescriptorZ2Z(cufftHandle plan, cudaLibXtDesc *input,
                                              cudaLibXtDesc *output, int direction);
__host__ cufftResult cufftXtExecDescriptorR2C(cufftHandle plan, cudaLibXtDesc *input,
                                              cudaLibXtDesc *output);
__host__ cufftResult cufftXtExecDescriptorC2R(cufftHandle plan, cudaLibXtDesc *input,
                                              cudaLibXtDesc *output);
__host__ cufftResult cufftXtExecDescriptor(cufftHandle plan, cudaLibXtDesc *input,
                                           cudaLibXtDesc *output, int direction);
__SIM_END_C
#endif
