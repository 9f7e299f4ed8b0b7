// Compile test for simulee's CUDA headers: the declarations real projects
// needed that were missing (cuBLASLt, nvtx3 with its CUDA runtime names,
// cudaEGL.h, carveouts, device attributes, 3-D arrays and their default
// arguments, cubemap fetches, driver types, Sobol states, cuSPARSE SpMM
// algorithms, cublasDataType_t, block_tile_memory, cuda::std::identity,
// shuffles of every integer type, cudaEventCreate(ev, flags),
// cudaHostGetDevicePointer(T **), cg::reduce of a user struct, assert
// without an include, and a project's own __globaltimer). Not a bug pattern.
// HOST-SIDE
// EXPECT: @__assertfail(
// EXPECT: mov.u64 $0, %globaltimer;
// EXPECT: @llvm.nvvm.shfl.sync.bfly.i32(
// REJECT: @llvm.nvvm.read.ptx.sreg.globaltimer
#include <cuda_runtime.h>
#include <cuda.h>
#include <cudaEGL.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <cusparse.h>
#include <curand.h>
#include <curand_kernel.h>
#include <cufft.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/std/functional>

namespace cg = cooperative_groups;

struct MinLoc { float v; int i; };
struct MinLocOp {
  __device__ MinLoc operator()(const MinLoc &a, const MinLoc &b) const { return b.v < a.v ? b : a; }
};

__device__ unsigned long long __globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void k(float *out, curandStateSobol32 *sob, cudaTextureObject_t tex) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  MinLoc m{out[threadIdx.x], (int)threadIdx.x};
  MinLoc r = cg::reduce(tile, m, MinLocOp());
  short s = (short)threadIdx.x;
  unsigned char c = (unsigned char)threadIdx.x;
  long l = threadIdx.x;
  s = __shfl_xor_sync(0xffffffffu, s, 1);
  c = __shfl_sync(0xffffffffu, c, 0);
  l = __shfl_down_sync(0xffffffffu, l, 1u);
  bool b = __shfl_up_sync(0xffffffffu, true, 1);
  assert(r.i >= 0);
  cuda::std::identity id;
  out[threadIdx.x] = id(r.v) + s + c + l + b + (float)__globaltimer();
  float4 cube = texCubemap<float4>(tex, 1.f, 0.f, 0.f);
  out[0] += cube.x;
}

int main() {
  cudaEvent_t ev;
  cudaEventCreate(&ev, cudaEventBlockingSync);
  cudaSetDeviceFlags(cudaDeviceBlockingSync);
  cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared);
  int c = cudaSharedmemCarveoutDefault + cudaSharedmemCarveoutMaxL1;
  int pools = 0;
  cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, 0);
  cudaExtent e = make_cudaExtent(4, 4, 4);
  cudaArray_t arr;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaMalloc3DArray(&arr, &desc, e);
  cudaMalloc3DArray(&arr, &desc, e, cudaArrayCubemap);
  cudaMallocArray(&arr, &desc, 16);
  float *h, *d;
  cudaHostAlloc((void **)&h, 64, cudaHostAllocMapped);
  cudaHostGetDevicePointer(&d, h, 0);
  CUtexObject to = 0;
  CUdevice_attribute a = CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK;
  (void)to; (void)a; (void)c;
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_QUASI_SOBOL64);
  cusparseSpMMAlg_t alg = CUSPARSE_SPMM_CSR_ALG2;
  (void)alg;
  cublasDataType_t dt = CUDA_R_32F;
  (void)dt;
  cublasLtHandle_t lt;
  cublasLtCreate(&lt);
  cublasLtMatmulDesc_t md;
  cublasLtMatmulDescCreate(&md, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t la;
  cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, 16, 16, 16);
  cublasOperation_t op = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(md, CUBLASLT_MATMUL_DESC_TRANSA, &op, sizeof op);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  size_t ws = 1 << 20;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws);
  cublasLtMatmulHeuristicResult_t heur[4];
  int nres = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, md, la, la, la, la, pref, 4, heur, &nres);
  float alpha = 1, beta = 0;
  cublasLtMatmul(lt, md, &alpha, d, la, d, la, &beta, d, la, d, la, &heur[0].algo, nullptr, 0, 0);
  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatrixLayoutDestroy(la);
  cublasLtMatmulDescDestroy(md);
  cublasLtDestroy(lt);
  nvtxRangePushA("step");
  nvtxNameCudaStreamA(0, "main");
  nvtxRangePop();
  nvtxEventAttributes_t ea = {};
  ea.version = NVTX_VERSION;
  ea.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  ea.colorType = NVTX_COLOR_ARGB;
  ea.color = 0xff00ff00;
  ea.messageType = NVTX_MESSAGE_TYPE_ASCII;
  ea.message.ascii = "x";
  nvtxRangeId_t rid = nvtxRangeStartEx(&ea);
  nvtxRangeEnd(rid);
  CUeglFrame frame;
  (void)frame;
  curandStateSobol32 *sob = nullptr;
  cudaTextureObject_t tex = 0;
  k<<<1, 32>>>(d, sob, tex);
  return 0;
}
namespace cg = cooperative_groups;
__global__ void tiles(int *out) {
  __shared__ cg::block_tile_memory<4, 256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto t = cg::tiled_partition<32>(block);
  out[threadIdx.x] = t.thread_rank();
}
