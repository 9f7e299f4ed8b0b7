/* Special registers read by OP_SREG (x field). The first twelve follow the
 * SIMI_READS_* bit order of interp.h. */
#ifndef SIMULEE_INTERP_SREG_H
#define SIMULEE_INTERP_SREG_H
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
#endif
