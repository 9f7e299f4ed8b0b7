/*
 * simulee runtime: the LAPACK routines (OpenBLAS's, Fortran) that more than
 * one library file calls (runtime/solver.c: cuSOLVER's dense API;
 * runtime/blas_batched.c: cuBLAS's batched LU family), and the LU without
 * pivoting both need (LAPACK has no such routine; runtime/solver.c).
 *
 * Fortran passes every argument by address; a character argument's length
 * follows all of them. Matrices are void *: callers pick the routine by
 * precision (S, D, C, Z) from a table.
 */
#ifndef SIMULEE_RUNTIME_LAPACK_H
#define SIMULEE_RUNTIME_LAPACK_H

#include <stddef.h>

typedef size_t simR_flen;
typedef void simR_getrf_f(const int *, const int *, void *, const int *, int *, int *);
typedef void simR_getrs_f(const char *, const int *, const int *, const void *, const int *,
                          const int *, void *, const int *, int *, simR_flen);
typedef void simR_geqrf_f(const int *, const int *, void *, const int *, void *, void *,
                          const int *, int *);
typedef void simR_getri_f(const int *, void *, const int *, const int *, void *, const int *,
                          int *);
typedef void simR_gels_f(const char *, const int *, const int *, const int *, void *, const int *,
                         void *, const int *, void *, const int *, int *, simR_flen);
extern simR_getrf_f sgetrf_, dgetrf_, cgetrf_, zgetrf_;
extern simR_getrs_f sgetrs_, dgetrs_, cgetrs_, zgetrs_;
extern simR_geqrf_f sgeqrf_, dgeqrf_, cgeqrf_, zgeqrf_;
extern simR_getri_f sgetri_, dgetri_, cgetri_, zgetri_;
extern simR_gels_f sgels_, dgels_, cgels_, zgels_;

/* Precisions, as the tables index them. */
enum { SIMR_LA_S, SIMR_LA_D, SIMR_LA_C, SIMR_LA_Z };

/* A = L U without pivoting, right-looking, in precision t's own arithmetic
 * (m x n, column-major, leading dimension lda): *info the first zero pivot
 * (1-based, when *info was 0), after which its column is left as it is. */
void simR_lu_nopiv(int t, int m, int n, void *a, int lda, int *info);

#endif
