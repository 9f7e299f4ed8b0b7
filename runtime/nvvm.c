/*
 * simulee runtime: libNVVM (nvvm.h, the toolkit's nvvm/include), NVVM IR
 * compiled at run time. A program's modules (NVVM IR as text, or LLVM
 * bitcode) are parsed with LLVM 19's reader (each first in the interpreter's
 * isolated reader, simI_check_module: a module that crashes LLVM is an
 * error of the program, not a crash), linked into one (a module added
 * lazily, libdevice, gives only the functions the others call: its
 * definitions become linkonce_odr, which the linker takes only when used),
 * given what NVVM IR calls that simulee's interpreter spells otherwise (the
 * device runtime's launch, below) and verified. The "compiled result" is
 * not PTX: it is simulee's GPU binary of the kernels' bitcode as text
 * (SIMR_PTX_TEXT, what simulee's `nvcc -ptx` writes), which
 * cuModuleLoadData, cuModuleLoadDataEx and cuLinkAddData load
 * (runtime/driver.c); a program that prints it prints base64. LLVM's
 * messages are the program log. NVVM IR's own annotations are LLVM
 * metadata the interpreter reads as they are: "kernel" (a kernel), and
 * "managed" (a __managed__ variable, interp/load.c).
 *
 * Device-side launches of NVVM IR (cudaGetParameterBuffer[V2] +
 * cudaLaunchDevice[V2], the device runtime's ABI) become the interpreter's
 * __sim_device_launch (cuda/simulee_dp.h): the parameter buffer is taken
 * from the device heap behind a header that holds the kernel, its
 * configuration and the byte offset of each of its parameters (from a
 * table of every kernel of the module, looked up by the kernel's address).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

typedef enum {
  NVVM_OK = 0,
  NVVM_OUT_OF_MEMORY = 1,
  NVVM_CREATION_FAILURE = 2,
  NVVM_IR_VERSION_MISMATCH = 3,
  NVVM_INVALID_INPUT = 4,
  NVVM_INVALID_PROGRAM = 5,
  NVVM_INVALID_IR = 6,
  NVVM_INVALID_OPTION = 7,
  NVVM_NO_MODULE = 8,
  NVVM_COMPILATION = 9,
  NVVM_CANCELLED = 10
} nvvmResult;

typedef struct nvvm_input {
  char *data;  /* the module's bytes (text: NUL-terminated after size) */
  size_t size;
  char *name;
  int lazy;    /* nvvmLazyAddModuleToProgram */
} nvvm_input;

struct _nvvmProgram {
  nvvm_input *in;
  unsigned nin;
  char *result; /* SIMR_PTX_TEXT, NUL-terminated, after a compile */
  size_t result_len;
  char *log;
  size_t log_len;
};

EXPORT const char *nvvmGetErrorString(nvvmResult r) {
  static const char *const s[] = {
      "NVVM_SUCCESS", "NVVM_ERROR_OUT_OF_MEMORY", "NVVM_ERROR_PROGRAM_CREATION_FAILURE",
      "NVVM_ERROR_IR_VERSION_MISMATCH", "NVVM_ERROR_INVALID_INPUT",
      "NVVM_ERROR_INVALID_PROGRAM", "NVVM_ERROR_INVALID_IR", "NVVM_ERROR_INVALID_OPTION",
      "NVVM_ERROR_NO_MODULE_IN_PROGRAM", "NVVM_ERROR_COMPILATION", "NVVM_ERROR_CANCELLED"};
  if ((unsigned)r < sizeof s / sizeof *s) return s[r];
  return "NVVM_ERROR unknown";
}

/* libNVVM 2.0 (CUDA 12), NVVM IR 2.0, debug metadata 3.1 */
EXPORT nvvmResult nvvmVersion(int *major, int *minor) {
  if (!major || !minor) return NVVM_INVALID_INPUT;
  *major = 2;
  *minor = 0;
  return NVVM_OK;
}
EXPORT nvvmResult nvvmIRVersion(int *major_ir, int *minor_ir, int *major_dbg, int *minor_dbg) {
  if (!major_ir || !minor_ir || !major_dbg || !minor_dbg) return NVVM_INVALID_INPUT;
  *major_ir = 2, *minor_ir = 0, *major_dbg = 3, *minor_dbg = 1;
  return NVVM_OK;
}

