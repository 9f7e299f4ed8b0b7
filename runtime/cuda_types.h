/*
 * simulee runtime: the CUDA runtime types the C code of runtime/ needs, with
 * the layouts and values of simulee's CUDA headers (cuda/driver_types.h,
 * which only clang in CUDA mode reads). The programs the runtime serves are
 * compiled against those headers: a field or value here must match them
 * (tests/apps/props.cu checks cudaDeviceProp field by field).
 */
#ifndef SIMULEE_RUNTIME_CUDA_TYPES_H
#define SIMULEE_RUNTIME_CUDA_TYPES_H

#include <stddef.h>
#include <stdint.h>

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5,
  cudaErrorProfilerNotInitialized = 6,
  cudaErrorProfilerAlreadyStarted = 7,
  cudaErrorProfilerAlreadyStopped = 8,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidTexture = 18,
  cudaErrorInvalidTextureBinding = 19,
  cudaErrorInvalidChannelDescriptor = 20,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorAddressOfConstant = 22,
  cudaErrorTextureFetchFailed = 23,
  cudaErrorTextureNotBound = 24,
  cudaErrorSynchronizationError = 25,
  cudaErrorInvalidFilterSetting = 26,
  cudaErrorInvalidNormSetting = 27,
  cudaErrorMixedDeviceExecution = 28,
  cudaErrorNotYetImplemented = 31,
  cudaErrorMemoryValueTooLarge = 32,
  cudaErrorStubLibrary = 34,
  cudaErrorInsufficientDriver = 35,
  cudaErrorCallRequiresNewerDriver = 36,
  cudaErrorInvalidSurface = 37,
  cudaErrorDuplicateVariableName = 43,
  cudaErrorDuplicateTextureName = 44,
  cudaErrorDuplicateSurfaceName = 45,
  cudaErrorDevicesUnavailable = 46,
  cudaErrorIncompatibleDriverContext = 49,
  cudaErrorMissingConfiguration = 52,
  cudaErrorPriorLaunchFailure = 53,
  cudaErrorLaunchMaxDepthExceeded = 65,
  cudaErrorLaunchFileScopedTex = 66,
  cudaErrorLaunchFileScopedSurf = 67,
  cudaErrorSyncDepthExceeded = 68,
  cudaErrorLaunchPendingCountExceeded = 69,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorDeviceNotLicensed = 102,
  cudaErrorSoftwareValidityNotEstablished = 103,
  cudaErrorStartupFailure = 127,
  cudaErrorInvalidKernelImage = 200,
  cudaErrorDeviceUninitialized = 201,
  cudaErrorMapBufferObjectFailed = 205,
  cudaErrorUnmapBufferObjectFailed = 206,
  cudaErrorArrayIsMapped = 207,
  cudaErrorAlreadyMapped = 208,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorAlreadyAcquired = 210,
  cudaErrorNotMapped = 211,
  cudaErrorNotMappedAsArray = 212,
  cudaErrorNotMappedAsPointer = 213,
  cudaErrorECCUncorrectable = 214,
  cudaErrorUnsupportedLimit = 215,
  cudaErrorDeviceAlreadyInUse = 216,
  cudaErrorPeerAccessUnsupported = 217,
  cudaErrorInvalidPtx = 218,
  cudaErrorInvalidGraphicsContext = 219,
  cudaErrorNvlinkUncorrectable = 220,
  cudaErrorJitCompilerNotFound = 221,
  cudaErrorUnsupportedPtxVersion = 222,
  cudaErrorJitCompilationDisabled = 223,
  cudaErrorUnsupportedExecAffinity = 224,
  cudaErrorUnsupportedDevSideSync = 225,
  cudaErrorInvalidSource = 300,
  cudaErrorFileNotFound = 301,
  cudaErrorSharedObjectSymbolNotFound = 302,
  cudaErrorSharedObjectInitFailed = 303,
  cudaErrorOperatingSystem = 304,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401,
  cudaErrorLossyQuery = 402,
  cudaErrorSymbolNotFound = 500,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorLaunchIncompatibleTexturing = 703,
  cudaErrorPeerAccessAlreadyEnabled = 704,
  cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorSetOnActiveProcess = 708,
  cudaErrorContextIsDestroyed = 709,
  cudaErrorAssert = 710,
  cudaErrorTooManyPeers = 711,
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
  cudaErrorSystemNotReady = 802,
  cudaErrorSystemDriverMismatch = 803,
  cudaErrorCompatNotSupportedOnDevice = 804,
  cudaErrorMpsConnectionFailed = 805,
  cudaErrorMpsRpcFailure = 806,
  cudaErrorMpsServerNotReady = 807,
  cudaErrorMpsMaxClientsReached = 808,
  cudaErrorMpsMaxConnectionsReached = 809,
  cudaErrorMpsClientTerminated = 810,
  cudaErrorCdpNotSupported = 811,
  cudaErrorCdpVersionMismatch = 812,
  cudaErrorStreamCaptureUnsupported = 900,
  cudaErrorStreamCaptureInvalidated = 901,
  cudaErrorStreamCaptureMerge = 902,
  cudaErrorStreamCaptureUnmatched = 903,
  cudaErrorStreamCaptureUnjoined = 904,
  cudaErrorStreamCaptureIsolation = 905,
  cudaErrorStreamCaptureImplicit = 906,
  cudaErrorCapturedEvent = 907,
  cudaErrorStreamCaptureWrongThread = 908,
  cudaErrorTimeout = 909,
  cudaErrorGraphExecUpdateFailure = 910,
  cudaErrorExternalDevice = 911,
  cudaErrorInvalidClusterSize = 912,
  cudaErrorUnknown = 999,
  cudaErrorApiFailureBase = 10000
};
typedef enum cudaError cudaError_t;

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
struct cudaPos {
  size_t x, y, z;
};
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
struct cudaArray;
struct cudaMemcpy3DParms {
  struct cudaArray *srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  struct cudaArray *dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent;
  enum cudaMemcpyKind kind;
};

enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};

struct cudaPointerAttributes {
  enum cudaMemoryType type; /* where the pointer points */
  int device;               /* owning device */
  void *devicePointer;      /* device address */
  void *hostPointer;        /* host address */
};

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


/* dim3 as the host code passes it (three unsigned ints by value) */
typedef struct simR_dim3 { unsigned x, y, z; } simR_dim3;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
#define cudaStreamNonBlocking 0x01
#define cudaHostAllocMapped 0x02

#endif
