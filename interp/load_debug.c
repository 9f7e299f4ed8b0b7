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
  L->curloc_cfile = L->curloc_cline = 0;
  if (!line) { L->curloc_line = 0; L->curloc_col = 0; return; }
  char buf[1024];
  lw_dbg_path(inst, buf, sizeof buf);
  L->curloc_file = lw_intern(L, buf, strlen(buf));
  L->curloc_line = line;
  L->curloc_col = LLVMGetDebugLocColumn(inst);
  /* code inlined from another function (a library's): the line of the
   * outermost call, in the function being lowered */
  LLVMMetadataRef dl = LLVMInstructionGetDebugLoc(inst), outer = NULL;
  LLVMMetadataRef ia = dl ? LLVMDILocationGetInlinedAt(dl) : NULL;
  for (unsigned d = 0; ia && d < 256; d++) {
    outer = ia;
    ia = LLVMDILocationGetInlinedAt(ia);
  }
  LLVMMetadataRef sc = outer ? LLVMDILocationGetScope(outer) : NULL;
  LLVMMetadataRef fm = sc ? LLVMDIScopeGetFile(sc) : NULL;
  unsigned cl = outer ? LLVMDILocationGetLine(outer) : 0, fl = 0, dlen = 0;
  const char *f = fm ? LLVMDIFileGetFilename(fm, &fl) : NULL;
  const char *d = fm ? LLVMDIFileGetDirectory(fm, &dlen) : NULL;
  if (!cl || !f || !fl || fl > DBG_NAME_MAX) return;
  if (!d || dlen > DBG_NAME_MAX) dlen = 0;
  if (f[0] != '/' && dlen)
    snprintf(buf, sizeof buf, "%.*s/%.*s", (int)dlen, d, (int)fl, f);
  else
    snprintf(buf, sizeof buf, "%.*s", (int)fl, f);
  L->curloc_cfile = lw_intern(L, buf, strlen(buf));
  L->curloc_cline = cl;
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

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* The enumerators' values of type t (a DIType as a value) into integer
 * parameter q, when t is an enumeration (through typedefs and
 * qualifiers). The values are read from the printed DIEnumerator nodes
 * ("value: N"): the C API has no getter for them. */
static void param_enums(LLVMValueRef t, simI_param *q) {
  for (unsigned d = 0; t && d < 8 && LLVMIsAMDNode(t); d++) {
    LLVMMetadataRef tm = LLVMValueAsMetadata(t);
    unsigned kind = LLVMGetMetadataKind(tm), n = LLVMGetMDNodeNumOperands(t);
    if (n < 5 || n > 64) return;
    LLVMValueRef ops[64];
    LLVMGetMDNodeOperands(t, ops);
    if (kind == LLVMDIDerivedTypeMetadataKind) { /* typedef, const, volatile */
      t = ops[3];
      continue;
    }
    if (kind != LLVMDICompositeTypeMetadataKind || LLVMGetDINodeTag(tm) != 0x04 /* enum */ ||
        !ops[4] || !LLVMIsAMDNode(ops[4]))
      return;
    unsigned ne = LLVMGetMDNodeNumOperands(ops[4]);
    if (!ne || ne > SIMI_MAX_ENUMS) return;
    LLVMValueRef el[SIMI_MAX_ENUMS];
    int64_t *v = malloc(ne * sizeof *v);
    if (!v) return;
    LLVMGetMDNodeOperands(ops[4], el);
    unsigned k = 0;
    for (unsigned i = 0; i < ne; i++) {
      if (!el[i] || !LLVMIsAMDNode(el[i]) ||
          LLVMGetMetadataKind(LLVMValueAsMetadata(el[i])) != LLVMDIEnumeratorMetadataKind)
        continue;
      char *txt = LLVMPrintValueToString(el[i]);
      const char *at = txt ? strstr(txt, ", value: ") : NULL;
      if (at) {
        char *end = NULL;
        int uns = strstr(at, "isUnsigned: true") != NULL;
        int64_t x = uns ? (int64_t)strtoull(at + 9, &end, 10) : strtoll(at + 9, &end, 10);
        if (end && end != at + 9) v[k++] = x;
      }
      LLVMDisposeMessage(txt);
    }
    if (!k) {
      free(v);
      return;
    }
    qsort(v, k, sizeof *v, cmp_i64);
    unsigned m = 1;
    for (unsigned i = 1; i < k; i++)
      if (v[i] != v[m - 1]) v[m++] = v[i];
    q->enums = v;
    q->nenums = m;
    return;
  }
}

/* Names of the unnamed parameters of kernel fn (ps[0..np)) from its debug
 * info (a module compiled with -g but without value names): the variable of
 * the first llvm.dbg.value / llvm.dbg.declare in fn, of fn's own scope,
 * that describes the argument (or the alloca it is stored to); and the
 * enumerators of an integer parameter of an enum type (param_enums). Names
 * and values are kernel data: they are only copied. */
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
      if (a < 0 || (unsigned)a >= np) continue;
      unsigned nops = LLVMGetMDNodeNumOperands(var);
      LLVMValueRef *ops = calloc(nops, sizeof *ops);
      if (!ops) return;
      LLVMGetMDNodeOperands(var, ops);
      if (ps[a].kind == SIMI_PARAM_INT && !ps[a].nenums && nops > 3) param_enums(ops[3], &ps[a]);
      if (ps[a].name[0]) {
        free(ops);
        continue;
      }
      unsigned nl = 0;
      const char *nm = ops[1] && LLVMIsAMDString(ops[1]) ? LLVMGetMDString(ops[1], &nl) : NULL;
      if (nm && nl && !memchr(nm, 0, nl)) {
        char *d = strndup(nm, nl);
        if (d) ps[a].name = d;
      }
      free(ops);
    }
}
