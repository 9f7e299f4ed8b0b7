/* simulee CUDA headers: <cuda.h>, the CUDA driver API.
 *
 * Files include it mostly out of habit; it provides the version macro, the
 * result type and the handful of driver calls host code uses most, and the
 * runtime API with it. */
#ifndef SIMULEE_CUDA_H
#define SIMULEE_CUDA_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__
#endif

#include "cuda_runtime_api.h"
#include "simulee_tensormap.h"

enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
};
typedef enum cudaError_enum CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
typedef struct CUarray_st *CUarray;
typedef struct CUmipmappedArray_st *CUmipmappedArray;
typedef struct CUtexref_st *CUtexref;
typedef struct CUsurfref_st *CUsurfref;
typedef struct CUgraphicsResource_st *CUgraphicsResource;
typedef struct CUlinkState_st *CUlinkState;
typedef struct CUlib_st *CUlibrary;
typedef struct CUkern_st *CUkernel;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUgraphNode_st *CUgraphNode;
typedef unsigned long long CUmemGenericAllocationHandle;
typedef struct CUuuid_st CUuuid; /* simulee_cuda_types.h */
/* CUDA 13's cuCtxCreate parameters (none of them matters on the CPU) */
typedef struct CUctxCreateParams_st {
  void *execAffinityParams;
  int numExecAffinityParams;
  void *cigParams;
} CUctxCreateParams;