EXPORT nvvmResult nvvmCreateProgram(struct _nvvmProgram **pp) {
  if (!pp) return NVVM_INVALID_INPUT;
  struct _nvvmProgram *p = calloc(1, sizeof *p);
  if (!p) return NVVM_OUT_OF_MEMORY;
  *pp = p;
  return NVVM_OK;
}

EXPORT nvvmResult nvvmDestroyProgram(struct _nvvmProgram **pp) {
  if (!pp || !*pp) return NVVM_INVALID_PROGRAM;
  struct _nvvmProgram *p = *pp;
  for (unsigned i = 0; i < p->nin; i++) free(p->in[i].data), free(p->in[i].name);
  free(p->in);
  free(p->result);
  free(p->log);
  free(p);
  *pp = NULL;
  return NVVM_OK;
}

static int is_bitcode(const char *data, size_t len) {
  const unsigned char *m = (const unsigned char *)data;
  return len >= 4 && ((m[0] == 'B' && m[1] == 'C' && m[2] == 0xC0 && m[3] == 0xDE) ||
                      (m[0] == 0xDE && m[1] == 0xC0 && m[2] == 0x17 && m[3] == 0x0B));
}

static nvvmResult add_module(struct _nvvmProgram *p, const char *buf, size_t size,
                             const char *name, int lazy) {
  if (!p) return NVVM_INVALID_PROGRAM;
  if (!buf || !size) return NVVM_INVALID_INPUT;
  if (size > SIMI_MAX_MODULE_BYTES) return NVVM_INVALID_INPUT;
  nvvm_input *ni = realloc(p->in, (p->nin + 1) * sizeof *ni);
  if (!ni) return NVVM_OUT_OF_MEMORY;
  p->in = ni;
  nvvm_input *m = &p->in[p->nin];
  /* text is handed over with or without its NUL: kept without it
   * (bitcode's last bytes may be zeros) */
  if (!is_bitcode(buf, size))
    while (size && !buf[size - 1]) size--;
  if (!size) return NVVM_INVALID_INPUT;
  m->data = malloc(size + 1);
  m->name = strdup(name ? name : "<unnamed>");
  if (!m->data || !m->name) {
    free(m->data);
    free(m->name);
    return NVVM_OUT_OF_MEMORY;
  }
  memcpy(m->data, buf, size);
  m->data[size] = 0;
  m->size = size;
  m->lazy = lazy;
  p->nin++;
  return NVVM_OK;
}

EXPORT nvvmResult nvvmAddModuleToProgram(struct _nvvmProgram *p, const char *buf, size_t size,
                                         const char *name) {
  return add_module(p, buf, size, name, 0);
}
EXPORT nvvmResult nvvmLazyAddModuleToProgram(struct _nvvmProgram *p, const char *buf,
                                             size_t size, const char *name) {
  return add_module(p, buf, size, name, 1);
}

/* ------------------------------------------------------------------ log */

