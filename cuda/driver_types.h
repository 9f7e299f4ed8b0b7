/* simulee CUDA headers: runtime API types (error codes, memcpy kinds,
 * streams, events, device properties, function attributes).
 *
 * Host-side declarations only: simulee compiles the device side of a file,
 * but the host code of the same file must still parse. Enumerator values
 * follow the CUDA runtime documentation. */
#ifndef SIMULEE_CUDA_DRIVER_TYPES_H
#define SIMULEE_CUDA_DRIVER_TYPES_H

#include "host_defines.h"
#include "vector_types.h"
#include <stddef.h>

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidTexture = 18,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInsufficientDriver = 35,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorDeviceNotLicensed = 102,
  cudaErrorInvalidKernelImage = 200,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorInvalidSource = 300,
  cudaErrorFileNotFound = 301,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorPeerAccessAlreadyEnabled = 704,
  cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorAssert = 710,
  cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorHardwareStackError = 714,
  cudaErrorIllegalInstruction = 715,
  cudaErrorMisalignedAddress = 716,
  cudaErrorInvalidAddressSpace = 717,
  cudaErrorInvalidPc = 718,
  cudaErrorLaunchFailure = 719,
  cudaErrorCooperativeLaunchTooLarge = 720,
  cudaErrorNotPermitted = 800,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

/* opaque handles */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status,
                                     void *user_data);
typedef void (*cudaHostFn_t)(void *user_data);

#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};

enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
  cudaFuncAttributeMax
};

enum cudaLimit {
  cudaLimitStackSize = 0x00,
  cudaLimitPrintfFifoSize = 0x01,
  cudaLimitMallocHeapSize = 0x02,
  cudaLimitDevRuntimeSyncDepth = 0x03,
  cudaLimitDevRuntimePendingLaunchCount = 0x04,
  cudaLimitMaxL2FetchGranularity = 0x05,
  cudaLimitPersistingL2CacheSize = 0x06
};

enum cudaComputeMode {
  cudaComputeModeDefault = 0,
  cudaComputeModeExclusive = 1,
  cudaComputeModeProhibited = 2,
  cudaComputeModeExclusiveProcess = 3
};

enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};

enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1,
  cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3,
  cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5,
  cudaMemAdviseUnsetAccessedBy = 6
};

enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxPitch = 11,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13,
  cudaDevAttrTextureAlignment = 14,
  cudaDevAttrGpuOverlap = 15,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrKernelExecTimeout = 17,
  cudaDevAttrIntegrated = 18,
  cudaDevAttrCanMapHostMemory = 19,
  cudaDevAttrComputeMode = 20,
  cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrManagedMemory = 83,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106
};

