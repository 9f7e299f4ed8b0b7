/* A libNVVM program as NVIDIA's 7_libNVVM samples are written (C, the
 * driver API): NVVM IR text built at run time, compiled by libNVVM, loaded
 * with cuModuleLoadData and launched.
 *  - scale: y[i] = a * x[i] + i through a helper function, checked against
 *    a host loop;
 *  - counter: a __managed__ variable (NVVM IR's "managed" annotation) the
 *    host reads and writes through cuPointerGetAttribute's host pointer;
 *  - a device-side launch (cudaGetParameterBufferV2 + cudaLaunchDeviceV2)
 *    linked with libcudadevrt.a (cuLinkAddData + cuLinkAddFile);
 *  - the failures: IR that does not parse (NVVM_ERROR_COMPILATION, a log
 *    naming the module), nvvmVerifyProgram of it (NVVM_ERROR_INVALID_IR),
 *    an unknown option, a program without modules, bad arguments.
 * Prints one line per part; exit status 0 when all are right. */
#include <cuda.h>
#include <nvvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x)                                                                  \
  do {                                                                         \
    CUresult r_ = (x);                                                         \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *n_ = "?";                                                    \
      cuGetErrorName(r_, &n_);                                                 \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, n_);          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const char *head =
    "target datalayout = \"e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-"
    "i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n";

/* the kernels' IR, in the typed-pointer spelling of NVIDIA's samples */
static const char *kernels =
    "@counter = internal addrspace(1) global i32 7, align 4\n"
    "define float @axpy(float %a, float %x, i32 %i) {\n"
    "  %m = fmul float %a, %x\n"
    "  %f = sitofp i32 %i to float\n"
    "  %r = fadd float %m, %f\n"
    "  ret float %r\n"
    "}\n"
    "define void @scale(float* %x, float* %y, float %a, i32 %n) {\n"
    "entry:\n"
    "  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %bd = mul i32 %b, %d\n"
    "  %i = add i32 %bd, %t\n"
    "  %in = icmp slt i32 %i, %n\n"
    "  br i1 %in, label %body, label %done\n"
    "body:\n"
    "  %i64 = sext i32 %i to i64\n"
    "  %px = getelementptr inbounds float, float* %x, i64 %i64\n"
    "  %vx = load float, float* %px, align 4\n"
    "  %v = call float @axpy(float %a, float %vx, i32 %i)\n"
    "  %py = getelementptr inbounds float, float* %y, i64 %i64\n"
    "  store float %v, float* %py, align 4\n"
    "  br label %done\n"
    "done:\n"
    "  ret void\n"
    "}\n"
    "define void @bump(i32 %k) {\n"
    "  %c = load i32, i32 addrspace(1)* @counter, align 4\n"
    "  %s = add i32 %c, %k\n"
    "  store i32 %s, i32 addrspace(1)* @counter, align 4\n"
    "  ret void\n"
    "}\n"
    "%struct.dim3 = type { i32, i32, i32 }\n"
    "define void @parent(i32* %out, i32 %v) {\n"
    "  %buf = call i8* @cudaGetParameterBufferV2(i8* bitcast (void (i32*, i32)* @child to i8*),"
    " %struct.dim3 { i32 2, i32 1, i32 1 }, %struct.dim3 { i32 4, i32 1, i32 1 }, i32 0)\n"
    "  %p0 = bitcast i8* %buf to i32**\n"
    "  store i32* %out, i32** %p0, align 8\n"
    "  %a1 = getelementptr inbounds i8, i8* %buf, i64 8\n"
    "  %p1 = bitcast i8* %a1 to i32*\n"
    "  store i32 %v, i32* %p1, align 4\n"
    "  %r = call i32 @cudaLaunchDeviceV2(i8* %buf, i8* null)\n"
    "  ret void\n"
    "}\n"
    "define void @child(i32* %out, i32 %v) {\n"
    "  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %b4 = mul i32 %b, 4\n"
    "  %i = add i32 %b4, %t\n"
    "  %w = add i32 %i, %v\n"
    "  %i64 = sext i32 %i to i64\n"
    "  %p = getelementptr inbounds i32, i32* %out, i64 %i64\n"
    "  store i32 %w, i32* %p, align 4\n"
    "  ret void\n"
    "}\n"
    "declare i8* @cudaGetParameterBufferV2(i8*, %struct.dim3, %struct.dim3, i32)\n"
    "declare i32 @cudaLaunchDeviceV2(i8*, i8*)\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() nounwind readnone\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() nounwind readnone\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() nounwind readnone\n"
    "!nvvm.annotations = !{!1, !2, !3, !4, !5}\n"
    "!1 = !{void (float*, float*, float, i32)* @scale, !\"kernel\", i32 1}\n"
    "!2 = !{void (i32)* @bump, !\"kernel\", i32 1}\n"
    "!3 = !{i32 addrspace(1)* @counter, !\"managed\", i32 1}\n"
    "!4 = !{void (i32*, i32)* @parent, !\"kernel\", i32 1}\n"
    "!5 = !{void (i32*, i32)* @child, !\"kernel\", i32 1}\n"
    "!nvvmir.version = !{!0}\n"
    "!0 = !{i32 2, i32 0}\n";