static void log_add(struct _nvvmProgram *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void log_add(struct _nvvmProgram *p, const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  size_t k = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
  char *nl = realloc(p->log, p->log_len + k + 2);
  if (!nl) return;
  p->log = nl;
  memcpy(p->log + p->log_len, line, k);
  p->log_len += k;
  if (!k || line[k - 1] != '\n') p->log[p->log_len++] = '\n';
  p->log[p->log_len] = 0;
}

/* Options of libNVVM: all of them mean nothing on the CPU, but a name
 * libNVVM does not know is NVVM_ERROR_INVALID_OPTION. */
static int known_option(const char *o) {
  static const char *const pre[] = {"-arch=compute_", "-arch=lto_", "-opt=", "-ftz=",
                                    "-prec-sqrt=", "-prec-div=", "-fma=", "-jump-table-density=",
                                    "-Xopt", "-Xllc", "-Xlnk"};
  static const char *const whole[] = {"-g", "-generate-line-info", "-gen-lto", "-gen-lto-ir",
                                      "-opt", "-device-debug", "-lineinfo"};
  for (size_t i = 0; i < sizeof pre / sizeof *pre; i++)
    if (!strncmp(o, pre[i], strlen(pre[i])) && o[strlen(pre[i])]) return 1;
  for (size_t i = 0; i < sizeof whole / sizeof *whole; i++)
    if (!strcmp(o, whole[i])) return 1;
  return 0;
}

static nvvmResult check_options(struct _nvvmProgram *p, int n, const char **opts) {
  if (n < 0 || (n > 0 && !opts)) return NVVM_INVALID_INPUT;
  nvvmResult r = NVVM_OK;
  for (int i = 0; i < n; i++)
    if (!opts[i] || !known_option(opts[i])) {
      log_add(p, "libnvvm : error: %.400s is an unsupported option",
              opts[i] ? opts[i] : "(null)");
      r = NVVM_INVALID_OPTION;
    }
  return r;
}

/* ------------------------------------------------------------ the build */

typedef struct diag_log {
  struct _nvvmProgram *p;
  const char *name;
  int errors;
} diag_log;

static void diag(LLVMDiagnosticInfoRef di, void *ctx) {
  diag_log *d = ctx;
  LLVMDiagnosticSeverity sv = LLVMGetDiagInfoSeverity(di);
  if (sv != LLVMDSError && sv != LLVMDSWarning) return;
  char *m = LLVMGetDiagInfoDescription(di);
  log_add(d->p, "%s: %s: %s", d->name, sv == LLVMDSError ? "error" : "warning", m ? m : "");
  LLVMDisposeMessage(m);
  if (sv == LLVMDSError) d->errors++;
}


/* Module in in the isolated reader: what would crash LLVM fails here. 0,
 * or -1 with the reason in the log. */
static int check_module(struct _nvvmProgram *p, const nvvm_input *in) {
  char why[512];
  if (!simI_check_module(in->data, in->size, why, sizeof why)) return 0;
  /* the reader names the buffer "module": the line and column are the
   * module's */
  char *at = strstr(why, "module:");
  if (at) log_add(p, "%s: error: %.*s%s:%s", in->name, (int)(at - why), why, in->name, at + 7);
  else log_add(p, "%s: error: %s", in->name, why);
  return -1;
}

/* Parse module in (in context c), which check_module passed. NULL with the
 * reason in the log. */
static LLVMModuleRef parse_module(struct _nvvmProgram *p, LLVMContextRef c, diag_log *dl,
                                  const nvvm_input *in) {
  LLVMModuleRef mod = NULL;
  dl->name = in->name;
  if (is_bitcode(in->data, in->size)) {
    LLVMMemoryBufferRef b =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(in->data, in->size, in->name);
    if (!b) return NULL;
    int bad = LLVMParseBitcodeInContext2(c, b, &mod);
    LLVMDisposeMemoryBuffer(b);
    if (bad) {
      log_add(p, "%s: error: corrupt LLVM bitcode", in->name);
      return NULL;
    }
  } else {
    char *msg = NULL;
    LLVMMemoryBufferRef b =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(in->data, in->size, in->name);
    if (!b) return NULL;
    if (LLVMParseIRInContext(c, b, &mod, &msg)) { /* takes b */
      log_add(p, "%s: error: %s", in->name, msg ? msg : "parse error");
      LLVMDisposeMessage(msg);
      return NULL;
    }
  }
  return mod;
}

/* The offsets of kernel fn's parameters in a parameter buffer (each at its
 * ABI alignment), as a constant [2 + max x i32]: count, bytes, offsets. */
static LLVMValueRef param_table(LLVMTargetDataRef td, LLVMValueRef fn, unsigned max,
                                LLVMContextRef c) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
  LLVMValueRef *v = calloc(max + 2, sizeof *v);
  if (!v) return NULL;
  unsigned np = fn ? LLVMCountParams(fn) : 0;
  unsigned long long off = 0;
  for (unsigned i = 0; i < np && i < max; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
    unsigned long long al = LLVMABIAlignmentOfType(td, t);
    if (al) off = (off + al - 1) / al * al;
    v[2 + i] = LLVMConstInt(i32, off, 0);
    off += LLVMABISizeOfType(td, t);
  }
  v[0] = LLVMConstInt(i32, fn ? np : 0, 0);
  v[1] = LLVMConstInt(i32, off, 0);
  for (unsigned i = 0; i < max + 2; i++)
    if (!v[i]) v[i] = LLVMConstInt(i32, 0, 0);
  LLVMValueRef t = LLVMConstArray2(i32, v, max + 2);
  free(v);
  return t;
}