/* the device attributes (the runtime's cudaDevAttr* have the same values) */
typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT = 14,
  CU_DEVICE_ATTRIBUTE_GPU_OVERLAP = 15,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH = 21,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH = 22,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT = 23,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH = 24,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT = 25,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH = 26,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH = 27,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT = 28,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS = 29,
  CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT = 30,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
  CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_TCC_DRIVER = 35,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT = 40,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH = 42,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS = 43,
  CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED = 90,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH = 96,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 103,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED = 104,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED = 105,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 107,
  CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE = 108,
  CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE = 109,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED = 110,
  CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
  CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120,
  CU_DEVICE_ATTRIBUTE_MAX
} CUdevice_attribute;
typedef enum CUcomputemode_enum {
  CU_COMPUTEMODE_DEFAULT = 0,
  CU_COMPUTEMODE_PROHIBITED = 2,
  CU_COMPUTEMODE_EXCLUSIVE_PROCESS = 3
} CUcomputemode;
typedef enum CUfunction_attribute_enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
  CU_FUNC_ATTRIBUTE_MAX
} CUfunction_attribute;
typedef enum CUpointer_attribute_enum {
  CU_POINTER_ATTRIBUTE_CONTEXT = 1,
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_DEVICE_POINTER = 3,
  CU_POINTER_ATTRIBUTE_HOST_POINTER = 4,
  CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
} CUpointer_attribute;
typedef enum CUmemorytype_enum {
  CU_MEMORYTYPE_HOST = 1,
  CU_MEMORYTYPE_DEVICE = 2,
  CU_MEMORYTYPE_ARRAY = 3,
  CU_MEMORYTYPE_UNIFIED = 4
} CUmemorytype;
/* CUDA arrays, 2-D copies and texture / surface objects */
typedef enum CUarray_format_enum {
  CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  CU_AD_FORMAT_SIGNED_INT8 = 0x08,
  CU_AD_FORMAT_SIGNED_INT16 = 0x09,
  CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
  CU_AD_FORMAT_HALF = 0x10,
  CU_AD_FORMAT_FLOAT = 0x20
} CUarray_format;
typedef struct CUDA_ARRAY_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  CUarray_format Format;
  unsigned int NumChannels;
} CUDA_ARRAY_DESCRIPTOR;
typedef struct CUDA_ARRAY3D_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  size_t Depth;
  CUarray_format Format;
  unsigned int NumChannels;
  unsigned int Flags;
} CUDA_ARRAY3D_DESCRIPTOR;
typedef struct CUDA_MEMCPY2D_st {
  size_t srcXInBytes;
  size_t srcY;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  size_t srcPitch;
  size_t dstXInBytes;
  size_t dstY;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  size_t dstPitch;
  size_t WidthInBytes;
  size_t Height;
} CUDA_MEMCPY2D;
typedef enum CUresourcetype_enum {
  CU_RESOURCE_TYPE_ARRAY = 0,
  CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 1,
  CU_RESOURCE_TYPE_LINEAR = 2,
  CU_RESOURCE_TYPE_PITCH2D = 3
} CUresourcetype;
typedef enum CUaddress_mode_enum {
  CU_TR_ADDRESS_MODE_WRAP = 0,
  CU_TR_ADDRESS_MODE_CLAMP = 1,
  CU_TR_ADDRESS_MODE_MIRROR = 2,
  CU_TR_ADDRESS_MODE_BORDER = 3
} CUaddress_mode;
typedef enum CUfilter_mode_enum {
  CU_TR_FILTER_MODE_POINT = 0,
  CU_TR_FILTER_MODE_LINEAR = 1
} CUfilter_mode;
#define CU_TRSF_READ_AS_INTEGER 0x01
#define CU_TRSF_NORMALIZED_COORDINATES 0x02
#define CU_TRSF_SRGB 0x10
#define CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION 0x20
#define CU_TRSF_SEAMLESS_CUBEMAP 0x40
typedef struct CUDA_RESOURCE_DESC_st {
  CUresourcetype resType;
  union {
    struct {
      CUarray hArray;
    } array;
    struct {
      CUmipmappedArray hMipmappedArray;
    } mipmap;
    struct {
      CUdeviceptr devPtr;
      CUarray_format format;
      unsigned int numChannels;
      size_t sizeInBytes;
    } linear;
    struct {
      CUdeviceptr devPtr;
      CUarray_format format;
      unsigned int numChannels;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
} CUDA_RESOURCE_DESC;
typedef struct CUDA_TEXTURE_DESC_st {
  CUaddress_mode addressMode[3];
  CUfilter_mode filterMode;
  unsigned int flags;
  unsigned int maxAnisotropy;
  CUfilter_mode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
} CUDA_TEXTURE_DESC;
typedef struct CUDA_RESOURCE_VIEW_DESC_st {
  int format;
  size_t width, height, depth;
  unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
  unsigned int reserved[16];
} CUDA_RESOURCE_VIEW_DESC;
typedef enum CUjit_option_enum {
  CU_JIT_MAX_REGISTERS = 0,
  CU_JIT_THREADS_PER_BLOCK = 1,
  CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
  CU_JIT_TARGET_FROM_CUCONTEXT = 8,
  CU_JIT_TARGET = 9,
  CU_JIT_FALLBACK_STRATEGY = 10,
  CU_JIT_GENERATE_DEBUG_INFO = 11,
  CU_JIT_LOG_VERBOSE = 12,
  CU_JIT_GENERATE_LINE_INFO = 13,
  CU_JIT_CACHE_MODE = 14,
  CU_JIT_NEW_SM3X_OPT = 15,
  CU_JIT_FAST_COMPILE = 16,
  CU_JIT_GLOBAL_SYMBOL_NAMES = 17,
  CU_JIT_GLOBAL_SYMBOL_ADDRESSES = 18,
  CU_JIT_GLOBAL_SYMBOL_COUNT = 19,
  CU_JIT_LTO = 20,
  CU_JIT_FTZ = 21,
  CU_JIT_PREC_DIV = 22,
  CU_JIT_PREC_SQRT = 23,
  CU_JIT_FMA = 24,
  CU_JIT_REFERENCED_KERNEL_NAMES = 25,
  CU_JIT_REFERENCED_KERNEL_COUNT = 26,
  CU_JIT_REFERENCED_VARIABLE_NAMES = 27,
  CU_JIT_REFERENCED_VARIABLE_COUNT = 28,
  CU_JIT_OPTIMIZE_UNUSED_DEVICE_VARIABLES = 29,
  CU_JIT_POSITION_INDEPENDENT_CODE = 30,
  CU_JIT_MIN_CTA_PER_SM = 31,
  CU_JIT_MAX_THREADS_PER_BLOCK = 32,
  CU_JIT_OVERRIDE_DIRECTIVE_VALUES = 33,
  CU_JIT_NUM_OPTIONS
} CUjit_option;
/* what cuLinkAddData and cuLinkAddFile are given */
typedef enum CUjitInputType_enum {
  CU_JIT_INPUT_CUBIN = 0,
  CU_JIT_INPUT_PTX = 1,
  CU_JIT_INPUT_FATBINARY = 2,
  CU_JIT_INPUT_OBJECT = 3,
  CU_JIT_INPUT_LIBRARY = 4,
  CU_JIT_INPUT_NVVM = 5,
  CU_JIT_NUM_INPUT_TYPES = 6
} CUjitInputType;

/* virtual memory management (cuMemCreate, cuMemAddressReserve, cuMemMap) */
typedef enum CUmemAllocationHandleType_enum {
  CU_MEM_HANDLE_TYPE_NONE = 0x0,
  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 0x1,
  CU_MEM_HANDLE_TYPE_WIN32 = 0x2,
  CU_MEM_HANDLE_TYPE_WIN32_KMT = 0x4,
  CU_MEM_HANDLE_TYPE_FABRIC = 0x8,
  CU_MEM_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationHandleType;
typedef enum CUmemAccess_flags_enum {
  CU_MEM_ACCESS_FLAGS_PROT_NONE = 0x0,
  CU_MEM_ACCESS_FLAGS_PROT_READ = 0x1,
  CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 0x3,
  CU_MEM_ACCESS_FLAGS_PROT_MAX = 0x7FFFFFFF
} CUmemAccess_flags;
typedef enum CUmemLocationType_enum {
  CU_MEM_LOCATION_TYPE_INVALID = 0x0,
  CU_MEM_LOCATION_TYPE_DEVICE = 0x1,
  CU_MEM_LOCATION_TYPE_HOST = 0x2,
  CU_MEM_LOCATION_TYPE_HOST_NUMA = 0x3,
  CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 0x4,
  CU_MEM_LOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemLocationType;
typedef enum CUmemAllocationType_enum {
  CU_MEM_ALLOCATION_TYPE_INVALID = 0x0,
  CU_MEM_ALLOCATION_TYPE_PINNED = 0x1,
  CU_MEM_ALLOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationType;
typedef enum CUmemAllocationGranularity_flags_enum {
  CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0x0,
  CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 0x1
} CUmemAllocationGranularity_flags;
typedef enum CUmemAllocationCompType_enum {
  CU_MEM_ALLOCATION_COMP_NONE = 0x0,
  CU_MEM_ALLOCATION_COMP_GENERIC = 0x1
} CUmemAllocationCompType;
typedef struct CUmemLocation_st {
  CUmemLocationType type;
  int id;
} CUmemLocation;
typedef struct CUmemAllocationProp_st {
  CUmemAllocationType type;                       /* pinned */
  CUmemAllocationHandleType requestedHandleTypes; /* exportable as */
  CUmemLocation location;                         /* a device */
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType; /* CUmemAllocationCompType */
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} CUmemAllocationProp;
typedef struct CUmemAccessDesc_st {
  CUmemLocation location;
  CUmemAccess_flags flags;
} CUmemAccessDesc;
#define CU_LAUNCH_PARAM_END ((void *)0x00)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define CU_STREAM_DEFAULT 0x0
#define CU_STREAM_NON_BLOCKING 0x1
#define CU_EVENT_DEFAULT 0x0
#define CU_EVENT_BLOCKING_SYNC 0x1
#define CU_EVENT_DISABLE_TIMING 0x2
#define CU_CTX_SCHED_AUTO 0x00
#define CU_CTX_SCHED_BLOCKING_SYNC 0x04
#define CU_CTX_MAP_HOST 0x08
#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04
#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02
#define CU_MEM_ATTACH_GLOBAL 0x1
#define CU_MEM_ATTACH_HOST 0x2
typedef enum CUfunc_cache_enum {
  CU_FUNC_CACHE_PREFER_NONE = 0,
  CU_FUNC_CACHE_PREFER_SHARED = 1,
  CU_FUNC_CACHE_PREFER_L1 = 2,
  CU_FUNC_CACHE_PREFER_EQUAL = 3
} CUfunc_cache;

__SIM_BEGIN_C
__host__ CUresult cuInit(unsigned int flags);
__host__ CUresult cuDriverGetVersion(int *version);
__host__ CUresult cuDeviceGet(CUdevice *device, int ordinal);
__host__ CUresult cuDeviceGetCount(int *count);
__host__ CUresult cuDeviceGetName(char *name, int len, CUdevice device);
/* cuCtxCreate as CUDA 12 has it; C++ code may also call CUDA 13's, with a
 * CUctxCreateParams (below) */
__host__ CUresult cuCtxCreate(CUcontext *ctx, unsigned int flags,
                              CUdevice device);
__host__ CUresult cuCtxCreate_v4(CUcontext *ctx, CUctxCreateParams *params, unsigned int flags,
                                 CUdevice device);
__host__ CUresult cuCtxDestroy(CUcontext ctx);
__host__ CUresult cuCtxSynchronize(void);
__host__ CUresult cuMemAlloc(CUdeviceptr *ptr, size_t size);
__host__ CUresult cuMemFree(CUdeviceptr ptr);
__host__ CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t n);
__host__ CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t n);
__host__ CUresult cuGetErrorString(CUresult error, const char **str);
__host__ CUresult cuGetErrorName(CUresult error, const char **str);
/* the driver calls host code makes most (declaration-only) */
__host__ CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attr, CUdevice dev);
__host__ CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev);
__host__ CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev);
__host__ CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev);
__host__ CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev);
__host__ CUresult cuDevicePrimaryCtxRelease(CUdevice dev);
__host__ CUresult cuDevicePrimaryCtxReset(CUdevice dev);
__host__ CUresult cuCtxGetCurrent(CUcontext *ctx);
__host__ CUresult cuCtxSetCurrent(CUcontext ctx);
__host__ CUresult cuCtxPushCurrent(CUcontext ctx);
__host__ CUresult cuCtxPopCurrent(CUcontext *ctx);
__host__ CUresult cuCtxGetDevice(CUdevice *dev);
__host__ CUresult cuModuleLoad(CUmodule *m, const char *path);
__host__ CUresult cuModuleLoadData(CUmodule *m, const void *image);
__host__ CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned int n,
                                     CUjit_option *options, void **values);
