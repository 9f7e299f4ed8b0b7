// The driver's virtual memory management and link calls, as vectorAddMMAP,
// cudaCompressibleMemory and ptxjit use them: the module given to
// cuLinkAddData as ptxjit does (nvcc -ptx's file read into a C string),
// two physical
// allocations mapped side by side into one reserved range, a kernel whose
// arrays cross from one into the other, the first allocation mapped a
// second time (in another range, and imported from its exported file
// descriptor) showing the same bytes; what the calls refuse. Results
// against host loops.
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(call)                                                              \
  do {                                                                           \
    CUresult r_ = (call);                                                        \
    if (r_ != CUDA_SUCCESS) {                                                    \
      const char *s_ = nullptr;                                                  \
      cuGetErrorName(r_, &s_);                                                   \
      printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, s_ ? s_ : "?"); \
      exit(1);                                                                   \
    }                                                                            \
  } while (0)

static const char *name(CUresult r) {
  const char *s = "?";
  cuGetErrorName(r, &s);
  return s;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    printf("usage: %s KERNELS.ptx\n", argv[0]);
    return 2;
  }
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  int vmm = -1, fd_handles = -1, comp = -1;
  CHECK(cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED, dev));
  CHECK(cuDeviceGetAttribute(&fd_handles, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, dev));
  CHECK(cuDeviceGetAttribute(&comp, CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED, dev));
  printf("vmm %d, fd handles %d, compression %d\n", vmm, fd_handles, comp);

  // the module through a link
  CUjit_option opts[6] = {CU_JIT_WALL_TIME, CU_JIT_INFO_LOG_BUFFER,
                          CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                          CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE};
  char info[256] = "x", err[256] = "x";
  void *vals[6] = {0, info, (void *)(size_t)sizeof info, err, (void *)(size_t)sizeof err,
                   (void *)1};
  CUlinkState link;
  CHECK(cuLinkCreate(6, opts, vals, &link));
  // the .ptx file read into a C string, as ptxjit reads it
  FILE *in = fopen(argv[1], "rb");
  if (!in) return 2;
  std::vector<char> text(1 << 20);
  size_t len = fread(text.data(), 1, text.size() - 1, in);
  fclose(in);
  text[len] = 0;
  CHECK(cuLinkAddData(link, CU_JIT_INPUT_PTX, text.data(), strlen(text.data()) + 1, "k", 0,
                      nullptr, nullptr));
  void *image = nullptr;
  size_t image_size = 0;
  CHECK(cuLinkComplete(link, &image, &image_size));
  float ms = -1;
  memcpy(&ms, &vals[0], sizeof ms);
  printf("link: wall time %g, logs empty %s\n", ms,
         !info[0] && !err[0] && vals[2] == nullptr ? "yes" : "no");
  CUmodule mod;
  CHECK(cuModuleLoadData(&mod, image));
  CHECK(cuLinkDestroy(link));
  CUfunction saxpy;
  CHECK(cuModuleGetFunction(&saxpy, mod, "saxpy"));

  // two allocations side by side in one range
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = dev;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  prop.allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC;
  size_t gran = 0;
  CHECK(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  CUdeviceptr base, other, third;
  CHECK(cuMemAddressReserve(&base, 2 * gran, 0, 0, 0));
  CUmemGenericAllocationHandle h1, h2;
  CHECK(cuMemCreate(&h1, gran, &prop, 0));
  CHECK(cuMemCreate(&h2, gran, &prop, 0));
  CUmemAllocationProp got = {};
  CHECK(cuMemGetAllocationPropertiesFromHandle(&got, h1));
  CHECK(cuMemMap(base, gran, 0, h1, 0));
  CHECK(cuMemMap(base + gran, gran, 0, h2, 0));
  CUresult twice = cuMemMap(base, gran, 0, h2, 0);
  CHECK(cuMemRelease(h2)); // the mapping keeps it
  CUmemAccessDesc acc = {};
  acc.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  acc.location.id = dev;
  acc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CHECK(cuMemSetAccess(base, 2 * gran, &acc, 1));
  printf("granularity %zu MiB, compression granted %d, mapped twice: %s\n", gran >> 20,
         (int)got.allocFlags.compressionType, name(twice));

  // x starts 200 floats before the seam between the allocations, y after x
  const int n = 300;
  CUdeviceptr x = base + gran - 200 * sizeof(float), yy = x + n * sizeof(float);
  std::vector<float> hx(n), hy(n), out(n);
  for (int i = 0; i < n; i++) hx[i] = (float)(i % 7), hy[i] = (float)(i % 5);
  CHECK(cuMemcpyHtoD(x, hx.data(), n * sizeof(float)));
  CHECK(cuMemcpyHtoD(yy, hy.data(), n * sizeof(float)));
  float a = 3.0f;
  int nn = n;
  void *args[] = {&a, &x, &yy, &nn};
  CHECK(cuLaunchKernel(saxpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(out.data(), yy, n * sizeof(float)));
  int bad = 0;
  for (int i = 0; i < n; i++) bad += out[i] != 3.0f * hx[i] + hy[i];

  // the first allocation seen through a second range and an imported handle
  CHECK(cuMemAddressReserve(&other, gran, 0, 0, 0));
  CHECK(cuMemMap(other, gran, 0, h1, 0));
  CHECK(cuMemSetAccess(other, gran, &acc, 1));
  int fd = -1;
  CHECK(cuMemExportToShareableHandle(&fd, h1, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
  CUmemGenericAllocationHandle h3;
  CHECK(cuMemImportFromShareableHandle(&h3, (void *)(size_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
  CHECK(cuMemAddressReserve(&third, gran, 0, 0, 0));
  CHECK(cuMemMap(third, gran, 0, h3, 0));
  CHECK(cuMemSetAccess(third, gran, &acc, 1));
  std::vector<float> v2(n), v3(n);
  size_t off = x - base;
  CHECK(cuMemcpyDtoH(v2.data(), other + off, 200 * sizeof(float)));
  CHECK(cuMemcpyDtoH(v3.data(), third + off, 200 * sizeof(float)));
  for (int i = 0; i < 200; i++) bad += v2[i] != hx[i] || v3[i] != hx[i];
  printf("vmm: %d wrong\n", bad);

  // what is refused
  CUresult f = cuMemFree(base);
  CHECK(cuMemUnmap(base, 2 * gran));
  CUresult after = cuMemcpyDtoH(out.data(), x, sizeof(float));
  CUresult busy = cuMemAddressFree(other, gran);
  printf("cuMemFree of a range: %s, copy after unmap: %s, free of a mapped range: %s\n",
         name(f), name(after), name(busy));
  CHECK(cuMemAddressFree(base, 2 * gran));
  CHECK(cuMemUnmap(other, gran));
  CHECK(cuMemAddressFree(other, gran));
  CHECK(cuMemUnmap(third, gran));
  CHECK(cuMemAddressFree(third, gran));
  CHECK(cuMemRelease(h1));
  CHECK(cuMemRelease(h3));
  return 0;
}