static int is_kernel_fn(LLVMValueRef fn, LLVMValueRef *ann, unsigned nann) {
  if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv) return 1;
  for (unsigned i = 0; i < nann; i++) {
    unsigned n = LLVMGetMDNodeNumOperands(ann[i]);
    LLVMValueRef ops[8];
    if (n < 2 || n > 8) continue;
    LLVMGetMDNodeOperands(ann[i], ops);
    unsigned sl = 0;
    const char *s = ops[1] ? LLVMGetMDString(ops[1], &sl) : NULL;
    if (ops[0] == fn && s && sl == 6 && !memcmp(s, "kernel", 6)) return 1;
  }
  return 0;
}

/* a declaration of `name` whose parameters are the kinds of `kinds` (p
 * pointer, i integer, s struct {i32, i32, i32}), or NULL */
static LLVMValueRef declared(LLVMModuleRef mod, const char *name, const char *kinds) {
  LLVMValueRef f = LLVMGetNamedFunction(mod, name);
  if (!f || !LLVMIsDeclaration(f) || LLVMCountParams(f) != strlen(kinds)) return NULL;
  for (unsigned i = 0; kinds[i]; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(f, i));
    LLVMTypeKind k = LLVMGetTypeKind(t);
    int ok = kinds[i] == 'p' ? k == LLVMPointerTypeKind
           : kinds[i] == 'i' ? k == LLVMIntegerTypeKind
           : k == LLVMStructTypeKind && LLVMCountStructElementTypes(t) == 3;
    if (!ok) return NULL;
  }
  return f;
}
/* The body of cudaGetParameterBuffer[V2], fn: a header and parameter
 * buffer from bufn (the device heap); null returned when the heap has none,
 * else the builder left after the check with the buffer returned. */
static LLVMValueRef dp_take_buffer(LLVMBuilderRef b, LLVMContextRef c, LLVMValueRef fn,
                                   LLVMValueRef bufn, LLVMTypeRef ptr) {
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, fn, "entry"));
  LLVMValueRef h = LLVMBuildCall2(b, LLVMFunctionType(ptr, NULL, 0, 0), bufn, NULL, 0, "h");
  LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(c, fn, "ok");
  LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(c, fn, "fail");
  LLVMBuildCondBr(b, LLVMBuildIsNull(b, h, ""), fail, ok);
  LLVMPositionBuilderAtEnd(b, fail);
  LLVMBuildRet(b, LLVMConstNull(ptr));
  LLVMPositionBuilderAtEnd(b, ok);
  return h;
}


#define DP_PARAM_BYTES 4096u

/* The device runtime's launch calls (see the top): defined in mod. 0, or
 * -1 (logged) when the module's kernels take more parameters than a
 * launch can pass. */