__host__ CUresult cuModuleUnload(CUmodule m);
__host__ CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name);
__host__ CUresult cuModuleGetGlobal(CUdeviceptr *p, size_t *bytes, CUmodule m, const char *name);
__host__ CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attr, CUfunction f);
__host__ CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute attr, int value);
__host__ CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                                 unsigned int bx, unsigned int by, unsigned int bz,
                                 unsigned int shared, CUstream s, void **params, void **extra);
__host__ CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gx, unsigned int gy,
                                            unsigned int gz, unsigned int bx, unsigned int by,
                                            unsigned int bz, unsigned int shared, CUstream s,
                                            void **params);
__host__ CUresult cuMemAllocHost(void **p, size_t size);
__host__ CUresult cuMemFreeHost(void *p);
__host__ CUresult cuMemAllocManaged(CUdeviceptr *p, size_t size, unsigned int flags);
__host__ CUresult cuMemAllocPitch(CUdeviceptr *p, size_t *pitch, size_t width, size_t height,
                                  unsigned int elem_bytes);
__host__ CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t n);
__host__ CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t n);
__host__ CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t n, CUstream s);
__host__ CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t n, CUstream s);
__host__ CUresult cuMemsetD8(CUdeviceptr p, unsigned char v, size_t n);
__host__ CUresult cuMemsetD32(CUdeviceptr p, unsigned int v, size_t n);
__host__ CUresult cuMemsetD32Async(CUdeviceptr p, unsigned int v, size_t n, CUstream s);
__host__ CUresult cuMemGetInfo(size_t *free_bytes, size_t *total_bytes);
__host__ CUresult cuMemGetAddressRange(CUdeviceptr *base, size_t *size, CUdeviceptr p);
__host__ CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attr, CUdeviceptr p);
__host__ CUresult cuStreamCreate(CUstream *s, unsigned int flags);
__host__ CUresult cuStreamDestroy(CUstream s);
__host__ CUresult cuStreamSynchronize(CUstream s);
__host__ CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned int flags);
__host__ CUresult cuEventCreate(CUevent *e, unsigned int flags);
__host__ CUresult cuEventDestroy(CUevent e);
__host__ CUresult cuEventRecord(CUevent e, CUstream s);
__host__ CUresult cuEventSynchronize(CUevent e);
__host__ CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end);
__host__ CUresult cuTexObjectDestroy(CUtexObject t);
__host__ CUresult cuSurfObjectDestroy(CUsurfObject s);
__host__ CUresult cuArrayDestroy(CUarray a);
__host__ CUresult cuArrayCreate(CUarray *a, const CUDA_ARRAY_DESCRIPTOR *desc);
__host__ CUresult cuArray3DCreate(CUarray *a, const CUDA_ARRAY3D_DESCRIPTOR *desc);
__host__ CUresult cuMemcpy2D(const CUDA_MEMCPY2D *copy);
__host__ CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *copy);
__host__ CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *copy, CUstream s);
__host__ CUresult cuTexObjectCreate(CUtexObject *t, const CUDA_RESOURCE_DESC *res,
                                    const CUDA_TEXTURE_DESC *tex,
                                    const CUDA_RESOURCE_VIEW_DESC *view);
