// Pattern: edge detection and segmentation through NPP as image programs
// use it: Canny edges with a replicated border, a Prewitt gradient vector
// of a region at an offset in its image (border control), the gradient
// thresholded by a comparison with a constant, a constant border copy, an
// absolute difference, a watershed segmentation with its marker labels,
// then the labels compressed; each against a host loop of NPP's documented
// definition (the watershed by the properties that define it). Bad mask
// sizes, border types and a region past its allocation refused. With
// "race", a kernel on another stream rewrites the source right after the
// Canny filter read it. Prints "npp_edges: N wrong".
#include <npp.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void darken(Npp8u *img, int step, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) img[y * step + x] /= 2;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

const int W = 41, H = 29;
static std::vector<Npp8u> img(W *H);
static int px(int x, int y) { return img[clampi(y, 0, H - 1) * W + clampi(x, 0, W - 1)]; }

// Sobel 3x3 (r 1) or 5x5 (r 2): x right - left, y bottom - top
static void sobel(int x, int y, int r, long *gx, long *gy) {
  static const int s3[3] = {1, 2, 1}, d3[3] = {-1, 0, 1}, s5[5] = {1, 4, 6, 4, 1}, d5[5] = {-1, -2, 0, 2, 1};
  const int *s = r == 1 ? s3 : s5, *d = r == 1 ? d3 : d5;
  *gx = *gy = 0;
  for (int j = -r; j <= r; j++)
    for (int i = -r; i <= r; i++) {
      *gx += s[j + r] * d[i + r] * px(x + i, y + j);
      *gy += s[i + r] * d[j + r] * px(x + i, y + j);
    }
}

// Canny on the host: magnitude, suppression by the gradient's angle,
// hysteresis by repeated sweeps
static std::vector<Npp8u> canny(int r, bool l2, int low, int high) {
  std::vector<double> mag((W + 2) * (H + 2));
  std::vector<long> gxs(mag.size()), gds(mag.size());
  for (int y = -1; y <= H; y++)
    for (int x = -1; x <= W; x++) {
      long gx, gy;
      sobel(x, y, r, &gx, &gy);
      int c = (y + 1) * (W + 2) + x + 1;
      gxs[c] = gx, gds[c] = gy;
      mag[c] = l2 ? std::sqrt((double)(gx * gx + gy * gy)) : (double)(std::labs(gx) + std::labs(gy));
    }
  std::vector<int> cls(W * H, 0);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int c = (y + 1) * (W + 2) + x + 1;
      double a = std::atan2((double)gds[c], (double)gxs[c]) * 180 / M_PI;
      if (a < 0) a += 180;
      int dx, dy; // the neighbour ahead along the gradient
      if (a < 22.5 || a >= 157.5) dx = 1, dy = 0;
      else if (a < 67.5) dx = 1, dy = 1;
      else if (a < 112.5) dx = 0, dy = 1;
      else dx = -1, dy = 1;
      double m = mag[c], ahead = mag[c + dy * (W + 2) + dx], behind = mag[c - dy * (W + 2) - dx];
      if (m >= low && m >= behind && m > ahead) cls[y * W + x] = m >= high ? 2 : 1;
    }
  for (bool grew = true; grew;) {
    grew = false;
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        if (cls[y * W + x] == 1)
          for (int j = -1; j <= 1; j++)
            for (int i = -1; i <= 1; i++)
              if (x + i >= 0 && x + i < W && y + j >= 0 && y + j < H && cls[(y + j) * W + x + i] == 2)
                cls[y * W + x] = 2, grew = true;
  }
  std::vector<Npp8u> out(W * H);
  for (int i = 0; i < W * H; i++) out[i] = cls[i] == 2 ? 255 : 0;
  return out;
}

