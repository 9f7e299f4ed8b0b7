// A driver API program as CUDA's samples write one: cuInit, a context,
// the kernels loaded from the GPU binary nvcc -fatbin built (the file named
// on the command line read into memory: cuModuleLoadData; with "file":
// cuModuleLoad), a __constant__ array set through cuModuleGetGlobal,
// launches through cuLaunchKernel, results against host loops. Then the
// failures a program meets: a function the module lacks, an image that is
// not simulee's.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
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

int main(int argc, char **argv) {
  if (argc < 2) {
    printf("usage: %s KERNELS.fatbin [n]\n", argv[0]);
    return 2;
  }
  int n = argc > 2 ? atoi(argv[2]) : 1000;
  CHECK(cuInit(0));
  int count = 0, major = 0, minor = 0;
  CHECK(cuDeviceGetCount(&count));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  char name[256];
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  size_t total = 0;
  CHECK(cuDeviceTotalMem(&total, dev));
  printf("devices %d, sm_%d%d, memory %s\n", count, major, minor, total > 0 ? "yes" : "no");
  // what deviceQuery-style set-up code asks: the driver's attributes agree
  // with the runtime's, the compute mode, a peer query over every pair
  int mode = -1, tex2d = 0, rt_tex2d = 1, layers = 0, peers = 0;
  CHECK(cuDeviceGetAttribute(&mode, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, dev));
  CHECK(cuDeviceGetAttribute(&tex2d, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH, dev));
  CHECK(cuDeviceGetAttribute(&layers, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS, dev));
  cudaDeviceGetAttribute(&rt_tex2d, cudaDevAttrMaxTexture2DWidth, 0);
  for (int d1 = 0; d1 < count; d1++)
    for (int d2 = 0; d2 < count; d2++)
      if (d1 != d2) {
        int ok = 0;
        cudaDeviceGetP2PAttribute(&ok, cudaDevP2PAttrAccessSupported, d1, d2);
        peers += ok;
      }
  printf("compute mode %s, texture 2D width agrees: %s, layers %s, peers %d\n",
         mode == CU_COMPUTEMODE_DEFAULT ? "default" : "other", tex2d == rt_tex2d ? "yes" : "no",
         layers > 0 ? "yes" : "no", peers);
  CUcontext ctx;
  CUctxCreateParams params = {};
  CHECK(cuCtxCreate(&ctx, &params, 0, dev));

  // the module from the file ("file"), or read into memory as samples do
  CUmodule mod;
  bool by_name = argc > 3 && std::string(argv[3]) == "file";
  std::ostringstream image;
  if (by_name) {
    CHECK(cuModuleLoad(&mod, argv[1]));
  } else {
    std::ifstream f(argv[1], std::ios::binary);
    image << f.rdbuf();
    CHECK(cuModuleLoadData(&mod, image.str().c_str()));
  }
  CUfunction saxpy, fill, again;
  CHECK(cuModuleGetFunction(&saxpy, mod, "saxpy"));
  CHECK(cuModuleGetFunction(&fill, mod, "fill_index"));
  CHECK(cuModuleGetFunction(&again, mod, "saxpy"));
  if (again != saxpy) printf("a second lookup gave another handle\n");

  float hb[4] = {0.5f, -1.0f, 2.0f, 0.25f};
  CUdeviceptr dbias;
  size_t bias_bytes = 0;
  CHECK(cuModuleGetGlobal(&dbias, &bias_bytes, mod, "bias"));
  CHECK(cuMemcpyHtoD(dbias, hb, sizeof hb));

  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 13) * 0.5f;
    y[i] = (float)(i % 7) - 3.0f;
  }
  CUdeviceptr dx, dy, didx;
  CHECK(cuMemAlloc(&dx, n * sizeof(float)));
  CHECK(cuMemAlloc(&dy, n * sizeof(float)));
  CHECK(cuMemAlloc(&didx, n * sizeof(unsigned)));
  CHECK(cuMemcpyHtoD(dx, x.data(), n * sizeof(float)));
  CHECK(cuMemcpyHtoD(dy, y.data(), n * sizeof(float)));
  CHECK(cuMemsetD32(didx, 0xdeadbeefu, n));
  float a = 2.0f;
  void *args[] = {&a, &dx, &dy, &n};
  // the launch shape from the occupancy calculator, as matrixMulDrv does
  int min_grid = 0, threads = 0, sms = 0;
  CHECK(cuOccupancyMaxPotentialBlockSize(&min_grid, &threads, saxpy, nullptr, 0, 256));
  CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  printf("occupancy: block %s, grid %s\n",
         threads > 0 && threads <= 256 && threads % 32 == 0 ? "ok" : "wrong",
         min_grid >= sms && min_grid % sms == 0 ? "ok" : "wrong");
  int blocks = (n + threads - 1) / threads;
  CHECK(cuLaunchKernel(saxpy, blocks, 1, 1, threads, 1, 1, 0, nullptr, args, nullptr));
  void *fargs[] = {&didx, &n};
  CHECK(cuLaunchKernel(fill, blocks, 1, 1, threads, 1, 1, 0, nullptr, fargs, nullptr));
  CHECK(cuCtxSynchronize());
  std::vector<unsigned> idx(n);
  CHECK(cuMemcpyDtoH(out.data(), dy, n * sizeof(float)));
  CHECK(cuMemcpyDtoH(idx.data(), didx, n * sizeof(unsigned)));
  int launched = 0;
  CUdeviceptr dl;
  CHECK(cuModuleGetGlobal(&dl, nullptr, mod, "launches"));
  CHECK(cuMemcpyDtoH(&launched, dl, sizeof launched));
  int wrong = 0;
  for (int i = 0; i < n; i++) {
    if (out[i] != a * x[i] + y[i] + hb[i % 4]) wrong++;
    if (idx[i] != 3u * (unsigned)i + 1u) wrong++;
  }
  printf("driver saxpy n=%d: %d wrong, bias %zu bytes, %d launch\n", n, wrong, bias_bytes, launched);

  // a texture over a CUDA array (cuArrayCreate, cuMemcpy2D, cuTexObjectCreate),
  // float texels, then 8-bit ones read as normalized floats
  const int tw = 37, th = 5;
  std::vector<float> texels(tw * th), sampled(tw * th);
  std::vector<unsigned char> bytes(tw * th);
  for (int i = 0; i < tw * th; i++) {
    texels[i] = (float)(i * 3 % 101) - 50.0f;
    bytes[i] = (unsigned char)(i * 7 % 256);
  }
  CUfunction sample;
  CHECK(cuModuleGetFunction(&sample, mod, "sample"));
  CUdeviceptr dsampled;
  CHECK(cuMemAlloc(&dsampled, tw * th * sizeof(float)));
  int tex_wrong = 0;
  for (int pass = 0; pass < 2; pass++) {
    CUDA_ARRAY_DESCRIPTOR ad;
    ad.Format = pass == 0 ? CU_AD_FORMAT_FLOAT : CU_AD_FORMAT_UNSIGNED_INT8;
    ad.NumChannels = 1;
    ad.Width = tw;
    ad.Height = th;
    CUarray arr;
    CHECK(cuArrayCreate(&arr, &ad));
    CUDA_MEMCPY2D cp;
    memset(&cp, 0, sizeof cp);
    cp.srcMemoryType = CU_MEMORYTYPE_HOST;
    cp.srcHost = pass == 0 ? (const void *)texels.data() : (const void *)bytes.data();
    cp.srcPitch = tw * (pass == 0 ? sizeof(float) : 1);
    cp.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    cp.dstArray = arr;
    cp.WidthInBytes = cp.srcPitch;
    cp.Height = th;
    CHECK(cuMemcpy2D(&cp));
    CUDA_RESOURCE_DESC rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = CU_RESOURCE_TYPE_ARRAY;
    rd.res.array.hArray = arr;
    CUDA_TEXTURE_DESC td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
    td.filterMode = CU_TR_FILTER_MODE_POINT;
    CUtexObject tex;
    CHECK(cuTexObjectCreate(&tex, &rd, &td, nullptr));
    int w = tw, h = th;
    void *targs[] = {&tex, &dsampled, &w, &h};
    CHECK(cuLaunchKernel(sample, 1, th, 1, 64, 1, 1, 0, nullptr, targs, nullptr));
    CHECK(cuMemcpyDtoH(sampled.data(), dsampled, tw * th * sizeof(float)));
    for (int i = 0; i < tw * th; i++)
      if (sampled[i] != (pass == 0 ? texels[i] : bytes[i] / 255.0f)) tex_wrong++;
    CHECK(cuTexObjectDestroy(tex));
    CHECK(cuArrayDestroy(arr));
  }
  printf("driver textures: %d wrong\n", tex_wrong);

  // what a program meets when something is missing
  CUfunction none;
  CUresult r = cuModuleGetFunction(&none, mod, "no_such_kernel");
  const char *rn = nullptr;
  cuGetErrorName(r, &rn);
  printf("missing function: %s\n", rn);
  const char ptx[] = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.0\n.target sm_70\n";
  CUmodule bad;
  r = cuModuleLoadData(&bad, ptx);
  cuGetErrorName(r, &rn);
  printf("PTX image: %s\n", rn);

  CHECK(cuMemFree(dx));
  CHECK(cuMemFree(dy));
  CHECK(cuMemFree(didx));
  CHECK(cuModuleUnload(mod));
  CHECK(cuCtxDestroy(ctx));
  return wrong != 0;
}