/* libdevice, added lazily as ptxgen.c adds it (argv[2]) */
static char *libdevice;
static size_t libdevice_size;

static char *compile(const char *ir, const char *name, nvvmResult *status, char **log) {
  nvvmProgram prog;
  *log = NULL;
  if (nvvmCreateProgram(&prog) != NVVM_SUCCESS) exit(1);
  *status = nvvmAddModuleToProgram(prog, ir, strlen(ir) + 1, name);
  if (*status == NVVM_SUCCESS && libdevice)
    *status = nvvmLazyAddModuleToProgram(prog, libdevice, libdevice_size, "libdevice.10.bc");
  const char *opts[] = {"-arch=compute_80", "-opt=3"};
  if (*status == NVVM_SUCCESS) *status = nvvmCompileProgram(prog, 2, opts);
  size_t n = 0;
  if (nvvmGetProgramLogSize(prog, &n) == NVVM_SUCCESS && (*log = malloc(n)))
    nvvmGetProgramLog(prog, *log);
  char *out = NULL;
  if (*status == NVVM_SUCCESS && nvvmGetCompiledResultSize(prog, &n) == NVVM_SUCCESS &&
      (out = malloc(n)) && nvvmGetCompiledResult(prog, out) != NVVM_SUCCESS) {
    free(out);
    out = NULL;
  }
  nvvmDestroyProgram(&prog);
  return out;
}

