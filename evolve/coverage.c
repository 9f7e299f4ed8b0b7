/*
 * simulee evolve: the access sites of a kernel (loads, stores, atomics,
 * memcpy/memset of every function the kernel can call) and its branch
 * outcomes (each conditional branch's two targets, each switch's distinct
 * targets) whose execution the fitness observer records, so that the search
 * can tell which parts of the kernel no candidate has run yet.
 *
 * It also notes whether the kernel's code takes atomics of block scope
 * (simE_space.block_atomics).
 *
 * Accesses the interpreter never reports (local memory: allocas, byval
 * parameters and what is computed from them) are left out, so that every
 * listed site produces an access or fault event when it runs.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "evolve/evolve_int.h"
#include "interp/ir.h"

static int is_mem(unsigned op) {
  return op == OP_LOAD || op == OP_STORE || op == OP_LOADV || op == OP_STOREV ||
         op == OP_ATOMIC || op == OP_CMPXCHG || op == OP_MEMCPY || op == OP_MEMSET;
}

/* Operations whose result is not derived from the address in operand a. */
static int is_sink(unsigned op) {
  return op == OP_LOAD || op == OP_LOADV || op == OP_ATOMIC || op == OP_CMPXCHG ||
         op == OP_CALL || op == OP_STORE || op == OP_STOREV || op == OP_MEMCPY ||
         op == OP_MEMSET;
}

static int reg_local(const unsigned char *loc, uint32_t nregs, uint32_t r) {
  return !(r & KBIT) && r < nregs && loc[r];
}

/* Append the global/shared access sites of function f to s->sites. */
static int func_sites(simE_space *s, const simI_program *P, uint32_t fi, int kernel,
                      unsigned *cap) {
  const simI_func *F = &P->funcs[fi];
  if (!F->defined || F->end <= F->entry) return 0;
  unsigned char *loc = calloc(F->nregs ? F->nregs : 1, 1);
  if (!loc) return -1;
  if (kernel)
    for (unsigned i = 0; i < s->ki->nparams && i < F->nparams; i++)
      if (s->ki->params[i].byval && F->param_reg[i] < F->nregs) loc[F->param_reg[i]] = 1;
  /* registers holding local pointers: allocas and values computed from
   * them, to a fixed point (a loop's phi can come before its source) */
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t pc = F->entry; pc < F->end; pc++) {
      const simI_insn *in = &P->code[pc];
      if (in->d >= F->nregs || loc[in->d]) continue;
      int l = in->op == OP_ALLOCA || in->op == OP_ALLOCADYN;
      if (!l && !is_sink(in->op) && !is_mem(in->op) && in->op != OP_JMP && in->op != OP_CBR &&
          in->op != OP_SWITCH && in->op != OP_RET)
        l = reg_local(loc, F->nregs, in->a);
      if (l) {
        loc[in->d] = 1;
        changed = 1;
      }
    }
  }
  for (uint32_t pc = F->entry; pc < F->end; pc++) {
    const simI_insn *in = &P->code[pc];
    if (!is_mem(in->op) || reg_local(loc, F->nregs, in->a)) continue;
    if (s->nsites == *cap) {
      unsigned nc = *cap ? *cap * 2 : 64;
      uint32_t *ns = realloc(s->sites, nc * sizeof *ns);
      if (!ns) {
        free(loc);
        return -1;
      }
      s->sites = ns;
      *cap = nc;
    }
    s->sites[s->nsites++] = pc;
  }
  free(loc);
  return 0;
}

/* Append the branch outcomes of function f (a conditional branch's two
 * targets, a switch's distinct targets) to s->branches. */