static int define_device_launch(struct _nvvmProgram *p, LLVMModuleRef mod, LLVMContextRef c) {
  LLVMValueRef gpb2 = declared(mod, "cudaGetParameterBufferV2", "pssi");
  LLVMValueRef ld2 = declared(mod, "cudaLaunchDeviceV2", "pp");
  LLVMValueRef gpb = declared(mod, "cudaGetParameterBuffer", "ii");
  LLVMValueRef ld = declared(mod, "cudaLaunchDevice", "ppssip");
  if (!gpb2 && !ld2 && !gpb && !ld) return 0;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(c), i32 = LLVMInt32TypeInContext(c);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c), ptr = LLVMPointerTypeInContext(c, 0);
  const char *dl = LLVMGetDataLayoutStr(mod);
  LLVMTargetDataRef td = LLVMCreateTargetData(dl ? dl : "");
  /* the kernels and their parameter tables */
  unsigned nann = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
  LLVMValueRef *ann = calloc(nann + 1, sizeof *ann);
  if (!ann) {
    LLVMDisposeTargetData(td);
    log_add(p, "libnvvm : error: out of memory");
    return -1;
  }
  LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", ann);
  unsigned max = 0, nk = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && is_kernel_fn(f, ann, nann)) {
      nk++;
      if (LLVMCountParams(f) > max) max = LLVMCountParams(f);
    }
  if (max > DP_PARAM_BYTES / 4) {
    log_add(p, "error: a kernel of the program has %u parameters: a device-side launch passes "
            "at most %u bytes", max, DP_PARAM_BYTES);
    free(ann);
    LLVMDisposeTargetData(td);
    return -1;
  }
  /* header: the kernel (8 bytes), then the configuration of
   * __sim_device_launch: grid, block, shared bytes, the table */
  unsigned cfg_words = 9 + max;
  unsigned hdr = (8 + 4 * cfg_words + 15) / 16 * 16;
  LLVMTypeRef tab_t = LLVMArrayType2(i32, max + 2);
  LLVMValueRef none = LLVMAddGlobal(mod, tab_t, "__simulee_nvvm_dp_none");
  LLVMSetInitializer(none, param_table(td, NULL, max, c));
  LLVMSetGlobalConstant(none, 1);
  LLVMSetLinkage(none, LLVMPrivateLinkage);
  LLVMValueRef *kf = calloc(nk + 1, sizeof *kf), *kt = calloc(nk + 1, sizeof *kt);
  if (!kf || !kt) {
    free(kf), free(kt), free(ann);
    LLVMDisposeTargetData(td);
    log_add(p, "libnvvm : error: out of memory");
    return -1;
  }
  nk = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && is_kernel_fn(f, ann, nann)) {
      LLVMValueRef g = LLVMAddGlobal(mod, tab_t, "__simulee_nvvm_dp_params");
      LLVMSetInitializer(g, param_table(td, f, max, c));
      LLVMSetGlobalConstant(g, 1);
      LLVMSetLinkage(g, LLVMPrivateLinkage);
      kf[nk] = f, kt[nk++] = g;
    }
  free(ann);
  LLVMDisposeTargetData(td);

  LLVMTypeRef malloc_t = LLVMFunctionType(ptr, &i64, 1, 0);
  LLVMValueRef mallocf = LLVMGetNamedFunction(mod, "malloc");
  if (!mallocf) mallocf = LLVMAddFunction(mod, "malloc", malloc_t);
  LLVMTypeRef free_t = LLVMFunctionType(LLVMVoidTypeInContext(c), &ptr, 1, 0);
  LLVMValueRef freef = LLVMGetNamedFunction(mod, "free");
  if (!freef) freef = LLVMAddFunction(mod, "free", free_t);
  LLVMTypeRef launch_args[3] = {ptr, ptr, ptr};
  LLVMTypeRef launch_t = LLVMFunctionType(i32, launch_args, 3, 0);
  LLVMValueRef launchf = LLVMGetNamedFunction(mod, "__sim_device_launch");
  if (!launchf) launchf = LLVMAddFunction(mod, "__sim_device_launch", launch_t);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
