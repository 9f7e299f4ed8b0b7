/* Special registers read by OP_SREG (x field). The first twelve follow the
 * SIMI_READS_* bit order of interp.h. */
#ifndef SIMULEE_INTERP_SREG_H
#define SIMULEE_INTERP_SREG_H
#include <stdint.h>
enum {
  SR_TID_X, SR_TID_Y, SR_TID_Z, SR_NTID_X, SR_NTID_Y, SR_NTID_Z,
  SR_CTAID_X, SR_CTAID_Y, SR_CTAID_Z, SR_NCTAID_X, SR_NCTAID_Y, SR_NCTAID_Z,
  SR_LANEID, SR_WARPSIZE, SR_WARPID, SR_NWARPID, SR_CLOCK, SR_CLOCK64,
  SR_GLOBALTIMER, SR_LANEMASK_EQ, SR_LANEMASK_LE, SR_LANEMASK_LT, SR_LANEMASK_GE,
  SR_LANEMASK_GT, SR_SMID, SR_NSMID, SR_GRIDID,
  SR_DYNAMIC_SMEM, SR_TOTAL_SMEM, SR_AGGR_SMEM, /* %dynamic/total/aggr_smem_size */
  /* thread block clusters (sm_90): %clusterid, %nclusterid, %cluster_ctaid,
   * %cluster_nctaid (x, y, z), %cluster_ctarank, %cluster_nctarank,
   * %is_explicit_cluster */
  SR_CLUSTERID_X, SR_CLUSTERID_Y, SR_CLUSTERID_Z, SR_NCLUSTERID_X, SR_NCLUSTERID_Y,
  SR_NCLUSTERID_Z, SR_CLUSTER_CTAID_X, SR_CLUSTER_CTAID_Y, SR_CLUSTER_CTAID_Z,
  SR_CLUSTER_NCTAID_X, SR_CLUSTER_NCTAID_Y, SR_CLUSTER_NCTAID_Z, SR_CLUSTER_CTARANK,
  SR_CLUSTER_NCTARANK, SR_IS_EXPLICIT_CLUSTER,
  /* %envreg1 / %envreg2: the high / low half of the address of the launch's
   * cooperative-groups grid workspace (SIMI_WORKSPACE_ALLOC) */
  SR_ENVREG1, SR_ENVREG2,
  SR__COUNT
};

/* %clock, %clock64 and %globaltimer: one counter per thread, from 0 at the
 * thread's start, that each read of any of them advances by SIMI_CLOCK_TICK
 * before returning it (%clock its low 32 bits). It counts reads, not work,
 * so the interpreter and the native path (jit/jit.c) give a thread the same
 * values whatever the schedule, and a loop that spins until N cycles have
 * passed (clockBlock) reads the clock about N / SIMI_CLOCK_TICK times. */
#define SIMI_CLOCK_TICK 4096u

/* The block's reserved shared memory (PTX %reserved_smem_offset_begin/_end/
 * _cap/_0/_1: the window the system keeps in every block's shared memory; the
 * cooperative groups of sm_80+ keep their scratch at %reserved_smem_offset_1).
 * simulee makes it a static shared variable of SIMI_RESERVED_SMEM bytes,
 * created only when a program names one of those registers; _0 and _1 are the
 * offsets of its two halves. */
#define SIMI_RESERVED_SMEM 1024u
#define SIMI_RESERVED_SMEM_SLOT 512u
#define SIMI_RESERVED_SMEM_NAME "%reserved_smem"

/* A shared::cluster address (mapa): a shared pointer whose offset carries,
 * in bits 39:32, the target block's rank in its cluster plus one. Plain
 * shared pointers have 0 there (a block's shared memory is below 4 GiB). */
#define SIMI_CLUSTER_SHIFT 32
#define SIMI_CLUSTER_TAG(p) ((unsigned)(((p) >> SIMI_CLUSTER_SHIFT) & 0xFFu))

/* A 32-bit shared-window address: what `(uint32_t)__cvta_generic_to_shared(p)`,
 * a ptrtoint of an addrspace(3) pointer and `mapa.shared::cluster.u32` give,
 * and what a `.shared` address operand of inline PTX given as an integer
 * means. simulee's window does not follow a block's layout: bits 17:0 are the
 * byte offset in the variable (a block has at most 256 KiB of shared memory),
 * bits 26:18 the variable's shared allocation index plus one, bits 31:27 the
 * cluster tag (rank plus one, 31 for a rank outside the cluster; 0: the
 * executing block). Offsets within a variable (and their low bits, which
 * swizzles use) are those of the hardware; the window of no variable (0 for
 * one) faults as an invalid shared pointer. */
#define SIMI_SWIN_OFF_BITS 18
#define SIMI_SWIN_VAR_BITS 9
#define SIMI_SWIN_NOVAR 0x1FFu /* var field of a pointer the window cannot name */

/* The window address of simulated pointer p (a shared pointer; another
 * value keeps its low 32 bits). */
static inline uint64_t simI_swin_of(uint64_t p) {
  if ((p >> 60) != 2 /* SIMI_SPACE_SHARED */) return p & 0xFFFFFFFFu;
  uint64_t al = (p >> 40) & 0xFFFFFu, off = p & 0xFFFFFFFFu, tag = (p >> SIMI_CLUSTER_SHIFT) & 0xFFu;
  if (al + 1 >= SIMI_SWIN_NOVAR || off >> SIMI_SWIN_OFF_BITS) al = SIMI_SWIN_NOVAR - 1;
  if (tag > 31) tag = 31;
  return tag << 27 | (al + 1) << SIMI_SWIN_OFF_BITS | (off & ((1u << SIMI_SWIN_OFF_BITS) - 1));
}

/* The simulated pointer of window address w (its low 32 bits); a value
 * that already carries a space (a pointer passed as an integer) is itself. */
static inline uint64_t simI_swin_ptr(uint64_t w) {
  if (w >> 60) return w;
  uint64_t var = (w >> SIMI_SWIN_OFF_BITS) & SIMI_SWIN_NOVAR, tag = (w >> 27) & 31u;
  uint64_t al = var == 0 || var == SIMI_SWIN_NOVAR ? 0xFFFFFu : var - 1;
  if (tag == 31) tag = 0xFF;
  return 2ull << 60 | al << 40 | tag << SIMI_CLUSTER_SHIFT | (w & ((1u << SIMI_SWIN_OFF_BITS) - 1));
}
#endif
