/*
 * simulee's nppi.h: the NPP image functions simulee runs (runtime/npp.c),
 * declared as NVIDIA's NPP documentation gives them: image memory, box
 * filters, the even histogram and the linear look-up table of 8-bit
 * one-channel images; a constant border copy, the absolute difference and
 * the comparison with a constant; the Prewitt gradient vector, Canny edge
 * detection, watershed segmentation and marker-label compression.
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

/* a copy of the source inside a border of nValue: the destination's pixel
 * (nLeftBorderWidth, nTopBorderHeight) is the source's (0, 0) */
NppStatus nppiCopyConstBorder_8u_C1R_Ctx(const Npp8u *pSrc, int nSrcStep, NppiSize oSrcSizeROI, Npp8u *pDst,
                                         int nDstStep, NppiSize oDstSizeROI, int nTopBorderHeight,
                                         int nLeftBorderWidth, Npp8u nValue, NppStreamContext nppStreamCtx);
NppStatus nppiCopyConstBorder_8u_C1R(const Npp8u *pSrc, int nSrcStep, NppiSize oSrcSizeROI, Npp8u *pDst,
                                     int nDstStep, NppiSize oDstSizeROI, int nTopBorderHeight,
                                     int nLeftBorderWidth, Npp8u nValue);

/* |pSrc1 - pSrc2| */
NppStatus nppiAbsDiff_8u_C1R_Ctx(const Npp8u *pSrc1, int nSrc1Step, const Npp8u *pSrc2, int nSrc2Step,
                                 Npp8u *pDst, int nDstStep, NppiSize oSizeROI, NppStreamContext nppStreamCtx);
NppStatus nppiAbsDiff_8u_C1R(const Npp8u *pSrc1, int nSrc1Step, const Npp8u *pSrc2, int nSrc2Step,
                             Npp8u *pDst, int nDstStep, NppiSize oSizeROI);

/* 0xFF where pSrc eComparisonOperation nConstant holds, else 0 */
NppStatus nppiCompareC_16s_C1R_Ctx(const Npp16s *pSrc, int nSrcStep, const Npp16s nConstant, Npp8u *pDst,
                                   int nDstStep, NppiSize oSizeROI, NppCmpOp eComparisonOperation,
                                   NppStreamContext nppStreamCtx);
NppStatus nppiCompareC_16s_C1R(const Npp16s *pSrc, int nSrcStep, const Npp16s nConstant, Npp8u *pDst,
                               int nDstStep, NppiSize oSizeROI, NppCmpOp eComparisonOperation);

/* Prewitt gradient vectors (3x3): X (vertical edges), Y (horizontal edges),
 * their magnitude by eNorm and their angle; each destination may be NULL */
NppStatus nppiGradientVectorPrewittBorder_8u16s_C1R_Ctx(const Npp8u *pSrc, int nSrcStep, NppiSize oSrcSize,
                                                        NppiPoint oSrcOffset, Npp16s *pDstX, int nDstXStep,
                                                        Npp16s *pDstY, int nDstYStep, Npp16s *pDstMag,
                                                        int nDstMagStep, Npp32f *pDstAngle, int nDstAngleStep,
                                                        NppiSize oSizeROI, NppiMaskSize eMaskSize, NppiNorm eNorm,
                                                        NppiBorderType eBorderType, NppStreamContext nppStreamCtx);
NppStatus nppiGradientVectorPrewittBorder_8u16s_C1R(const Npp8u *pSrc, int nSrcStep, NppiSize oSrcSize,
                                                    NppiPoint oSrcOffset, Npp16s *pDstX, int nDstXStep,
                                                    Npp16s *pDstY, int nDstYStep, Npp16s *pDstMag,
                                                    int nDstMagStep, Npp32f *pDstAngle, int nDstAngleStep,
                                                    NppiSize oSizeROI, NppiMaskSize eMaskSize, NppiNorm eNorm,
                                                    NppiBorderType eBorderType);

/* Canny edge detection: 0xFF on edges, else 0 */
NppStatus nppiFilterCannyBorderGetBufferSize(NppiSize oSizeROI, int *hpBufferSize);
NppStatus nppiFilterCannyBorder_8u_C1R_Ctx(const Npp8u *pSrc, int nSrcStep, NppiSize oSrcSize,
                                           NppiPoint oSrcOffset, Npp8u *pDst, int nDstStep, NppiSize oSizeROI,
                                           NppiDifferentialKernel eFilterType, NppiMaskSize eMaskSize,
                                           Npp16s nLowThreshold, Npp16s nHighThreshold, NppiNorm eNorm,
                                           NppiBorderType eBorderType, Npp8u *pDeviceBuffer,
                                           NppStreamContext nppStreamCtx);
NppStatus nppiFilterCannyBorder_8u_C1R(const Npp8u *pSrc, int nSrcStep, NppiSize oSrcSize, NppiPoint oSrcOffset,
                                       Npp8u *pDst, int nDstStep, NppiSize oSizeROI,
                                       NppiDifferentialKernel eFilterType, NppiMaskSize eMaskSize,
                                       Npp16s nLowThreshold, Npp16s nHighThreshold, NppiNorm eNorm,
                                       NppiBorderType eBorderType, Npp8u *pDeviceBuffer);

/* watershed segmentation in place: each segment takes its basin's value;
 * pMarkerLabels (may be NULL) gets each pixel's segment label */
NppStatus nppiSegmentWatershedGetBufferSize_8u_C1R(NppiSize oSizeROI, size_t *hpDeviceMemoryBufferSize);
NppStatus nppiSegmentWatershed_8u_C1IR_Ctx(Npp8u *pSrcDst, Npp32s nSrcDstStep, Npp32u *pMarkerLabels,
                                           Npp32s nMarkerLabelsStep, NppiNorm eNorm,
                                           NppiWatershedSegmentBoundaryType eSegmentBoundaryType,
                                           NppiSize oSizeROI, Npp8u *pDeviceMemoryBuffer,
                                           NppStreamContext nppStreamCtx);

/* marker labels renumbered 1, 2, ... without gaps (*pNewNumber: the last) */
NppStatus nppiCompressMarkerLabelsGetBufferSize_32u_C1R(int nStartingNumber, int *hpBufferSize);
NppStatus nppiCompressMarkerLabelsUF_32u_C1IR_Ctx(Npp32u *pSrcDst, int nSrcDstStep, NppiSize oSizeROI,
                                                  int nStartingNumber, int *pNewNumber, Npp8u *pBuffer,
                                                  NppStreamContext nppStreamCtx);
NppStatus nppiCompressMarkerLabelsUF_32u_C1IR(Npp32u *pSrcDst, int nSrcDstStep, NppiSize oSizeROI,
                                              int nStartingNumber, int *pNewNumber, Npp8u *pBuffer);
#ifdef __cplusplus
}
#endif
#endif
