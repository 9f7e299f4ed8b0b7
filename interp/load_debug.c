/*
 * Debug information of the module: the source location of each lowered
 * instruction, and parameter names of kernels compiled without value names.
 */
#include "interp/load_int.h"

/* An instruction whose debug location stands for inst's when inst has line
 * 0 (clang -O2 gives a store merged from two branches "line 0"): the nearest
 * located instruction before it in its block, else the branch of its block's
 * only predecessor (the condition that chose the merged code), else the
 * nearest located one after it in its block; NULL if none. */
static LLVMValueRef loc_stand_in(LLVMValueRef inst) {
  for (LLVMValueRef i = LLVMGetPreviousInstruction(inst); i; i = LLVMGetPreviousInstruction(i))
    if (LLVMGetDebugLocLine(i)) return i;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst), pred = NULL;
  LLVMValueRef fn = bb ? LLVMGetBasicBlockParent(bb) : NULL;
  unsigned npred = 0;
  /* the only predecessor, found through the terminators that name bb */
  for (LLVMBasicBlockRef b = fn ? LLVMGetFirstBasicBlock(fn) : NULL; b && npred < 2;
       b = LLVMGetNextBasicBlock(b)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns; k++)
      if (LLVMGetSuccessor(t, k) == bb) {
        if (pred != b) npred++;
        pred = b;
      }
  }
  if (npred == 1) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(pred);
    if (t && LLVMGetDebugLocLine(t)) return t;
  }
  for (LLVMValueRef i = LLVMGetNextInstruction(inst); i; i = LLVMGetNextInstruction(i))
    if (LLVMGetDebugLocLine(i)) return i;
  return NULL;
}

/* The source path of v's debug location ("dir/file" for a relative file
 * name) into buf. A name or folder longer than DBG_NAME_MAX counts as
 * absent: LLVM hands back whatever a malformed module's metadata holds
 * (fuzzed bitcode gave a 1.4 GB "length" that the verifier let through). */
#define DBG_NAME_MAX 4096u
void lw_dbg_path(LLVMValueRef v, char *buf, size_t len) {
  unsigned fl = 0, dl = 0;
  const char *f = LLVMGetDebugLocFilename(v, &fl);
  const char *d = LLVMGetDebugLocDirectory(v, &dl);
  if (!f || fl > DBG_NAME_MAX) fl = 0;
  if (!d || dl > DBG_NAME_MAX) dl = 0;
  if (fl && f[0] != '/' && dl)
    snprintf(buf, len, "%.*s/%.*s", (int)dl, d, (int)fl, f);
  else
    snprintf(buf, len, "%.*s", (int)fl, fl ? f : "");
}

void lw_set_loc(lw *L, LLVMValueRef inst) {
  unsigned line = LLVMGetDebugLocLine(inst);
  if (!line && LLVMGetDebugLocFilename(inst, &(unsigned){0})) {
    /* a located function with a line-0 instruction: take a stand-in's */
    LLVMValueRef s = loc_stand_in(inst);
    if (s) {
      inst = s;
      line = LLVMGetDebugLocLine(inst);
    }
  }
  if (!line) { L->curloc_line = 0; L->curloc_col = 0; return; }
  char buf[1024];
  lw_dbg_path(inst, buf, sizeof buf);
  L->curloc_file = lw_intern(L, buf, strlen(buf));
  L->curloc_line = line;
  L->curloc_col = LLVMGetDebugLocColumn(inst);
}

/* The argument of fn that v is (or the alloca v holds, stored there from an
 * argument: -O0), or -1. */
static int debug_arg_of(LLVMValueRef fn, LLVMValueRef v) {
  if (v && LLVMIsAAllocaInst(v))
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef st = LLVMGetUser(u);
      if (st && LLVMIsAStoreInst(st) && LLVMGetOperand(st, 1) == v &&
          LLVMIsAArgument(LLVMGetOperand(st, 0))) {
        v = LLVMGetOperand(st, 0);
        break;
      }
    }
  if (!v || !LLVMIsAArgument(v)) return -1;
  unsigned np = LLVMCountParams(fn);
  for (unsigned i = 0; i < np; i++)
    if (LLVMGetParam(fn, i) == v) return (int)i;
  return -1;
}

/* Names of the unnamed parameters of kernel fn (ps[0..np)) from its debug
 * info (a module compiled with -g but without value names): the variable of
 * the first llvm.dbg.value / llvm.dbg.declare in fn, of fn's own scope,
 * that describes the argument (or the alloca it is stored to). Names are
 * kernel data: they are only copied. */
void lw_param_debug_names(lw *L, LLVMValueRef fn, simI_param *ps, unsigned np) {
  LLVMMetadataRef sp = LLVMGetSubprogram(fn);
  if (!sp) return;
  /* debug records have no C API in LLVM 19: read the intrinsics */
  if (!L->dbg_old && LLVMIsNewDbgInfoFormat(L->mod)) {
    LLVMSetIsNewDbgInfoFormat(L->mod, 0);
    L->dbg_old = 1;
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (!LLVMIsACallInst(in) || LLVMGetNumArgOperands(in) < 2) continue;
      LLVMValueRef c = LLVMGetCalledValue(in);
      size_t cl = 0;
      const char *cn = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &cl) : "";
      if (strcmp(cn, "llvm.dbg.value") && strcmp(cn, "llvm.dbg.declare")) continue;
      LLVMValueRef loc = LLVMGetOperand(in, 0), var = LLVMGetOperand(in, 1);
      if (!loc || !var || !LLVMIsAValueAsMetadata(loc) || !LLVMIsAMDNode(var)) continue;
      LLVMMetadataRef vm = LLVMValueAsMetadata(var);
      if (LLVMGetMetadataKind(vm) != LLVMDILocalVariableMetadataKind ||
          LLVMDIVariableGetScope(vm) != sp || LLVMGetMDNodeNumOperands(var) < 2)
        continue;
      LLVMValueRef v = NULL;
      LLVMGetMDNodeOperands(loc, &v);
      int a = debug_arg_of(fn, v);
      if (a < 0 || (unsigned)a >= np || ps[a].name[0]) continue;
      unsigned nops = LLVMGetMDNodeNumOperands(var);
      LLVMValueRef *ops = calloc(nops, sizeof *ops);
      if (!ops) return;
      LLVMGetMDNodeOperands(var, ops);
      unsigned nl = 0;
      const char *nm = ops[1] && LLVMIsAMDString(ops[1]) ? LLVMGetMDString(ops[1], &nl) : NULL;
      if (nm && nl && !memchr(nm, 0, nl)) {
        char *d = strndup(nm, nl);
        if (d) ps[a].name = d;
      }
      free(ops);
    }
}
