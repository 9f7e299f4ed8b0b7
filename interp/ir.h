/*
 * Internal: the lowered program. Produced by the loader (load.c and the
 * load_*.c files of load_int.h, the only ones that see LLVM), executed by
 * exec.c. No LLVM handle survives simI_load().
 */
#ifndef SIMULEE_INTERP_IR_H
#define SIMULEE_INTERP_IR_H

#include <stdint.h>
#include <stddef.h>
#include "simulee/interp.h"

/* Opcodes, from ops.def. */
typedef enum simI_op {
#define OP(name, syn) OP_##name,
#include "ops.def"
#undef OP
  OP__COUNT
} simI_op;

extern const char *const simI_op_names[OP__COUNT];

/* Scalar type codes of one register slot: an integer type is its bit width
 * (1..128; pointers are 64-bit integers), floats are the codes below. */
enum { T_NONE = 0, T_PTR = 64, T_I128 = 128, T_F16 = 0xF0, T_F32 = 0xF1, T_F64 = 0xF2 };
#define T_IS_FLOAT(t) ((t) >= T_F16)

/* Operand encoding: a register index, or KBIT|index into the constant pool. */
#define KBIT 0x80000000u
#define NOREG 0x7FFFFFFFu
/* OP_BAR x bits beside the reduction kind (0..3): a named barrier, operand a
 * the id and b the thread count (NOREG: the block), and bar.arrive. */
#define BAR_NAMED 4u
#define BAR_ARRIVE 8u
/* OP_MBAR operations (x). */
enum { MB_INIT, MB_INVAL, MB_ARRIVE, MB_EXPECT_TX, MB_COMPLETE_TX, MB_TEST_WAIT, MB_PENDING };
/* OP_MBAR ty2 flags: MB_ARRIVE: arrive_drop, noComplete (the arrival must not
 * complete the phase), expect_tx first (c bytes); MB_TEST_WAIT: b is a phase
 * parity (else an arrive token); the wait blocks (try_wait/wait loops). */
#define MBF_DROP 1u
#define MBF_NOCOMPLETE 2u
#define MBF_EXPECT 4u
#define MBF_PARITY 8u
#define MBF_BLOCK 16u /* the lanes wait until the phase completed (no result) */
/* Pseudo program counter: "the function has returned". */
#define PC_EXIT 0xFFFFFFFEu

/* One lowered instruction: 32 bytes, fixed size. */
typedef struct simI_insn {
  uint16_t op;       /* simI_op */
  uint8_t ty;        /* type of the result / operation (T_*) */
  uint8_t ty2;       /* source type of a conversion, or flags */
  uint32_t d;        /* destination register (first slot) */
  uint32_t a, b, c, e; /* operands: register, KBIT|constant, or immediates */
  uint32_t x;        /* immediate: predicate, size, target, table index */
  uint32_t site;     /* source location index (into prog->locs) */
} simI_insn;

_Static_assert(sizeof(simI_insn) == 32, "simI_insn must stay 32 bytes");

/* Source location of an instruction. */
typedef struct simI_loc {
  uint32_t file;     /* index into prog->strings, 0 = "" */
  uint32_t line;     /* 0 if unknown */
  uint32_t col;      /* 0 if unknown */
  uint32_t func;     /* function index */
  uint32_t cfile;    /* code inlined into this function (debug info's
                        inlinedAt): the outermost call's file, and */
  uint32_t cline;    /* line; 0 when not inlined */
} simI_loc;

/* One lowered function. */
typedef struct simI_func {
  char *name;           /* symbol name */
  uint32_t entry;       /* pc of the first instruction */
  uint32_t end;         /* pc one past the last instruction */
  uint32_t nregs;       /* register slots of a frame */
  uint32_t nparams;     /* LLVM parameters */
  uint32_t *param_reg;  /* first slot of each parameter */
  uint32_t *param_slots;/* slots of each parameter */
  uint32_t frame_bytes; /* static alloca bytes of a frame (per thread) */
  uint32_t ret_slots;   /* slots of the return value */
  int defined;          /* has a body */
  uint32_t *shvars;     /* shared allocation indices its code names */
  uint32_t nshvars;
  int spins;            /* a loop that waits on memory another block writes
                           (load_lower.c, spins_on_memory) */
} simI_func;

/* A module variable (__device__, __shared__, __constant__). */
typedef struct simI_var {
  char *name;           /* symbol name (demangled later for reports) */
  unsigned space;       /* SIMI_SPACE_GLOBAL / SHARED / CONST */
  uint64_t size;        /* bytes (0 for extern __shared__) */
  unsigned elem;        /* bytes of its innermost array element when that is
                           a scalar, else 0 (out-of-bounds messages) */
  unsigned align;       /* SHARED: alignment in the block's arena (>= 16) */
  uint8_t *init;        /* initial bytes (GLOBAL/CONST), NULL = zero */
  int dynamic;          /* extern __shared__ (size from the launch) */
  int cow;              /* GLOBAL of at least SIMI_COW_MIN initialised bytes:
                           init is a read-only mapping of memfd cow_fd, and
                           each launch maps it privately (copy-on-write) */
  int cow_fd;
  int managed;          /* GLOBAL: NVVM IR's "managed" annotation (__managed__) */
} simI_var;