#define AT(base, off) LLVMBuildGEP2(b, i8, (base), (LLVMValueRef[]){LLVMConstInt(i64, (unsigned long long)(off), 1)}, 1, "")
  /* the buffer: header + DP_PARAM_BYTES from the device heap */
  LLVMValueRef bufn = NULL;
  if (gpb2 || gpb) {
    bufn = LLVMAddFunction(mod, "__simulee_nvvm_dp_buffer", LLVMFunctionType(ptr, NULL, 0, 0));
    LLVMSetLinkage(bufn, LLVMInternalLinkage);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, bufn, "entry"));
    LLVMValueRef h = LLVMBuildCall2(b, malloc_t, mallocf,
                                    (LLVMValueRef[]){LLVMConstInt(i64, hdr + DP_PARAM_BYTES, 0)},
                                    1, "h");
    LLVMBuildRet(b, h);
  }
  /* stores grid, block and shared bytes of a launch into header h */
  LLVMValueRef h, fnv;
  if (gpb2) {
    h = dp_take_buffer(b, c, gpb2, bufn, ptr);
    LLVMBuildStore(b, LLVMGetParam(gpb2, 0), h);
    for (unsigned k = 0; k < 6; k++)
      LLVMBuildStore(b, LLVMBuildExtractValue(b, LLVMGetParam(gpb2, 1 + k / 3), k % 3, ""),
                     AT(h, 8 + 4 * k));
    LLVMBuildStore(b, LLVMBuildIntCast2(b, LLVMGetParam(gpb2, 3), i32, 0, ""), AT(h, 8 + 24));
    LLVMBuildRet(b, AT(h, hdr));
  }
  if (gpb) {
    h = dp_take_buffer(b, c, gpb, bufn, ptr);
    LLVMBuildRet(b, AT(h, hdr));
  }
  /* the launch of a filled header: the kernel's table, then the launch */
  LLVMValueRef go = NULL;
  LLVMTypeRef go_t = LLVMFunctionType(i32, &ptr, 1, 0);
  if (ld2 || ld) {
    go = LLVMAddFunction(mod, "__simulee_nvvm_dp_launch", go_t);
    LLVMSetLinkage(go, LLVMInternalLinkage);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, go, "entry"));
    LLVMValueRef buf = LLVMGetParam(go, 0);
    h = AT(buf, -(long long)hdr);
    fnv = LLVMBuildLoad2(b, ptr, h, "fn");
    LLVMValueRef tab = none;
    for (unsigned k = 0; k < nk; k++)
      tab = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, fnv, kf[k], ""), kt[k], tab, "");
    LLVMBuildMemCpy(b, AT(h, 8 + 28), 4, tab, 4, LLVMConstInt(i64, 4ull * (max + 2), 0));
    LLVMValueRef r = LLVMBuildCall2(b, launch_t, launchf,
                                    (LLVMValueRef[]){fnv, AT(h, 8), buf}, 3, "r");
    /* the launch copied the configuration and the parameters */
    LLVMBuildCall2(b, free_t, freef, &h, 1, "");
    LLVMBuildRet(b, r);
  }
  if (ld2) {
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, ld2, "entry"));
    LLVMValueRef buf = LLVMGetParam(ld2, 0);
    LLVMBuildRet(b, LLVMBuildIntCast2(b, LLVMBuildCall2(b, go_t, go, &buf, 1, ""),
                                      LLVMGetReturnType(LLVMGlobalGetValueType(ld2)), 0, ""));
  }
  if (ld) {
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, ld, "entry"));
    LLVMValueRef buf = LLVMGetParam(ld, 1);
    h = AT(buf, -(long long)hdr);
    LLVMBuildStore(b, LLVMGetParam(ld, 0), h);
    for (unsigned k = 0; k < 6; k++)
      LLVMBuildStore(b, LLVMBuildExtractValue(b, LLVMGetParam(ld, 2 + k / 3), k % 3, ""),
                     AT(h, 8 + 4 * k));
    LLVMBuildStore(b, LLVMBuildIntCast2(b, LLVMGetParam(ld, 4), i32, 0, ""), AT(h, 8 + 24));
    LLVMBuildRet(b, LLVMBuildIntCast2(b, LLVMBuildCall2(b, go_t, go, &buf, 1, ""),
                                      LLVMGetReturnType(LLVMGlobalGetValueType(ld)), 0, ""));
  }
#undef AT
  LLVMDisposeBuilder(b);
  free(kf);
  free(kt);
  return 0;
}

/* What NVVM IR of older releases spells that LLVM 19 does not run: the
 * intrinsics renamed since (llvm.cuda.syncthreads is llvm.nvvm.barrier0). */
