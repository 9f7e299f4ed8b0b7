/*
 * simulee cli: device bitcode for the driver API (nvcc -fatbin, -cubin,
 * -ptx), optimized with its variables kept.
 *
 * A program that loads a GPU binary sets its variables by name
 * (cuModuleGetGlobal, then a copy), also static ones no host code of the
 * file names. clang's -O2 folds a load of an internal variable nothing in
 * the module stores to into its initializer (globalopt, ipsccp), and the
 * host's copy would then change nothing. So the file is compiled with
 * clang's optimizer off, every variable it defines is listed in llvm.used
 * (which both passes leave alone: something outside the module may use
 * it), and the module is optimized here at -O2 through the new pass manager
 * of LLVM's C API.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "cli/cli.h"

/* Whether g is a variable of the device code the host could name: one
 * defined here with internal linkage (the others stay as they are). */
static int keep(LLVMValueRef g) {
  if (LLVMIsDeclaration(g)) return 0;
  size_t n;
  const char *name = LLVMGetValueName2(g, &n);
  if (n >= 5 && !strncmp(name, "llvm.", 5)) return 0;
  LLVMLinkage l = LLVMGetLinkage(g);
  if (l != LLVMInternalLinkage && l != LLVMPrivateLinkage) return 0;
  if (LLVMIsGlobalConstant(g)) return 0; /* const data: folding it is right */
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  return as == 1 || as == 4; /* __device__, __constant__ */
}

int simC_keep_globals(const char *bc, char *err, size_t errlen) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMMemoryBufferRef buf = NULL;
  LLVMModuleRef M = NULL;
  char *msg = NULL;
  int rc = -1;
  if (LLVMCreateMemoryBufferWithContentsOfFile(bc, &buf, &msg)) {
    snprintf(err, errlen, "cannot read the device bitcode: %s", msg ? msg : "?");
    goto out;
  }
  if (LLVMParseBitcodeInContext2(C, buf, &M)) {
    snprintf(err, errlen, "cannot read the device bitcode");
    goto out;
  }
  /* llvm.used: what it lists already, and the variables to keep */
  LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
  unsigned n = 0, cap = 16;
  LLVMValueRef *el = malloc(cap * sizeof *el);
  LLVMValueRef old = LLVMGetNamedGlobal(M, "llvm.used");
  if (!el) goto oom;
  if (old && LLVMGetInitializer(old)) {
    LLVMValueRef init = LLVMGetInitializer(old);
    unsigned k = (unsigned)LLVMGetArrayLength2(LLVMTypeOf(init));
    for (unsigned i = 0; i < k; i++) {
      if (n == cap) {
        LLVMValueRef *ne = realloc(el, (cap *= 2) * sizeof *el);
        if (!ne) goto oom;
        el = ne;
      }
      el[n++] = LLVMGetAggregateElement(init, i);
    }
  }
  unsigned kept = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(M); g; g = LLVMGetNextGlobal(g)) {
    if (!keep(g)) continue;
    if (n == cap) {
      LLVMValueRef *ne = realloc(el, (cap *= 2) * sizeof *el);
      if (!ne) goto oom;
      el = ne;
    }
    el[n++] = LLVMConstAddrSpaceCast(g, ptr);
    kept++;
  }
  if (kept) {
    if (old) LLVMDeleteGlobal(old);
    LLVMTypeRef at = LLVMArrayType2(ptr, n);
    LLVMValueRef used = LLVMAddGlobal(M, at, "llvm.used");
    LLVMSetInitializer(used, LLVMConstArray2(ptr, el, n));
    LLVMSetLinkage(used, LLVMAppendingLinkage);
    LLVMSetSection(used, "llvm.metadata");
  }
  free(el);
  el = NULL;
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(M, "default<O2>", NULL, po);
  LLVMDisposePassBuilderOptions(po);
  if (e) {
    char *m = LLVMGetErrorMessage(e);
    snprintf(err, errlen, "cannot optimize the device bitcode: %s", m);
    LLVMDisposeErrorMessage(m);
    goto out;
  }
  if (LLVMWriteBitcodeToFile(M, bc) != 0) {
    snprintf(err, errlen, "cannot write the device bitcode %s", bc);
    goto out;
  }
  rc = 0;
  goto out;
oom:
  free(el);
  snprintf(err, errlen, "out of memory");
out:
  if (msg) LLVMDisposeMessage(msg);
  if (M) LLVMDisposeModule(M);
  if (buf) LLVMDisposeMemoryBuffer(buf); /* the parse copied it */
  LLVMContextDispose(C);
  return rc;
}