#define SIMI_COW_MIN ((uint64_t)1 << 20)

/* Kernel record (public info + lowering data). */
typedef struct simI_kernel_rec {
  simI_kernel_info info; /* public view */
  uint32_t func;         /* function index */
  char *unsupported;     /* first unsupported construct reachable, or NULL */
  uint64_t *shoff;       /* per shared allocation: its offset in this kernel's
                            static arena, UINT64_MAX if the kernel does not
                            use it (each kernel lays out only its own) */
  uint64_t shared_arena; /* bytes of its static arena (16-aligned) */
  uint64_t reserved;     /* of which the reserved region (at 0), 0 if unused */
  uint64_t stack_bytes;  /* the deepest chain of static frames from the kernel
                            down its calls (recursion adds none) */
} simI_kernel_rec;

/* Native math function table entry (math.c). */
typedef struct simI_mathfn {
  const char *name;     /* "__nv_sinf", "llvm.sqrt.f32", ... */
  const char *sig;      /* result and argument kinds: "f:f", "d:dd", "i:f" ... */
  void *fn;             /* function pointer of the C signature implied by sig */
} simI_mathfn;

/* Look up a native math function by name; -1 if none. */
int simI_math_find(const char *name);
extern const simI_mathfn simI_math_table[];
extern const unsigned simI_math_count;
/* Signature class of a math entry, decided by its sig string. */
enum { MS_F_F, MS_F_FF, MS_F_FFF, MS_D_D, MS_D_DD, MS_D_DDD, MS_I_F, MS_I_D,
       MS_F_FI, MS_D_DI, MS_F_I, MS_D_I, MS_I_II, MS_I_I, MS_L_L, MS_L_LL,
       MS_I_L, MS_U_UUU, MS_F_L, MS_D_L, MS_L_F, MS_L_D, MS_V_FPP, MS_V_DPP,
       MS_F_FP, MS_D_DP, MS_H_F, MS_F_H, MS_F_FQ, MS_D_DQ, MS_F_FFQ, MS_D_DDQ,
       MS_F_D, MS_F_FFFF, MS_D_DDDD, MS_F_IF, MS_D_ID, MS_D_II, MS_U_UUUU, MS_I_FI, MS_I_DI,
       /* read simulated memory (OP_MATHMEM): a string, or dim + array */
       MS_F_N, MS_D_N, MS_F_IV, MS_D_IV, MS__BAD };
int simI_math_sigclass(const char *sig);
/* The sig string of a class ("" if none). */
const char *simI_math_sigstr(int cls);
/* OP_MATH ty2 flag: flush single precision subnormal inputs and results
 * (the .ftz NVVM forms); simI_math_ftz flushes one value. */
#define SIMI_MATH_FTZ 0x80
float simI_math_ftz(float x);
/* Operation code of a PTX SIMD video instruction (white space removed,
 * "v<op><2|4>.<types>[.mod]$0,$1,$2,$3;") for "ptx.video", or -1. */
int simI_math_video_code(const char *asm_text);
/* Operation code of a cuda_fp16 PTX snippet (white space removed) for
 * "ptx.half", with its operand count in *nargs, or -1. */
int simI_math_half_code(const char *asm_text, unsigned *nargs);
/* libdevice names reported unsupported by lowering (NULL-terminated). */
extern const char *const simI_math_unsupported[];

/* The lowered program. */
struct simI_program {
  simI_insn *code;      /* all functions' instructions */
  uint32_t ncode;
  simI_loc *locs;       /* per pc */
  uint64_t *konst;      /* constant pool */
  uint32_t nkonst;
  uint32_t *aux;        /* side tables (calls, switches) */
  uint32_t naux;
  simI_func *funcs;
  uint32_t nfuncs;
  simI_var *vars;       /* module variables */
  uint32_t nvars;
  uint32_t *var_index;  /* per space: var ids by alloc index (see exec.c) */
  uint32_t nglobalvars, nsharedvars, nconstvars;
  uint32_t *globalvar, *sharedvar, *constvar; /* alloc index -> var id */
  uint64_t reserved_smem; /* the reserved region's bytes (sreg.h), 0 if none */
  uint32_t reserved_var;  /* its var id (valid if reserved_smem) */
  simI_kernel_rec *kernels;
  uint32_t nkernels;
  char **strings;       /* interned strings (file names, messages) */
  uint32_t nstrings;
  char *path;           /* the loaded file */
  int args_only;        /* no code of the module makes a pointer but from one
                           it holds (module_forges_pointers in load_kernel.c): a
                           kernel reaches global memory only through its
                           pointer arguments and __device__ variables */
};

#define SIMI_GLOBALVAR_BASE SIMI_GLOBALVAR_FIRST

/* Sizes of a type code's slot value. */
unsigned simI_type_bits(unsigned t);

#endif