static void upgrade(LLVMModuleRef mod) {
  LLVMValueRef old = LLVMGetNamedFunction(mod, "llvm.cuda.syncthreads");
  if (old && LLVMIsDeclaration(old) && LLVMCountParams(old) == 0) {
    LLVMValueRef bar = LLVMGetNamedFunction(mod, "llvm.nvvm.barrier0");
    if (!bar) bar = LLVMAddFunction(mod, "llvm.nvvm.barrier0", LLVMGlobalGetValueType(old));
    LLVMReplaceAllUsesWith(old, bar);
    LLVMDeleteFunction(old);
  }
  const char *tr = LLVMGetTarget(mod);
  if (!tr || strncmp(tr, "nvptx", 5)) LLVMSetTarget(mod, "nvptx64-nvidia-cuda");
}

/* The blob of bitcode bc as SIMR_PTX_TEXT (see cli/nvcc.c). */
static char *ptx_text(const uint8_t *bc, size_t n, const char *source, size_t *len) {
  size_t sl = strlen(source);
  size_t blen = SIMR_BLOB_HEADER + n + sl + 1;
  uint8_t *blob = malloc(blen);
  size_t ml = strlen(SIMR_PTX_TEXT);
  size_t cap = ml + (blen + 2) / 3 * 4 + (blen + 2) / 3 * 4 / 76 + 4;
  char *t = blob ? malloc(cap) : NULL;
  if (!t) {
    free(blob);
    return NULL;
  }
  uint64_t n64 = n;
  memcpy(blob, SIMR_BLOB_MAGIC, 8);
  memcpy(blob + 8, &n64, 8); /* little endian, as the loaders read it */
  memcpy(blob + SIMR_BLOB_HEADER, bc, n);
  memcpy(blob + SIMR_BLOB_HEADER + n, source, sl + 1);
  static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  memcpy(t, SIMR_PTX_TEXT, ml);
  size_t o = ml, col = 0;
  for (size_t i = 0; i < blen; i += 3) {
    unsigned v = (unsigned)blob[i] << 16 | (i + 1 < blen ? (unsigned)blob[i + 1] << 8 : 0) |
                 (i + 2 < blen ? blob[i + 2] : 0);
    t[o++] = b64[v >> 18 & 63];
    t[o++] = b64[v >> 12 & 63];
    t[o++] = i + 1 < blen ? b64[v >> 6 & 63] : '=';
    t[o++] = i + 2 < blen ? b64[v & 63] : '=';
    if ((col += 4) == 76) t[o++] = '\n', col = 0;
  }
  if (col) t[o++] = '\n';
  t[o] = 0;
  free(blob);
  *len = o;
  return t;
}