int main(int argc, char **argv) {
  const char *devrt = argc > 1 ? argv[1] : NULL;
  FILE *lf = argc > 2 ? fopen(argv[2], "rb") : NULL;
  if (lf) {
    libdevice = malloc(1 << 20);
    libdevice_size = libdevice ? fread(libdevice, 1, 1 << 20, lf) : 0;
    fclose(lf);
  }
  int major = 0, minor = 0, irmaj = 0, irmin = 0, dbgmaj = 0, dbgmin = 0;
  nvvmVersion(&major, &minor);
  nvvmIRVersion(&irmaj, &irmin, &dbgmaj, &dbgmin);
  printf("libnvvm %d.%d, NVVM IR %d.%d\n", major, minor, irmaj, irmin);

  CK(cuInit(0));
  CUdevice dev;
  CUcontext ctx;
  CK(cuDeviceGet(&dev, 0));
  CK(cuCtxCreate(&ctx, NULL, 0, dev)); /* CUDA 13's four arguments, from C */

  size_t len = strlen(head) + strlen(kernels) + 1;
  char *ir = malloc(len);
  snprintf(ir, len, "%s%s", head, kernels);
  nvvmResult st;
  char *log;
  char *image = compile(ir, "kernels.ll", &st, &log);
  if (!image) {
    printf("compile: %s\n%s\n", nvvmGetErrorString(st), log ? log : "");
    return 1;
  }
  free(log);

  /* scale */
  CUmodule mod;
  CUfunction scale, bump, parent;
  CK(cuModuleLoadData(&mod, image));
  CK(cuModuleGetFunction(&scale, mod, "scale"));
  CK(cuModuleGetFunction(&bump, mod, "bump"));
  int n = 1000;
  float a = 2.5f, *hx = malloc(n * sizeof *hx), *hy = malloc(n * sizeof *hy);
  for (int i = 0; i < n; i++) hx[i] = (float)(i % 17) - 3.0f;
  CUdeviceptr dx, dy;
  CK(cuMemAlloc(&dx, n * sizeof(float)));
  CK(cuMemAlloc(&dy, n * sizeof(float)));
  CK(cuMemcpyHtoD(dx, hx, n * sizeof(float)));
  void *args[] = {&dx, &dy, &a, &n};
  CK(cuLaunchKernel(scale, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
  CK(cuMemcpyDtoH(hy, dy, n * sizeof(float)));
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += hy[i] != a * hx[i] + (float)i;
  printf("nvvm scale n=%d: %d wrong\n", n, wrong);

  /* the managed variable */
  CUdeviceptr dc;
  size_t cs = 0;
  unsigned managed = 0;
  int *hc = NULL;
  CK(cuModuleGetGlobal(&dc, &cs, mod, "counter"));
  CK(cuPointerGetAttribute(&managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, dc));
  CK(cuPointerGetAttribute(&hc, CU_POINTER_ATTRIBUTE_HOST_POINTER, dc));
  int before = *hc;
  *hc += 100;
  int k = 5;
  void *bargs[] = {&k};
  CK(cuLaunchKernel(bump, 1, 1, 1, 1, 1, 1, 0, NULL, bargs, NULL));
  CK(cuCtxSynchronize());
  unsigned not_managed = 1;
  CK(cuPointerGetAttribute(&not_managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, dx));
  printf("managed counter: %zu bytes, managed %u, initial %d, after the kernel %d; "
         "cuMemAlloc's managed %u\n", cs, managed, before, *hc, not_managed);

  /* a device-side launch, linked with the device runtime as dsl.c does */
  CUlinkState link;
  void *cubin = NULL;
  size_t cubin_size = 0;
  CK(cuLinkCreate(0, NULL, NULL, &link));
  CK(cuLinkAddData(link, CU_JIT_INPUT_PTX, image, strlen(image) + 1, "kernels", 0, NULL, NULL));
  if (devrt) CK(cuLinkAddFile(link, CU_JIT_INPUT_LIBRARY, devrt, 0, NULL, NULL));
  CK(cuLinkComplete(link, &cubin, &cubin_size));
  CUmodule linked;
  CK(cuModuleLoadData(&linked, cubin));
  CK(cuLinkDestroy(link));
  CK(cuModuleGetFunction(&parent, linked, "parent"));
  CUdeviceptr dout;
  int hout[8], v = 40;
  CK(cuMemAlloc(&dout, sizeof hout));
  CK(cuMemsetD32(dout, 0, 8));
  void *pargs[] = {&dout, &v};
  CK(cuLaunchKernel(parent, 1, 1, 1, 1, 1, 1, 0, NULL, pargs, NULL));
  CK(cuMemcpyDtoH(hout, dout, sizeof hout));
  wrong = 0;
  for (int i = 0; i < 8; i++) wrong += hout[i] != i + v;
  printf("device-side launch: %d wrong\n", wrong);
  /* libNVVM's output handed to a link as what it is */
  CK(cuLinkCreate(0, NULL, NULL, &link));
  CUresult nv = cuLinkAddData(link, CU_JIT_INPUT_NVVM, image, strlen(image) + 1, "nvvm", 0, NULL,
                              NULL);
  CUresult obj = cuLinkAddData(link, CU_JIT_INPUT_OBJECT, "\177ELF", 4, "obj", 0, NULL, NULL);
  CK(cuLinkDestroy(link));
  int local = 0;
  void *hp = NULL;
  CUresult unknown = cuPointerGetAttribute(&hp, CU_POINTER_ATTRIBUTE_HOST_POINTER,
                                           (CUdeviceptr)(size_t)&local);
  const char *e1 = "?", *e2 = "?", *e3 = "?";
  cuGetErrorName(nv, &e1);
  cuGetErrorName(obj, &e2);
  cuGetErrorName(unknown, &e3);
  printf("link of NVVM output: %s, of an object: %s; host pointer of unknown memory: %s\n", e1,
         e2, e3);

  /* failures */
  char *bad = compile("define void @k( {\n", "broken.ll", &st, &log);
  printf("broken IR: %s, no result %s, log names it %s\n", nvvmGetErrorString(st),
         bad ? "no" : "yes", log && strstr(log, "broken.ll") && strstr(log, "error") ? "yes" : "no");
  free(log);
  /* bitcode that is not: the isolated reader says so */
  bad = compile("BC\xc0\xde\x35\x14\x21\x22\x33\x44\x55", "corrupt.bc", &st, &log);
  printf("corrupt bitcode: %s, no result %s, log names it %s\n", nvvmGetErrorString(st),
         bad ? "no" : "yes", log && strstr(log, "corrupt.bc") ? "yes" : "no");
  free(log);
  nvvmProgram prog;
  nvvmCreateProgram(&prog);
  const char *vir = "define void @k() { ret i32 0 }\n";
  nvvmAddModuleToProgram(prog, vir, strlen(vir), "verify.ll");
  st = nvvmVerifyProgram(prog, 0, NULL);
  size_t ls = 0;
  nvvmGetProgramLogSize(prog, &ls);
  printf("verify: %s, log %s\n", nvvmGetErrorString(st), ls > 1 ? "written" : "empty");
  const char *opt[] = {"-no-such-option"};
  printf("unknown option: %s\n", nvvmGetErrorString(nvvmCompileProgram(prog, 1, opt)));
  size_t rs = 0;
  printf("result of a failed compile: %s\n",
         nvvmGetErrorString(nvvmGetCompiledResultSize(prog, &rs)));
  nvvmDestroyProgram(&prog);
  nvvmCreateProgram(&prog);
  printf("no module: %s\n", nvvmGetErrorString(nvvmCompileProgram(prog, 0, NULL)));
  printf("empty module: %s\n", nvvmGetErrorString(nvvmAddModuleToProgram(prog, "", 0, "e")));
  nvvmDestroyProgram(&prog);
  printf("null program: %s\n", nvvmGetErrorString(nvvmCompileProgram(NULL, 0, NULL)));
  printf("destroyed twice: %s\n", nvvmGetErrorString(nvvmDestroyProgram(&prog)));

  CK(cuMemFree(dx));
  CK(cuMemFree(dy));
  CK(cuMemFree(dout));
  CK(cuModuleUnload(mod));
  CK(cuModuleUnload(linked));
  CK(cuCtxDestroy(ctx));
  free(image);
  free(ir);
  free(libdevice);
  free(hx);
  free(hy);
  return 0;
}