__host__ CUresult cuSurfObjectCreate(CUsurfObject *s, const CUDA_RESOURCE_DESC *res);
__host__ CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, CUfunction f,
                                                              int block_size, size_t dyn_shared);
typedef size_t (*CUoccupancyB2DSize)(int blockSize);
__host__ CUresult cuOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, CUfunction f,
                                                   CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                   size_t dynamicSMemSize, int blockSizeLimit);
__host__ CUresult cuGetProcAddress(const char *symbol, void **fn, int version,
                                   unsigned long long flags, void *status);
__host__ CUresult cuLibraryLoadFromFile(CUlibrary *lib, const char *path, CUjit_option *jit_opts,
                                        void **jit_values, unsigned int njit, void *lib_opts,
                                        void **lib_values, unsigned int nlib);
__host__ CUresult cuLibraryGetKernel(CUkernel *k, CUlibrary lib, const char *name);
__host__ CUresult cuLibraryUnload(CUlibrary lib);
__host__ CUresult cuModuleLoadFatBinary(CUmodule *m, const void *image);
__host__ CUresult cuDeviceCanAccessPeer(int *can, CUdevice dev, CUdevice peer);
__host__ CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev);
__host__ CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version);
__host__ CUresult cuCtxSetCacheConfig(CUfunc_cache config);
__host__ CUresult cuCtxGetCacheConfig(CUfunc_cache *config);
__host__ CUresult cuFuncSetCacheConfig(CUfunction f, CUfunc_cache config);
__host__ CUresult cuMemHostAlloc(void **p, size_t size, unsigned int flags);
__host__ CUresult cuMemHostGetDevicePointer(CUdeviceptr *d, void *p, unsigned int flags);
__host__ CUresult cuMemHostRegister(void *p, size_t size, unsigned int flags);
__host__ CUresult cuMemHostUnregister(void *p);
__host__ CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s);
__host__ CUresult cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s);
__host__ CUresult cuMemsetD16(CUdeviceptr p, unsigned short v, size_t n);
__host__ CUresult cuMemsetD8Async(CUdeviceptr p, unsigned char v, size_t n, CUstream s);
__host__ CUresult cuStreamQuery(CUstream s);
__host__ CUresult cuEventQuery(CUevent e);
__host__ CUresult cuLinkCreate(unsigned int n, CUjit_option *options, void **values,
                               CUlinkState *state);