/* Parse, link, verify; with out, the compiled result too. */
static nvvmResult build(struct _nvvmProgram *p, int compile) {
  unsigned nmain = 0;
  for (unsigned i = 0; i < p->nin; i++) nmain += !p->in[i].lazy;
  if (!nmain) {
    log_add(p, "libnvvm : error: no module in the program");
    return NVVM_NO_MODULE;
  }
  for (unsigned i = 0; i < p->nin; i++)
    if (check_module(p, &p->in[i]) < 0) return compile ? NVVM_COMPILATION : NVVM_INVALID_IR;
  simI_llvm_hold();
  LLVMContextRef c = LLVMContextCreate();
  diag_log dl = {p, "libnvvm", 0};
  LLVMContextSetDiagnosticHandler(c, diag, &dl);
  LLVMModuleRef all = NULL;
  const char *source = NULL;
  nvvmResult r = NVVM_OK;
  /* the program's modules first, then the lazy ones (libdevice) */
  for (int pass = 0; pass < 2 && r == NVVM_OK; pass++)
    for (unsigned i = 0; i < p->nin && r == NVVM_OK; i++) {
      const nvvm_input *in = &p->in[i];
      if (in->lazy != pass) continue;
      LLVMModuleRef m = parse_module(p, c, &dl, in);
      if (!m) {
        r = compile ? NVVM_COMPILATION : NVVM_INVALID_IR;
        break;
      }
      upgrade(m);
      if (in->lazy)
        for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
          if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) == LLVMExternalLinkage)
            LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
      if (!all) {
        all = m;
        source = in->name;
        continue;
      }
      dl.name = in->name;
      if (LLVMLinkModules2(all, m)) { /* takes m */
        log_add(p, "%s: error: does not link with the program's other modules", in->name);
        r = compile ? NVVM_COMPILATION : NVVM_INVALID_IR;
      }
    }
  if (r == NVVM_OK && dl.errors) r = compile ? NVVM_COMPILATION : NVVM_INVALID_IR;
  if (r == NVVM_OK && compile && define_device_launch(p, all, c) < 0) r = NVVM_COMPILATION;
  char *msg = NULL;
  if (r == NVVM_OK && LLVMVerifyModule(all, LLVMReturnStatusAction, &msg)) {
    char *nl = msg ? strchr(msg, '\n') : NULL;
    if (nl && nl[1] == 0) *nl = 0;
    log_add(p, "%s: error: invalid NVVM IR: %s", source, msg ? msg : "");
    r = compile ? NVVM_COMPILATION : NVVM_INVALID_IR;
  }
  LLVMDisposeMessage(msg);
  if (r == NVVM_OK && compile) {
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(all);
    if (!bc) r = NVVM_OUT_OF_MEMORY;
    else {
      p->result = ptx_text((const uint8_t *)LLVMGetBufferStart(bc), LLVMGetBufferSize(bc),
                           source, &p->result_len);
      if (!p->result) r = NVVM_OUT_OF_MEMORY;
      LLVMDisposeMemoryBuffer(bc);
    }
  }
  if (all) LLVMDisposeModule(all);
  LLVMContextDispose(c);
  simI_llvm_release();
  return r;
}

static void reset_log(struct _nvvmProgram *p) {
  free(p->log);
  p->log = NULL;
  p->log_len = 0;
}

EXPORT nvvmResult nvvmVerifyProgram(struct _nvvmProgram *p, int n, const char **opts) {
  if (!p) return NVVM_INVALID_PROGRAM;
  reset_log(p);
  nvvmResult r = check_options(p, n, opts);
  return r != NVVM_OK ? r : build(p, 0);
}

EXPORT nvvmResult nvvmCompileProgram(struct _nvvmProgram *p, int n, const char **opts) {
  if (!p) return NVVM_INVALID_PROGRAM;
  reset_log(p);
  free(p->result);
  p->result = NULL;
  p->result_len = 0;
  nvvmResult r = check_options(p, n, opts);
  return r != NVVM_OK ? r : build(p, 1);
}

EXPORT nvvmResult nvvmGetCompiledResultSize(struct _nvvmProgram *p, size_t *n) {
  if (!p) return NVVM_INVALID_PROGRAM;
  if (!n) return NVVM_INVALID_INPUT;
  if (!p->result) return NVVM_INVALID_PROGRAM;
  *n = p->result_len + 1;
  return NVVM_OK;
}
EXPORT nvvmResult nvvmGetCompiledResult(struct _nvvmProgram *p, char *out) {
  if (!p) return NVVM_INVALID_PROGRAM;
  if (!out) return NVVM_INVALID_INPUT;
  if (!p->result) return NVVM_INVALID_PROGRAM;
  memcpy(out, p->result, p->result_len + 1);
  return NVVM_OK;
}

EXPORT nvvmResult nvvmGetProgramLogSize(struct _nvvmProgram *p, size_t *n) {
  if (!p) return NVVM_INVALID_PROGRAM;
  if (!n) return NVVM_INVALID_INPUT;
  *n = p->log_len + 1;
  return NVVM_OK;
}
EXPORT nvvmResult nvvmGetProgramLog(struct _nvvmProgram *p, char *out) {
  if (!p) return NVVM_INVALID_PROGRAM;
  if (!out) return NVVM_INVALID_INPUT;
  if (p->log_len) memcpy(out, p->log, p->log_len);
  out[p->log_len] = 0;
  return NVVM_OK;
}
