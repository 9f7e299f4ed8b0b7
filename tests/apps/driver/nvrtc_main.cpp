// Runtime compilation as CUDA's NVRTC samples do it: the kernel's source in
// a string (with a header handed over by name and a macro from the
// options), nvrtcCompileProgram, the CUBIN loaded with cuModuleLoadData and
// launched with cuLaunchKernel; results against a host loop. Then a source
// with an error: NVRTC_ERROR_COMPILATION and a log naming it.
#include <cuda.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define NVRTC(call)                                                            \
  do {                                                                         \
    nvrtcResult r_ = (call);                                                   \
    if (r_ != NVRTC_SUCCESS) {                                                 \
      printf("%s failed: %s\n", #call, nvrtcGetErrorString(r_));               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#define CU(call)                                                               \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      printf("%s failed: %d\n", #call, (int)r_);                               \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const char *header = "#pragma once\n"
                            "__device__ inline int square(int v) { return v * v; }\n";
static const char *source = "#include \"square.h\"\n"
                            "extern \"C\" __global__ void poly(const int *in, int *out, int n) {\n"
                            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "  if (i < n) out[i] = SCALE * square(in[i]) + in[i];\n"
                            "}\n";
static const char *offset = "#include \"rtc_common.h\"\n"
                            "extern \"C\" __global__ void shift(int *v) { v[threadIdx.x] += RTC_OFFSET; }\n";
static const char *broken = "extern \"C\" __global__ void k(int *p) { p[0] = undeclared; }\n";

int main() {
  int major = 0, minor = 0;
  NVRTC(nvrtcVersion(&major, &minor));
  nvrtcProgram prog;
  const char *headers[] = {header}, *names[] = {"square.h"};
  NVRTC(nvrtcCreateProgram(&prog, source, "poly.cu", 1, headers, names));
  const char *opts[] = {"--gpu-architecture=compute_70", "-DSCALE=3", "--std=c++17",
                        "-lineinfo", "--use_fast_math"};
  NVRTC(nvrtcCompileProgram(prog, 5, opts));
  size_t size = 0;
  NVRTC(nvrtcGetCUBINSize(prog, &size));
  std::vector<char> cubin(size);
  NVRTC(nvrtcGetCUBIN(prog, cubin.data()));
  NVRTC(nvrtcDestroyProgram(&prog));

  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction poly;
  CU(cuInit(0));
  CU(cuDeviceGet(&dev, 0));
  CU(cuCtxCreate(&ctx, 0, dev));
  CU(cuModuleLoadData(&mod, cubin.data()));
  CU(cuModuleGetFunction(&poly, mod, "poly"));
  int n = 500;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; i++) in[i] = i % 37 - 18;
  CUdeviceptr din, dout;
  CU(cuMemAlloc(&din, n * sizeof(int)));
  CU(cuMemAlloc(&dout, n * sizeof(int)));
  CU(cuMemcpyHtoD(din, in.data(), n * sizeof(int)));
  void *args[] = {&din, &dout, &n};
  CU(cuLaunchKernel(poly, (n + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr));
  CU(cuMemcpyDtoH(out.data(), dout, n * sizeof(int)));
  int wrong = 0;
  for (int i = 0; i < n; i++)
    if (out[i] != 3 * in[i] * in[i] + in[i]) wrong++;
  printf("nvrtc %d.%d poly n=%d: %d wrong\n", major, minor, n, wrong);

  // a kernel file that includes a header of its own (found in the working folder)
  nvrtcProgram prog2;
  NVRTC(nvrtcCreateProgram(&prog2, offset, "kernels/offset.cu", 0, nullptr, nullptr));
  NVRTC(nvrtcCompileProgram(prog2, 0, nullptr));
  NVRTC(nvrtcGetCUBINSize(prog2, &size));
  std::vector<char> cubin2(size);
  NVRTC(nvrtcGetCUBIN(prog2, cubin2.data()));
  NVRTC(nvrtcDestroyProgram(&prog2));
  CUmodule mod2;
  CUfunction shift;
  CU(cuModuleLoadData(&mod2, cubin2.data()));
  CU(cuModuleGetFunction(&shift, mod2, "shift"));
  void *sargs[] = {&dout};
  CU(cuLaunchKernel(shift, 1, 1, 1, 32, 1, 1, 0, nullptr, sargs, nullptr));
  std::vector<int> shifted(32);
  CU(cuMemcpyDtoH(shifted.data(), dout, 32 * sizeof(int)));
  int moved = 0;
  for (int i = 0; i < 32; i++) moved += shifted[i] == out[i] + 1000;
  printf("header from the working folder: %d of 32 shifted\n", moved);

  nvrtcProgram bad;
  NVRTC(nvrtcCreateProgram(&bad, broken, "broken.cu", 0, nullptr, nullptr));
  nvrtcResult r = nvrtcCompileProgram(bad, 0, nullptr);
  size_t log_size = 0;
  NVRTC(nvrtcGetProgramLogSize(bad, &log_size));
  std::vector<char> log(log_size);
  NVRTC(nvrtcGetProgramLog(bad, log.data()));
  printf("broken: %s, log names it: %s\n", nvrtcGetErrorString(r),
         strstr(log.data(), "undeclared") ? "yes" : "no");
  NVRTC(nvrtcDestroyProgram(&bad));
  CU(cuMemFree(din));
  CU(cuMemFree(dout));
  CU(cuCtxDestroy(ctx));
  return wrong != 0;
}
