// Set-up code of real programs around memory: a host buffer registered with
// cudaHostRegister and used by a kernel through its host pointer and
// through cudaHostGetDevicePointer's; stream-ordered allocations from the
// default pool and from a pool of the program's own with its attributes
// (release threshold, used bytes and their high-water mark), trimmed,
// made the device's pool; CUDA 12.2's prefetch and advice with a memory
// location; every device attribute a program may ask for; peer access.
// Pattern: none (clean).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(call)                                                             \
  do {                                                                       \
    cudaError_t e_ = (call);                                                 \
    if (e_ != cudaSuccess) {                                                 \
      printf("%s: %s\n", #call, cudaGetErrorName(e_));                       \
      return 1;                                                              \
    }                                                                        \
  } while (0)

static int wrong = 0;
static void expect(const char *what, long long got, long long want) {
  if (got != want) {
    if (wrong < 10) printf("%s: got %lld, want %lld\n", what, got, want);
    wrong++;
  }
}

__global__ void add(int *a, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += v;
}

__global__ void iota(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = (float)i;
}

int main() {
  // registered host memory: kernels write it through either pointer
  const int n = 1000;
  int *host = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) host[i] = i;
  CK(cudaHostRegister(host, n * sizeof(int), cudaHostRegisterDefault));
  expect("register twice", cudaHostRegister(host + 10, 16, 0),
         cudaErrorHostMemoryAlreadyRegistered);
  cudaGetLastError();
  add<<<(n + 255) / 256, 256>>>(host, n, 5);
  int *dev = nullptr;
  CK(cudaHostGetDevicePointer((void **)&dev, host, 0));
  add<<<(n + 255) / 256, 256>>>(dev, n, 2);
  CK(cudaDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; i++) bad += host[i] != i + 7;
  expect("registered memory written by kernels", bad, 0);
  cudaPointerAttributes at;
  CK(cudaPointerGetAttributes(&at, host));
  expect("registered memory type", at.type, cudaMemoryTypeHost);
  CK(cudaHostUnregister(host));
  expect("unregister twice", cudaHostUnregister(host), cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  free(host);

  // stream-ordered pools
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  cudaMemPool_t def, mine, cur;
  CK(cudaDeviceGetDefaultMemPool(&def, 0));
  CK(cudaDeviceGetMemPool(&cur, 0));
  expect("current pool is the default", cur == def, 1);
  uint64_t threshold = UINT64_MAX;
  CK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &threshold));
  cudaMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  CK(cudaMemPoolCreate(&mine, &props));
  float *a, *b;
  CK(cudaMallocFromPoolAsync((void **)&a, 4096 * sizeof(float), mine, s));
  CK(cudaMallocFromPoolAsync((void **)&b, 1024 * sizeof(float), mine, s));
  iota<<<16, 256, 0, s>>>(a, 4096);
  uint64_t used = 0, high = 0;
  CK(cudaMemPoolGetAttribute(mine, cudaMemPoolAttrUsedMemCurrent, &used));
  expect("used bytes", (long long)used, 5120 * sizeof(float));
  CK(cudaFreeAsync(b, s));
  std::vector<float> h(4096);
  CK(cudaMemcpyAsync(h.data(), a, 4096 * sizeof(float), cudaMemcpyDeviceToHost, s));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < 4096; i++) bad += h[i] != (float)i;
  expect("pool memory", bad, 0);
  CK(cudaFreeAsync(a, s));
  CK(cudaStreamSynchronize(s));
  CK(cudaMemPoolGetAttribute(mine, cudaMemPoolAttrUsedMemCurrent, &used));
  CK(cudaMemPoolGetAttribute(mine, cudaMemPoolAttrUsedMemHigh, &high));
  expect("used bytes after the frees", (long long)used, 0);
  expect("high-water mark", (long long)high, 5120 * sizeof(float));
  CK(cudaMemPoolTrimTo(mine, 0));
  CK(cudaDeviceSetMemPool(0, mine));
  CK(cudaDeviceGetMemPool(&cur, 0));
  expect("current pool is the program's", cur == mine, 1);
  float *c;
  CK(cudaMallocAsync((void **)&c, 256, s));
  CK(cudaFreeAsync(c, s));
  CK(cudaDeviceSetMemPool(0, def));
  CK(cudaMemPoolDestroy(mine));

  // CUDA 12.2's prefetch and advice with a location
  float *m;
  CK(cudaMallocManaged(&m, 1024 * sizeof(float)));
  cudaMemLocation loc;
  loc.type = cudaMemLocationTypeDevice;
  loc.id = 0;
  CK(cudaMemAdvise(m, 1024 * sizeof(float), cudaMemAdviseSetPreferredLocation, loc));
  CK(cudaMemPrefetchAsync(m, 1024 * sizeof(float), loc, 0, s));
  iota<<<4, 256, 0, s>>>(m, 1024);
  CK(cudaStreamSynchronize(s));
  expect("managed after prefetch", (long long)m[1023], 1023);
  CK(cudaFree(m));

  // device attributes: every one of CUDA 12 answers; some values
  const cudaDeviceAttr attrs[] = {
      cudaDevAttrMaxThreadsPerBlock, cudaDevAttrMaxTexture1DWidth,
      cudaDevAttrMaxTexture2DWidth, cudaDevAttrSurfaceAlignment,
      cudaDevAttrAsyncEngineCount, cudaDevAttrUnifiedAddressing,
      cudaDevAttrTexturePitchAlignment, cudaDevAttrStreamPrioritiesSupported,
      cudaDevAttrMaxRegistersPerMultiprocessor, cudaDevAttrHostNativeAtomicSupported,
      cudaDevAttrPageableMemoryAccess, cudaDevAttrConcurrentManagedAccess,
      cudaDevAttrComputePreemptionSupported, cudaDevAttrCanUseHostPointerForRegisteredMem,
      cudaDevAttrCooperativeMultiDeviceLaunch, cudaDevAttrHostRegisterSupported,
      cudaDevAttrDirectManagedMemAccessFromHost, cudaDevAttrMaxPersistingL2CacheSize,
      cudaDevAttrMaxAccessPolicyWindowSize, cudaDevAttrReservedSharedMemoryPerBlock,
      cudaDevAttrSparseCudaArraySupported, cudaDevAttrMemoryPoolsSupported,
      cudaDevAttrGPUDirectRDMASupported, cudaDevAttrClusterLaunch,
      cudaDevAttrMemSyncDomainCount};
  for (cudaDeviceAttr a : attrs) {
    int v;
    cudaError_t e = cudaDeviceGetAttribute(&v, a, 0);
    if (e != cudaSuccess) printf("attribute %d: %s\n", (int)a, cudaGetErrorName(e)), wrong++;
  }
  int v = 0;
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrConcurrentManagedAccess, 0));
  expect("concurrent managed access", v, 1);
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrMemoryPoolsSupported, 0));
  expect("memory pools supported", v, 1);
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties_v2(&p, 0));
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxRegistersPerMultiprocessor, 0));
  expect("registers per multiprocessor", v, p.regsPerMultiprocessor);
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxTexture2DHeight, 0));
  expect("texture 2-D height", v, p.maxTexture2D[1]);
  // cudaDeviceProp has every field of CUDA 12 (deviceQuery-style programs
  // print them), each the value cudaDeviceGetAttribute answers
  const struct {
    cudaDeviceAttr a;
    int field;
  } same[] = {
      {cudaDevAttrMaxTexture1DWidth, p.maxTexture1D},
      {cudaDevAttrMaxTexture1DMipmappedWidth, p.maxTexture1DMipmap},
      {cudaDevAttrMaxTexture1DLinearWidth, p.maxTexture1DLinear},
      {cudaDevAttrMaxTexture2DLinearWidth, p.maxTexture2DLinear[0]},
      {cudaDevAttrMaxTexture2DLinearHeight, p.maxTexture2DLinear[1]},
      {cudaDevAttrMaxTexture2DLinearPitch, p.maxTexture2DLinear[2]},
      {cudaDevAttrMaxTexture2DGatherWidth, p.maxTexture2DGather[0]},
      {cudaDevAttrMaxTexture3DWidthAlt, p.maxTexture3DAlt[0]},
      {cudaDevAttrMaxTextureCubemapWidth, p.maxTextureCubemap},
      {cudaDevAttrMaxTexture1DLayeredWidth, p.maxTexture1DLayered[0]},
      {cudaDevAttrMaxTexture1DLayeredLayers, p.maxTexture1DLayered[1]},
      {cudaDevAttrMaxTexture2DLayeredWidth, p.maxTexture2DLayered[0]},
      {cudaDevAttrMaxTexture2DLayeredHeight, p.maxTexture2DLayered[1]},
      {cudaDevAttrMaxTexture2DLayeredLayers, p.maxTexture2DLayered[2]},
      {cudaDevAttrMaxTextureCubemapLayeredWidth, p.maxTextureCubemapLayered[0]},
      {cudaDevAttrMaxTextureCubemapLayeredLayers, p.maxTextureCubemapLayered[1]},
      {cudaDevAttrMaxSurface1DWidth, p.maxSurface1D},
      {cudaDevAttrMaxSurface2DWidth, p.maxSurface2D[0]},
      {cudaDevAttrMaxSurface2DHeight, p.maxSurface2D[1]},
      {cudaDevAttrMaxSurface3DWidth, p.maxSurface3D[0]},
      {cudaDevAttrMaxSurface3DDepth, p.maxSurface3D[2]},
      {cudaDevAttrMaxSurfaceCubemapWidth, p.maxSurfaceCubemap},
      {cudaDevAttrMaxSurface1DLayeredLayers, p.maxSurface1DLayered[1]},
      {cudaDevAttrMaxSurface2DLayeredHeight, p.maxSurface2DLayered[1]},
      {cudaDevAttrMaxSurfaceCubemapLayeredWidth, p.maxSurfaceCubemapLayered[0]},
      {cudaDevAttrMaxTexture2DMipmappedHeight, p.maxTexture2DMipmap[1]},
      {cudaDevAttrSurfaceAlignment, (int)p.surfaceAlignment},
      {cudaDevAttrHostRegisterSupported, p.hostRegisterSupported},
      {cudaDevAttrMemoryPoolsSupported, p.memoryPoolsSupported},
      {cudaDevAttrClusterLaunch, p.clusterLaunch},
  };
  for (const auto &s : same) {
    CK(cudaDeviceGetAttribute(&v, s.a, 0));
    char what[64];
    snprintf(what, sizeof what, "attribute %d as a property", (int)s.a);
    expect(what, v, s.field);
  }
  expect("1-D layered texture layers", p.maxTexture1DLayered[1], 2048);
  expect("surface alignment", (long long)p.surfaceAlignment, 512);
  int can = -1;
  CK(cudaDeviceCanAccessPeer(&can, 0, 0));
  expect("peer access", can, 0);

  CK(cudaStreamDestroy(s));
  printf("host_pool: %d wrong\n", wrong);
  return wrong != 0;
}