static int func_branches(simE_space *s, const simI_program *P, uint32_t fi, unsigned *cap) {
  const simI_func *F = &P->funcs[fi];
  if (!F->defined || F->end <= F->entry) return 0;
  for (uint32_t pc = F->entry; pc < F->end; pc++) {
    const simI_insn *in = &P->code[pc];
    uint32_t tg[66];
    unsigned nt = 0;
    if (in->op == OP_CBR) {
      tg[nt++] = in->b;
      if (in->c != in->b) tg[nt++] = in->c;
      if (nt < 2) continue;
    } else if (in->op == OP_SWITCH && in->x < P->naux) {
      const uint32_t *tab = &P->aux[in->x];
      uint32_t ncase = tab[0];
      tg[nt++] = tab[1];
      for (uint32_t i = 0; i < ncase && nt < 66; i++) {
        uint32_t t = tab[5 + 3 * i];
        unsigned j = 0;
        while (j < nt && tg[j] != t) j++;
        if (j == nt) tg[nt++] = t;
      }
      if (nt < 2) continue;
    } else {
      continue;
    }
    for (unsigned j = 0; j < nt; j++) {
      if (s->nbranches == *cap) {
        unsigned nc = *cap ? *cap * 2 : 64;
        uint64_t *nb = realloc(s->branches, nc * sizeof *nb);
        if (!nb) return -1;
        s->branches = nb;
        *cap = nc;
      }
      s->branches[s->nbranches++] = (uint64_t)pc << 32 | tg[j];
    }
  }
  return 0;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

int simE_cov_init(simE_space *s) {
  const simI_program *P = s->p;
  if (s->k >= P->nkernels) return 0;
  uint32_t nf = P->nfuncs;
  unsigned char *seen = calloc(nf ? nf : 1, 1);
  uint32_t *stack = calloc(nf ? nf : 1, sizeof *stack);
  unsigned cap = 0, bcap = 0, top = 0;
  int rc = -1;
  if (!seen || !stack) goto done;
  uint32_t k0 = P->kernels[s->k].func;
  if (k0 < nf) {
    seen[k0] = 1;
    stack[top++] = k0;
  }
  while (top) {
    uint32_t fi = stack[--top];
    if (func_sites(s, P, fi, fi == k0, &cap) < 0) goto done;
    if (!s->o.no_branch_cov && func_branches(s, P, fi, &bcap) < 0) goto done;
    const simI_func *F = &P->funcs[fi];
    for (uint32_t pc = F->entry; pc < F->end; pc++) {
      const simI_insn *in = &P->code[pc];
      if ((in->op == OP_ATOMIC || in->op == OP_CMPXCHG) && (in->e & 15u) == SIMI_SCOPE_BLOCK)
        s->block_atomics = 1;
      if (in->op != OP_CALL || in->x >= P->naux) continue;
      uint32_t callee = P->aux[in->x];
      if (callee < nf && !seen[callee]) {
        seen[callee] = 1;
        stack[top++] = callee;
      }
    }
  }
  if (s->nsites) qsort(s->sites, s->nsites, sizeof *s->sites, cmp_u32);
  if (s->nbranches) qsort(s->branches, s->nbranches, sizeof *s->branches, cmp_u64);
  rc = 0;
done:
  free(seen);
  free(stack);
  return rc;
}

int simE_cov_index(const simE_space *s, uint32_t site) {
  unsigned lo = 0, hi = s->nsites;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (s->sites[mid] < site) lo = mid + 1;
    else hi = mid;
  }
  return lo < s->nsites && s->sites[lo] == site ? (int)lo : -1;
}

int simE_cov_branch_index(const simE_space *s, uint32_t site, uint32_t target) {
  uint64_t key = (uint64_t)site << 32 | target;
  unsigned lo = 0, hi = s->nbranches;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (s->branches[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo < s->nbranches && s->branches[lo] == key ? (int)lo : -1;
}

int simE_branch_side(const simI_program *p, uint64_t outcome) {
  uint32_t site = (uint32_t)(outcome >> 32), target = (uint32_t)outcome;
  if (!p || site >= p->ncode) return 2;
  const simI_insn *in = &p->code[site];
  if (in->op != OP_CBR) return 2;
  return target == in->b ? 1 : 0;
}