int main(int argc, char **argv) {
  const bool race = argc > 1 && !strcmp(argv[1], "race");
  // a bright disc on a textured ramp, a dark square on a flat right side
  // (its edges: pairs of equal magnitude across them)
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int v = x < 24 ? 40 + x * 2 + (x * 7 + y * 13) % 5 : 120;
      if ((x - 12) * (x - 12) + (y - 14) * (y - 14) < 64) v = 220;
      if (x >= 26 && x < 35 && y >= 6 && y < 20) v = 10;
      img[y * W + x] = (Npp8u)v;
    }
  int sstep = 0, dstep = 0;
  Npp8u *src = nppiMalloc_8u_C1(W, H, &sstep), *dst = nppiMalloc_8u_C1(W, H, &dstep);
  cudaMemcpy2D(src, sstep, img.data(), W, W, H, cudaMemcpyHostToDevice);
  NppStreamContext ctx;
  memset(&ctx, 0, sizeof ctx);
  cudaStreamCreate(&ctx.hStream);
  int wrong = 0, bufsize = 0;
  std::vector<Npp8u> out(W * H);
  NppiSize size = {W, H};
  NppiPoint origin = {0, 0};

  // Canny, Sobel 3x3, L2, thresholds 60 and 180, replicated border
  wrong += nppiFilterCannyBorderGetBufferSize(size, &bufsize) != NPP_SUCCESS;
  Npp8u *buf;
  cudaMalloc(&buf, bufsize);
  NppStatus st = nppiFilterCannyBorder_8u_C1R_Ctx(src, sstep, size, origin, dst, dstep, size, NPP_FILTER_SOBEL,
                                                  NPP_MASK_SIZE_3_X_3, 60, 180, nppiNormL2, NPP_BORDER_REPLICATE,
                                                  buf, ctx);
  if (race) {
    cudaStream_t other;
    cudaStreamCreate(&other);
    darken<<<dim3(1, H), 64, 0, other>>>(src, sstep, W, H);
    cudaDeviceSynchronize();
    printf("race: %d wrong\n", st != NPP_SUCCESS);
    return 0;
  }
  cudaMemcpy2D(out.data(), W, dst, dstep, W, H, cudaMemcpyDeviceToHost);
  std::vector<Npp8u> want = canny(1, true, 60, 180);
  int edges = 0;
  for (int i = 0; i < W * H; i++) wrong += out[i] != want[i], edges += want[i] != 0;
  wrong += st != NPP_SUCCESS || edges < 40;
  // Sobel 5x5, L1
  st = nppiFilterCannyBorder_8u_C1R_Ctx(src, sstep, size, origin, dst, dstep, size, NPP_FILTER_SOBEL,
                                        NPP_MASK_SIZE_5_X_5, 900, 2400, nppiNormL1, NPP_BORDER_REPLICATE, buf, ctx);
  cudaMemcpy2D(out.data(), W, dst, dstep, W, H, cudaMemcpyDeviceToHost);
  want = canny(2, false, 900, 2400);
  edges = 0;
  for (int i = 0; i < W * H; i++) wrong += out[i] != want[i], edges += want[i] != 0;
  wrong += st != NPP_SUCCESS || edges < 40;

  // Prewitt of the region from (3, 2) to the image's end: border control
  const int OX = 3, OY = 2, RW = W - OX, RH = H - OY;
  int xstep, ystep, mstep, astep;
  Npp16s *gx = nppiMalloc_16s_C1(RW, RH, &xstep), *gy = nppiMalloc_16s_C1(RW, RH, &ystep);
  Npp16s *gm = nppiMalloc_16s_C1(RW, RH, &mstep);
  Npp32f *ga = nppiMalloc_32f_C1(RW, RH, &astep);
  NppiSize roi = {RW, RH};
  NppiPoint off = {OX, OY};
  st = nppiGradientVectorPrewittBorder_8u16s_C1R_Ctx(src + OY * sstep + OX, sstep, size, off, gx, xstep, gy, ystep,
                                                     gm, mstep, ga, astep, roi, NPP_MASK_SIZE_3_X_3, nppiNormL2,
                                                     NPP_BORDER_REPLICATE, ctx);
  std::vector<Npp16s> hx(RW * RH), hy(RW * RH), hm(RW * RH);
  std::vector<Npp32f> ha(RW * RH);
  cudaMemcpy2D(hx.data(), RW * 2, gx, xstep, RW * 2, RH, cudaMemcpyDeviceToHost);
  cudaMemcpy2D(hy.data(), RW * 2, gy, ystep, RW * 2, RH, cudaMemcpyDeviceToHost);
  cudaMemcpy2D(hm.data(), RW * 2, gm, mstep, RW * 2, RH, cudaMemcpyDeviceToHost);
  cudaMemcpy2D(ha.data(), RW * 4, ga, astep, RW * 4, RH, cudaMemcpyDeviceToHost);
  for (int y = 0; y < RH; y++)
    for (int x = 0; x < RW; x++) {
      int ix = x + OX, iy = y + OY, ex = 0, ey = 0;
      for (int k = -1; k <= 1; k++) {
        ex += px(ix + 1, iy + k) - px(ix - 1, iy + k);
        ey += px(ix + k, iy + 1) - px(ix + k, iy - 1);
      }
      int i = y * RW + x;
      wrong += hx[i] != ex || hy[i] != ey || hm[i] != (int)std::lround(std::sqrt((double)(ex * ex + ey * ey)));
      wrong += std::fabs(ha[i] - (float)std::atan2((double)ey, (double)ex)) > 1e-5f;
    }
  wrong += st != NPP_SUCCESS;
  // X >= 32 and Y < -20 as 0xFF / 0
  int cstep;
  Npp8u *cx = nppiMalloc_8u_C1(RW, RH, &cstep), *cy = nppiMalloc_8u_C1(RW, RH, &cstep);
  st = nppiCompareC_16s_C1R_Ctx(gx, xstep, 32, cx, cstep, roi, NPP_CMP_GREATER_EQ, ctx);
  wrong += st != NPP_SUCCESS;
  st = nppiCompareC_16s_C1R_Ctx(gy, ystep, -20, cy, cstep, roi, NPP_CMP_LESS, ctx);
  wrong += st != NPP_SUCCESS;
  std::vector<Npp8u> ox(RW * RH), oy(RW * RH);
  cudaMemcpy2D(ox.data(), RW, cx, cstep, RW, RH, cudaMemcpyDeviceToHost);
  cudaMemcpy2D(oy.data(), RW, cy, cstep, RW, RH, cudaMemcpyDeviceToHost);
  int set = 0;
  for (int i = 0; i < RW * RH; i++) {
    wrong += ox[i] != (hx[i] >= 32 ? 255 : 0) || oy[i] != (hy[i] < -20 ? 255 : 0);
    set += ox[i] != 0;
  }
  wrong += set == 0;
  // |cx - cy|
  st = nppiAbsDiff_8u_C1R_Ctx(cx, cstep, cy, cstep, cx, cstep, roi, ctx);
  cudaMemcpy2D(out.data(), RW, cx, cstep, RW, RH, cudaMemcpyDeviceToHost);
  for (int i = 0; i < RW * RH; i++) wrong += out[i] != std::abs(ox[i] - oy[i]);
  wrong += st != NPP_SUCCESS;

  // the source inside a border of 255: 1 row on top, 2 columns on the left
  int bstep;
  NppiSize big = {W + 4, H + 3};
  Npp8u *bimg = nppiMalloc_8u_C1(big.width, big.height, &bstep);
  st = nppiCopyConstBorder_8u_C1R_Ctx(src, sstep, size, bimg, bstep, big, 1, 2, 255, ctx);
  std::vector<Npp8u> bo(big.width * big.height);
  cudaMemcpy2D(bo.data(), big.width, bimg, bstep, big.width, big.height, cudaMemcpyDeviceToHost);
  for (int y = 0; y < big.height; y++)
    for (int x = 0; x < big.width; x++) {
      bool in = x >= 2 && x < W + 2 && y >= 1 && y < H + 1;
      wrong += bo[y * big.width + x] != (in ? img[(y - 1) * W + x - 2] : 255);
    }
  wrong += st != NPP_SUCCESS;

  // watershed of three cones (minima at their tips) capped by a plateau,
  // 8-way, with labels; then the labels compressed
  std::vector<Npp8u> ws(W * H);
  const int cxs[3] = {6, 30, 20}, cys[3] = {5, 8, 24};
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int d = 1000;
      for (int k = 0; k < 3; k++) d = std::min(d, std::max(std::abs(x - cxs[k]), std::abs(y - cys[k])));
      ws[y * W + x] = (Npp8u)std::min(10 + d * 12, 150);
    }
  int wstep = 0;
  Npp8u *wimg = nppiMalloc_8u_C1(W, H, &wstep);
  Npp32u *labels;
  cudaMalloc(&labels, W * H * 4);
  size_t wsize = 0;
  wrong += nppiSegmentWatershedGetBufferSize_8u_C1R(size, &wsize) != NPP_SUCCESS;
  Npp8u *wbuf;
  cudaMalloc(&wbuf, wsize);
  std::vector<Npp8u> seg(W * H);
  std::vector<Npp32u> lab(W * H);
  for (int pass = 0; pass < 2; pass++) {
    cudaMemcpy2D(wimg, wstep, ws.data(), W, W, H, cudaMemcpyHostToDevice);
    NppiWatershedSegmentBoundaryType bt = pass ? NPP_WATERSHED_SEGMENT_BOUNDARIES_WHITE
                                               : NPP_WATERSHED_SEGMENT_BOUNDARIES_NONE;
    st = nppiSegmentWatershed_8u_C1IR_Ctx(wimg, wstep, pass ? NULL : labels, W * 4, nppiNormInf, bt, size, wbuf,
                                          ctx);
    wrong += st != NPP_SUCCESS;
    cudaMemcpy2D(seg.data(), W, wimg, wstep, W, H, cudaMemcpyDeviceToHost);
    if (!pass) {
      cudaMemcpy(lab.data(), labels, W * H * 4, cudaMemcpyDeviceToHost);
      int minima = 0;
      for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
          int i = y * W + x, low = -1;
          bool equal = false, down = false;
          for (int j = -1; j <= 1; j++)
            for (int k = -1; k <= 1; k++) {
              int qx = x + k, qy = y + j;
              if ((!j && !k) || qx < 0 || qy < 0 || qx >= W || qy >= H) continue;
              int q = qy * W + qx;
              if (ws[q] < ws[i] && (low < 0 || ws[q] < ws[low])) low = q;
              equal |= ws[q] == ws[i] && lab[q] == lab[i];
            }
          for (int j = -1; j <= 1; j++) // the label of a lowest lower neighbour
            for (int k = -1; k <= 1; k++) {
              int qx = x + k, qy = y + j;
              if (low >= 0 && qx >= 0 && qy >= 0 && qx < W && qy < H && ws[qy * W + qx] == ws[low])
                down |= lab[qy * W + qx] == lab[i];
            }
          // a label names a pixel of the segment's value, its segment's minimum
          wrong += lab[i] >= (Npp32u)(W * H) || seg[i] != ws[lab[i]];
          if (low >= 0) wrong += !down; // down the steepest way
          else if (lab[i] == (Npp32u)i) minima++;
          else wrong += !equal; // across a plateau
        }
      wrong += minima != 3;
    } else {
      for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
          bool edge = false;
          for (int j = -1; j <= 1; j++)
            for (int k = -1; k <= 1; k++) {
              int qx = x + k, qy = y + j;
              if (qx >= 0 && qy >= 0 && qx < W && qy < H && lab[qy * W + qx] > lab[y * W + x]) edge = true;
            }
          wrong += seg[y * W + x] != (edge ? 255 : ws[lab[y * W + x]]);
        }
    }
  }
  int csize = 0, count = 0;
  wrong += nppiCompressMarkerLabelsGetBufferSize_32u_C1R(W * H, &csize) != NPP_SUCCESS;
  Npp8u *cbuf;
  cudaMalloc(&cbuf, csize);
  st = nppiCompressMarkerLabelsUF_32u_C1IR_Ctx(labels, W * 4, size, W * H, &count, cbuf, ctx);
  cudaStreamSynchronize(ctx.hStream);
  std::vector<Npp32u> comp(W * H), first;
  cudaMemcpy(comp.data(), labels, W * H * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < W * H; i++) {
    size_t k = 0;
    while (k < first.size() && first[k] != lab[i]) k++;
    if (k == first.size()) first.push_back(lab[i]);
    wrong += comp[i] != k + 1;
  }
  wrong += st != NPP_SUCCESS || count != 3 || (int)first.size() != 3;

  // refused: a 5x5 Prewitt, Canny with a wrapped border, a watershed of a
  // region taller than its allocation
  NppiSize tall = {W, H + 1};
  printf("prewitt 5x5: %d, canny wrap: %d, past the image: %d\n",
         nppiGradientVectorPrewittBorder_8u16s_C1R_Ctx(src, sstep, size, origin, gx, xstep, gy, ystep, NULL, 0, NULL,
                                                       0, roi, NPP_MASK_SIZE_5_X_5, nppiNormL1, NPP_BORDER_REPLICATE,
                                                       ctx),
         nppiFilterCannyBorder_8u_C1R_Ctx(src, sstep, size, origin, dst, dstep, size, NPP_FILTER_SOBEL,
                                          NPP_MASK_SIZE_3_X_3, 60, 180, nppiNormL2, NPP_BORDER_WRAP, buf, ctx),
         nppiSegmentWatershed_8u_C1IR_Ctx(wimg, wstep, NULL, 0, nppiNormL1, NPP_WATERSHED_SEGMENT_BOUNDARIES_NONE,
                                          tall, wbuf, ctx));
  printf("npp_edges: %d wrong\n", wrong);
  nppiFree(src), nppiFree(dst), nppiFree(gx), nppiFree(gy), nppiFree(gm), nppiFree(ga), nppiFree(cx);
  nppiFree(cy), nppiFree(bimg), nppiFree(wimg);
  cudaFree(buf), cudaFree(labels), cudaFree(wbuf), cudaFree(cbuf);
  return wrong ? 1 : 0;
}
