// Link-time optimization at run time, as programs that JIT-link device code
// do it: two sources compiled by NVRTC to LTO IR (-dlto, relocatable), the
// kernel of one calling an extern __device__ function the other defines,
// linked by nvJitLink, the linked CUBIN loaded with cuModuleLoadData and
// launched; results against a host loop. Then what nvJitLink refuses: no
// -arch, an input that is not a GPU binary, a function defined twice (the
// error log names the link), a destroyed handle.
#include <cuda.h>
#include <nvJitLink.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(call, ok)                                                        \
  do {                                                                         \
    int r_ = (int)(call);                                                      \
    if (r_ != (ok)) {                                                          \
      printf("%s failed: %d\n", #call, r_);                                    \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const char *kernel_src =
    "extern __device__ float blend(float a, float x, float y);\n"
    "extern \"C\" __global__ void axpy_blend(float a, const float *x, float *y, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) y[i] = blend(a, x[i], y[i]);\n"
    "}\n";
static const char *blend_src =
    "__device__ float blend(float a, float x, float y) { return a * x + 0.5f * y; }\n";

static std::vector<char> lto(const char *src, const char *name) {
  nvrtcProgram p;
  CHECK(nvrtcCreateProgram(&p, src, name, 0, nullptr, nullptr), NVRTC_SUCCESS);
  const char *opts[] = {"-dlto", "--relocatable-device-code=true"};
  CHECK(nvrtcCompileProgram(p, 2, opts), NVRTC_SUCCESS);
  size_t n = 0;
  CHECK(nvrtcGetLTOIRSize(p, &n), NVRTC_SUCCESS);
  std::vector<char> ir(n);
  CHECK(nvrtcGetLTOIR(p, ir.data()), NVRTC_SUCCESS);
  nvrtcDestroyProgram(&p);
  return ir;
}

int main() {
  std::vector<char> k = lto(kernel_src, "kernel.cu"), b = lto(blend_src, "blend.cu");
  unsigned major = 0, minor = 0;
  CHECK(nvJitLinkVersion(&major, &minor), NVJITLINK_SUCCESS);
  nvJitLinkHandle h;
  const char *lopts[] = {"-lto", "-arch=sm_80"};
  CHECK(nvJitLinkCreate(&h, 2, lopts), NVJITLINK_SUCCESS);
  CHECK(nvJitLinkAddData(h, NVJITLINK_INPUT_LTOIR, k.data(), k.size(), "kernel"), NVJITLINK_SUCCESS);
  CHECK(nvJitLinkAddData(h, NVJITLINK_INPUT_LTOIR, b.data(), b.size(), "blend"), NVJITLINK_SUCCESS);
  CHECK(nvJitLinkComplete(h), NVJITLINK_SUCCESS);
  size_t cn = 0;
  CHECK(nvJitLinkGetLinkedCubinSize(h, &cn), NVJITLINK_SUCCESS);
  std::vector<char> cubin(cn);
  CHECK(nvJitLinkGetLinkedCubin(h, cubin.data()), NVJITLINK_SUCCESS);
  nvJitLinkHandle stale = h; // used after its destruction below
  CHECK(nvJitLinkDestroy(&h), NVJITLINK_SUCCESS);

  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn;
  CHECK(cuInit(0), CUDA_SUCCESS);
  CHECK(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  CHECK(cuCtxCreate(&ctx, 0, dev), CUDA_SUCCESS);
  CHECK(cuModuleLoadData(&mod, cubin.data()), CUDA_SUCCESS);
  CHECK(cuModuleGetFunction(&fn, mod, "axpy_blend"), CUDA_SUCCESS);
  const int n = 700;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; i++) x[i] = (float)(i % 17), y[i] = (float)(i % 5) - 2.0f;
  CUdeviceptr dx, dy;
  CHECK(cuMemAlloc(&dx, n * sizeof(float)), CUDA_SUCCESS);
  CHECK(cuMemAlloc(&dy, n * sizeof(float)), CUDA_SUCCESS);
  CHECK(cuMemcpyHtoD(dx, x.data(), n * sizeof(float)), CUDA_SUCCESS);
  CHECK(cuMemcpyHtoD(dy, y.data(), n * sizeof(float)), CUDA_SUCCESS);
  float a = 1.5f;
  int nn = n;
  void *args[] = {&a, &dx, &dy, &nn};
  CHECK(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr), CUDA_SUCCESS);
  CHECK(cuMemcpyDtoH(out.data(), dy, n * sizeof(float)), CUDA_SUCCESS);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += out[i] != a * x[i] + 0.5f * y[i];
  printf("jitlink %u.%u axpy_blend n=%d: %d wrong\n", major, minor, n, wrong);

  // the same two inputs through the driver's own link (cuLinkAddData twice)
  CUlinkState ls;
  CHECK(cuLinkCreate(0, nullptr, nullptr, &ls), CUDA_SUCCESS);
  CHECK(cuLinkAddData(ls, CU_JIT_INPUT_CUBIN, k.data(), k.size(), "kernel", 0, nullptr, nullptr), CUDA_SUCCESS);
  CHECK(cuLinkAddData(ls, CU_JIT_INPUT_CUBIN, b.data(), b.size(), "blend", 0, nullptr, nullptr), CUDA_SUCCESS);
  void *limg = nullptr;
  size_t lsize = 0;
  CHECK(cuLinkComplete(ls, &limg, &lsize), CUDA_SUCCESS);
  CUmodule mod2;
  CUfunction fn2;
  CHECK(cuModuleLoadData(&mod2, limg), CUDA_SUCCESS);
  CHECK(cuLinkDestroy(ls), CUDA_SUCCESS);
  CHECK(cuModuleGetFunction(&fn2, mod2, "axpy_blend"), CUDA_SUCCESS);
  float a2 = -2.0f;
  void *args2[] = {&a2, &dx, &dy, &nn};
  CHECK(cuLaunchKernel(fn2, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args2, nullptr), CUDA_SUCCESS);
  std::vector<float> out2(n);
  CHECK(cuMemcpyDtoH(out2.data(), dy, n * sizeof(float)), CUDA_SUCCESS);
  int wrong2 = 0;
  for (int i = 0; i < n; i++) wrong2 += out2[i] != a2 * x[i] + 0.5f * out[i];
  printf("cuLink of two inputs: %d wrong\n", wrong2);
  wrong += wrong2;
  CUlinkState dup;
  CHECK(cuLinkCreate(0, nullptr, nullptr, &dup), CUDA_SUCCESS);
  CHECK(cuLinkAddData(dup, CU_JIT_INPUT_CUBIN, b.data(), b.size(), "blend", 0, nullptr, nullptr), CUDA_SUCCESS);
  CHECK(cuLinkAddData(dup, CU_JIT_INPUT_CUBIN, b.data(), b.size(), "blend", 0, nullptr, nullptr), CUDA_SUCCESS);
  printf("cuLink of a function defined twice: %s\n",
         cuLinkComplete(dup, &limg, &lsize) == CUDA_ERROR_INVALID_IMAGE ? "CUDA_ERROR_INVALID_IMAGE" : "?");
  cuLinkDestroy(dup);
  cuModuleUnload(mod2);

  // refused: no -arch; not a GPU binary; blend defined twice; a destroyed handle
  nvJitLinkHandle e;
  const char *noarch[] = {"-lto"};
  printf("no arch: %s\n", nvJitLinkCreate(&e, 1, noarch) == NVJITLINK_ERROR_MISSING_ARCH ? "MISSING_ARCH" : "?");
  CHECK(nvJitLinkCreate(&e, 2, lopts), NVJITLINK_SUCCESS);
  const char junk[] = "not a binary at all, just text";
  printf("junk: %s\n", nvJitLinkAddData(e, NVJITLINK_INPUT_CUBIN, junk, sizeof junk, "junk") ==
                               NVJITLINK_ERROR_INVALID_INPUT ? "INVALID_INPUT" : "?");
  CHECK(nvJitLinkAddData(e, NVJITLINK_INPUT_LTOIR, b.data(), b.size(), "blend"), NVJITLINK_SUCCESS);
  CHECK(nvJitLinkAddData(e, NVJITLINK_INPUT_LTOIR, b.data(), b.size(), "blend again"), NVJITLINK_SUCCESS);
  int twice = nvJitLinkComplete(e);
  size_t ln = 0;
  CHECK(nvJitLinkGetErrorLogSize(e, &ln), NVJITLINK_SUCCESS);
  std::vector<char> log(ln);
  CHECK(nvJitLinkGetErrorLog(e, log.data()), NVJITLINK_SUCCESS);
  printf("defined twice: %s, log names the link: %s\n",
         twice == NVJITLINK_ERROR_INVALID_INPUT ? "INVALID_INPUT" : "?",
         strstr(log.data(), "defined in two") ? "yes" : "no");
  CHECK(nvJitLinkDestroy(&e), NVJITLINK_SUCCESS);
  printf("destroyed handle: %s\n",
         nvJitLinkComplete(stale) == NVJITLINK_ERROR_INVALID_INPUT ? "INVALID_INPUT" : "?");
  cuMemFree(dx);
  cuMemFree(dy);
  cuModuleUnload(mod);
  cuCtxDestroy(ctx);
  return wrong ? 1 : 0;
}