__host__ CUresult cuLinkAddData(CUlinkState state, CUjitInputType type, void *data, size_t size,
                                const char *name, unsigned int n, CUjit_option *options,
                                void **values);
__host__ CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path,
                                unsigned int n, CUjit_option *options, void **values);
__host__ CUresult cuLinkComplete(CUlinkState state, void **image, size_t *size);
__host__ CUresult cuLinkDestroy(CUlinkState state);
__host__ CUresult cuCtxEnablePeerAccess(CUcontext peer, unsigned int flags);
__host__ CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment,
                                      CUdeviceptr addr, unsigned long long flags);
__host__ CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size);
__host__ CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size,
                              const CUmemAllocationProp *prop, unsigned long long flags);
__host__ CUresult cuMemRelease(CUmemGenericAllocationHandle handle);
__host__ CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
                           CUmemGenericAllocationHandle handle, unsigned long long flags);
__host__ CUresult cuMemUnmap(CUdeviceptr ptr, size_t size);
__host__ CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc,
                                 size_t count);
__host__ CUresult cuMemGetAccess(unsigned long long *flags, const CUmemLocation *location,
                                 CUdeviceptr ptr);
__host__ CUresult cuMemGetAllocationGranularity(size_t *granularity,
                                                const CUmemAllocationProp *prop,
                                                CUmemAllocationGranularity_flags option);
__host__ CUresult cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *prop,
                                                         CUmemGenericAllocationHandle handle);
__host__ CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle, void *addr);
__host__ CUresult cuMemExportToShareableHandle(void *shareable, CUmemGenericAllocationHandle handle,
                                               CUmemAllocationHandleType type,
                                               unsigned long long flags);
__host__ CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *handle,
                                                 void *os_handle, CUmemAllocationHandleType type);
__host__ CUresult cuProfilerStart(void);
__host__ CUresult cuProfilerStop(void);
/* declared for host code that builds tensor maps; a launch's map comes from
 * --arg tmap:... (simulee_tensormap.h) */
__host__ CUresult cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const cuuint32_t *boxDim, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
__SIM_END_C
#ifdef __cplusplus
/* CUDA 13's cuCtxCreate */
static inline CUresult cuCtxCreate(CUcontext *ctx, CUctxCreateParams *params, unsigned int flags,
                                   CUdevice device) {
  return cuCtxCreate_v4(ctx, params, flags, device);
}
#else
/* C: CUDA 13's cuCtxCreate(ctx, params, flags, device) as well as CUDA 12's
 * (ctx, flags, device), told apart by the number of arguments (a macro that
 * picks the function by the argument it lands on) */
#define __SIM_CTX_CREATE(_1, _2, _3, _4, f, ...) f
#define cuCtxCreate(...) \
  __SIM_CTX_CREATE(__VA_ARGS__, cuCtxCreate_v4, cuCtxCreate, 0)(__VA_ARGS__)
#endif

#endif
