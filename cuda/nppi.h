/*
 * simulee's nppi.h: the NPP image functions simulee runs (runtime/npp.c),
 * declared as NVIDIA's NPP documentation gives them: image memory, box
 * filters, the even histogram and the linear look-up table of 8-bit
 * one-channel images.
 */
#ifndef SIMULEE_NPPI_H
#define SIMULEE_NPPI_H
#include <nppdefs.h>
#include <nppcore.h>
#ifdef __cplusplus
extern "C" {
#endif
/* image memory: a pitched allocation (*pStepBytes: the pitch) */
Npp8u *nppiMalloc_8u_C1(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp8u *nppiMalloc_8u_C2(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp8u *nppiMalloc_8u_C3(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp8u *nppiMalloc_8u_C4(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp16u *nppiMalloc_16u_C1(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp16u *nppiMalloc_16u_C2(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp16u *nppiMalloc_16u_C3(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp16u *nppiMalloc_16u_C4(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp16s *nppiMalloc_16s_C1(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp16s *nppiMalloc_16s_C2(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp16s *nppiMalloc_16s_C4(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp32s *nppiMalloc_32s_C1(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp32s *nppiMalloc_32s_C3(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp32s *nppiMalloc_32s_C4(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp32f *nppiMalloc_32f_C1(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp32f *nppiMalloc_32f_C2(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp32f *nppiMalloc_32f_C3(int nWidthPixels, int nHeightPixels, int *pStepBytes);
Npp32f *nppiMalloc_32f_C4(int nWidthPixels, int nHeightPixels, int *pStepBytes);
void nppiFree(void *pData);

/* box filters: the mean of oMaskSize pixels around each pixel (oAnchor: the
 * pixel's place in the mask); the Border form reads past the source image
 * (oSrcSize, oSrcOffset) as eBorderType says */
NppStatus nppiFilterBox_8u_C1R_Ctx(const Npp8u *pSrc, Npp32s nSrcStep, Npp8u *pDst, Npp32s nDstStep,
                                   NppiSize oSizeROI, NppiSize oMaskSize, NppiPoint oAnchor,
                                   NppStreamContext nppStreamCtx);
NppStatus nppiFilterBox_8u_C1R(const Npp8u *pSrc, Npp32s nSrcStep, Npp8u *pDst, Npp32s nDstStep,
                               NppiSize oSizeROI, NppiSize oMaskSize, NppiPoint oAnchor);
NppStatus nppiFilterBoxBorder_8u_C1R_Ctx(const Npp8u *pSrc, Npp32s nSrcStep, NppiSize oSrcSize,
                                         NppiPoint oSrcOffset, Npp8u *pDst, Npp32s nDstStep,
                                         NppiSize oSizeROI, NppiSize oMaskSize, NppiPoint oAnchor,
                                         NppiBorderType eBorderType, NppStreamContext nppStreamCtx);
NppStatus nppiFilterBoxBorder_8u_C1R(const Npp8u *pSrc, Npp32s nSrcStep, NppiSize oSrcSize,
                                     NppiPoint oSrcOffset, Npp8u *pDst, Npp32s nDstStep,
                                     NppiSize oSizeROI, NppiSize oMaskSize, NppiPoint oAnchor,
                                     NppiBorderType eBorderType);

/* histograms of nLevels - 1 even bins (levels from nppiEvenLevelsHost_32s) */
NppStatus nppiEvenLevelsHost_32s(Npp32s *hpLevels, int nLevels, Npp32s nLowerLevel, Npp32s nUpperLevel);
NppStatus nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(NppiSize oSizeROI, int nLevels, size_t *hpBufferSize,
                                                    NppStreamContext nppStreamCtx);
NppStatus nppiHistogramEvenGetBufferSize_8u_C1R(NppiSize oSizeROI, int nLevels, size_t *hpBufferSize);
NppStatus nppiHistogramEven_8u_C1R_Ctx(const Npp8u *pSrc, int nSrcStep, NppiSize oSizeROI, Npp32s *pHist,
                                       int nLevels, Npp32s nLowerLevel, Npp32s nUpperLevel, Npp8u *pBuffer,
                                       NppStreamContext nppStreamCtx);
NppStatus nppiHistogramEven_8u_C1R(const Npp8u *pSrc, int nSrcStep, NppiSize oSizeROI, Npp32s *pHist,
                                   int nLevels, Npp32s nLowerLevel, Npp32s nUpperLevel, Npp8u *pBuffer);

/* a look-up table interpolated linearly between (pLevels[i], pValues[i]),
 * both in device memory */
NppStatus nppiLUT_Linear_8u_C1R_Ctx(const Npp8u *pSrc, int nSrcStep, Npp8u *pDst, int nDstStep,
                                    NppiSize oSizeROI, const Npp32s *pValues, const Npp32s *pLevels,
                                    int nLevels, NppStreamContext nppStreamCtx);
NppStatus nppiLUT_Linear_8u_C1R(const Npp8u *pSrc, int nSrcStep, Npp8u *pDst, int nDstStep,
                                NppiSize oSizeROI, const Npp32s *pValues, const Npp32s *pLevels,
                                int nLevels);
#ifdef __cplusplus
}
#endif
#endif
