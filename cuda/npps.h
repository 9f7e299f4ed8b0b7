/*
 * simulee's npps.h: NPP's signal memory (runtime/npp.c).
 */
#ifndef SIMULEE_NPPS_H
#define SIMULEE_NPPS_H
#include <nppdefs.h>
#include <nppcore.h>
#ifdef __cplusplus
extern "C" {
#endif
Npp8u *nppsMalloc_8u(size_t nSize);
Npp16u *nppsMalloc_16u(size_t nSize);
Npp16s *nppsMalloc_16s(size_t nSize);
Npp16sc *nppsMalloc_16sc(size_t nSize);
Npp32u *nppsMalloc_32u(size_t nSize);
Npp32s *nppsMalloc_32s(size_t nSize);
Npp32sc *nppsMalloc_32sc(size_t nSize);
Npp32f *nppsMalloc_32f(size_t nSize);
Npp32fc *nppsMalloc_32fc(size_t nSize);
Npp64s *nppsMalloc_64s(size_t nSize);
Npp64sc *nppsMalloc_64sc(size_t nSize);
Npp64f *nppsMalloc_64f(size_t nSize);
Npp64fc *nppsMalloc_64fc(size_t nSize);
void nppsFree(void *pValues);
#ifdef __cplusplus
}
#endif
#endif