/* the properties cudaGetDeviceProperties fills in */
struct cudaDeviceProp {
  char name[256];                   /* device name */
  char uuid[16];                    /* device UUID bytes */
  char luid[8];                     /* Windows LUID */
  unsigned int luidDeviceNodeMask;  /* Windows LUID node mask */
  size_t totalGlobalMem;            /* global memory, bytes */
  size_t sharedMemPerBlock;         /* shared memory per block, bytes */
  int regsPerBlock;                 /* 32-bit registers per block */
  int warpSize;                     /* threads per warp */
  size_t memPitch;                  /* max pitch of cudaMallocPitch, bytes */
  int maxThreadsPerBlock;           /* max threads per block */
  int maxThreadsDim[3];             /* max block extents */
  int maxGridSize[3];               /* max grid extents */
  int clockRate;                    /* clock, kHz */
  size_t totalConstMem;             /* constant memory, bytes */
  int major;                        /* compute capability, major */
  int minor;                        /* compute capability, minor */
  size_t textureAlignment;          /* texture base alignment */
  size_t texturePitchAlignment;     /* pitch alignment of 2D textures */
  int deviceOverlap;                /* copy/compute overlap (deprecated) */
  int multiProcessorCount;          /* streaming multiprocessors */
  int kernelExecTimeoutEnabled;     /* run time limit on kernels */
  int integrated;                   /* integrated GPU */
  int canMapHostMemory;             /* host memory mappable */
  int computeMode;                  /* a cudaComputeMode */
  int maxTexture1D;                 /* max 1D texture size */
  int maxTexture2D[2];              /* max 2D texture extents */
  int maxTexture3D[3];              /* max 3D texture extents */
  int concurrentKernels;            /* kernels may run concurrently */
  int ECCEnabled;                   /* ECC memory on */
  int pciBusID;                     /* PCI bus */
  int pciDeviceID;                  /* PCI device */
  int pciDomainID;                  /* PCI domain */
  int tccDriver;                    /* Tesla TCC driver */
  int asyncEngineCount;             /* asynchronous copy engines */
  int unifiedAddressing;            /* unified address space with host */
  int memoryClockRate;              /* memory clock, kHz */
  int memoryBusWidth;               /* memory bus width, bits */
  int l2CacheSize;                  /* L2 cache, bytes */
  int persistingL2CacheMaxSize;     /* max persisting L2, bytes */
  int maxThreadsPerMultiProcessor;  /* resident threads per SM */
  int streamPrioritiesSupported;    /* stream priorities */
  int globalL1CacheSupported;       /* L1 caches globals */
  int localL1CacheSupported;        /* L1 caches locals */
  size_t sharedMemPerMultiprocessor; /* shared memory per SM, bytes */
  int regsPerMultiprocessor;        /* registers per SM */
  int managedMemory;                /* managed memory supported */
  int isMultiGpuBoard;              /* part of a multi-GPU board */
  int multiGpuBoardGroupID;         /* group of a multi-GPU board */
  int hostNativeAtomicSupported;    /* native host atomics */
  int singleToDoublePrecisionPerfRatio; /* fp32 / fp64 throughput */
  int pageableMemoryAccess;         /* pageable host memory access */
  int concurrentManagedAccess;      /* concurrent managed access */
  int computePreemptionSupported;   /* compute preemption */
  int canUseHostPointerForRegisteredMem; /* registered host pointers */
  int cooperativeLaunch;            /* cooperative launches */
  int cooperativeMultiDeviceLaunch; /* multi-device cooperative launches */
  size_t sharedMemPerBlockOptin;    /* opt-in shared memory per block */
  int pageableMemoryAccessUsesHostPageTables; /* via host page tables */
  int directManagedMemAccessFromHost; /* host reads managed memory */
  int maxBlocksPerMultiProcessor;   /* resident blocks per SM */
  int accessPolicyMaxWindowSize;    /* max access policy window */
  size_t reservedSharedMemPerBlock; /* shared memory reserved by CUDA */
};
typedef struct cudaDeviceProp cudaDeviceProp;

/* what cudaFuncGetAttributes reports about a kernel */
struct cudaFuncAttributes {
  size_t sharedSizeBytes;        /* static shared memory */
  size_t constSizeBytes;         /* constant memory */
  size_t localSizeBytes;         /* local memory per thread */
  int maxThreadsPerBlock;        /* max threads per block */
  int numRegs;                   /* registers per thread */
  int ptxVersion;                /* PTX version */
  int binaryVersion;             /* binary version */
  int cacheModeCA;               /* compiled with -Xptxas --dlcm=ca */
  int maxDynamicSharedSizeBytes; /* max dynamic shared memory */
  int preferredShmemCarveout;    /* shared memory carveout */
};
typedef struct cudaFuncAttributes cudaFuncAttributes;

/* cudaPointerGetAttributes */
struct cudaPointerAttributes {
  enum cudaMemoryType type; /* where the pointer points */
  int device;               /* owning device */
  void *devicePointer;      /* device address */
  void *hostPointer;        /* host address */
};

/* a kernel launch as cudaLaunchKernelEx describes it */
struct cudaLaunchConfig_t {
  dim3 gridDim;            /* grid extents */
  dim3 blockDim;           /* block extents */
  size_t dynamicSmemBytes; /* dynamic shared memory */
  cudaStream_t stream;     /* stream */
  void *attrs;             /* launch attributes (unused) */
  unsigned int numAttrs;   /* number of attributes */
};
typedef struct cudaLaunchConfig_t cudaLaunchConfig_t;

/* pitched 3D memory (cudaMalloc3D and friends) */
struct cudaPitchedPtr {
  void *ptr;    /* base */
  size_t pitch; /* row pitch, bytes */
  size_t xsize; /* logical width, bytes */
  size_t ysize; /* logical height */
};
struct cudaExtent {
  size_t width;  /* bytes (or elements for arrays) */
  size_t height; /* rows */
  size_t depth;  /* slices */
};

#endif
