// Pattern: an image pipeline through NPP as image-processing programs use
// it: pitched images from nppiMalloc_8u_C1, box filters with a replicated
// border (of the image, of a region at an offset in it), of an inner region
// (the image goes on around it), an even histogram and a linear look-up
// table (histogram equalization's steps), each against a host loop of NPP's
// documented definition; bad masks, anchors and a region past its
// allocation refused. With "race", a kernel on another stream rewrites the
// source right after the filter read it. Prints "npp_image: N wrong".
#include <npp.h>
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void brighten(Npp8u *img, int step, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) img[y * step + x] += 1;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(int argc, char **argv) {
  const bool race = argc > 1 && !strcmp(argv[1], "race");
  const int W = 37, H = 23;
  std::vector<Npp8u> img(W * H);
  for (int i = 0; i < W * H; i++) img[i] = (Npp8u)((i * 37 + i / W * 11) % 251);
  int sstep = 0, dstep = 0;
  Npp8u *src = nppiMalloc_8u_C1(W, H, &sstep), *dst = nppiMalloc_8u_C1(W, H, &dstep);
  cudaMemcpy2D(src, sstep, img.data(), W, W, H, cudaMemcpyHostToDevice);
  NppStreamContext ctx;
  memset(&ctx, 0, sizeof ctx);
  cudaStreamCreate(&ctx.hStream);
  int wrong = 0;
  std::vector<Npp8u> out(W * H);

  // box filter 5x3, anchor (2,1), replicated border, the whole image
  NppiSize size = {W, H}, mask = {5, 3};
  NppiPoint anchor = {2, 1}, origin = {0, 0};
  NppStatus st = nppiFilterBoxBorder_8u_C1R_Ctx(src, sstep, size, origin, dst, dstep, size, mask, anchor,
                                                NPP_BORDER_REPLICATE, ctx);
  if (race) {
    cudaStream_t other;
    cudaStreamCreate(&other);
    brighten<<<dim3(1, H), 64, 0, other>>>(src, sstep, W, H);
    cudaDeviceSynchronize();
    printf("race: %d wrong\n", st != NPP_SUCCESS);
    return 0;
  }
  cudaMemcpy2D(out.data(), W, dst, dstep, W, H, cudaMemcpyDeviceToHost);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int sum = 0;
      for (int j = 0; j < 3; j++)
        for (int i = 0; i < 5; i++) sum += img[clampi(y - 1 + j, 0, H - 1) * W + clampi(x - 2 + i, 0, W - 1)];
      wrong += out[y * W + x] != (sum + 7) / 15;
    }
  wrong += st != NPP_SUCCESS;

  // box filter 3x3 of the inner region (1..W-2, 1..H-2): no border
  NppiSize inner = {W - 2, H - 2}, m3 = {3, 3};
  NppiPoint a1 = {1, 1};
  st = nppiFilterBox_8u_C1R_Ctx(src + sstep + 1, sstep, dst + dstep + 1, dstep, inner, m3, a1, ctx);
  cudaMemcpy2D(out.data(), W, dst, dstep, W, H, cudaMemcpyDeviceToHost);
  for (int y = 1; y < H - 1; y++)
    for (int x = 1; x < W - 1; x++) {
      int sum = 0;
      for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) sum += img[(y + j) * W + x + i];
      wrong += out[y * W + x] != (sum + 4) / 9;
    }
  wrong += st != NPP_SUCCESS;

  // the same with a replicated border, of the region from (5, 4) to the
  // image's end: pSrc is the region's first pixel, at oSrcOffset
  NppiSize corner = {W - 5, H - 4};
  NppiPoint at = {5, 4};
  st = nppiFilterBoxBorder_8u_C1R_Ctx(src + 4 * sstep + 5, sstep, size, at, dst, dstep, corner, m3, a1,
                                      NPP_BORDER_REPLICATE, ctx);
  cudaMemcpy2D(out.data(), W, dst, dstep, W, H, cudaMemcpyDeviceToHost);
  for (int y = 0; y < H - 4; y++)
    for (int x = 0; x < W - 5; x++) {
      int sum = 0;
      for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) sum += img[clampi(y + 4 + j, 0, H - 1) * W + clampi(x + 5 + i, 0, W - 1)];
      wrong += out[y * W + x] != (sum + 4) / 9;
    }
  wrong += st != NPP_SUCCESS;

  // even histogram of 8 bins over 0..256, then a linear look-up table
  const int levels = 9;
  Npp32s lv[levels], hist[levels - 1];
  wrong += nppiEvenLevelsHost_32s(lv, levels, 0, 256) != NPP_SUCCESS;
  for (int k = 0; k < levels; k++) wrong += lv[k] != 32 * k;
  size_t bufsize = 0;
  nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(size, levels, &bufsize, ctx);
  Npp8u *buf;
  Npp32s *dhist;
  cudaMalloc(&buf, bufsize);
  cudaMalloc(&dhist, sizeof hist);
  st = nppiHistogramEven_8u_C1R_Ctx(src, sstep, size, dhist, levels, 0, 256, buf, ctx);
  cudaMemcpy(hist, dhist, sizeof hist, cudaMemcpyDeviceToHost);
  int want[levels - 1] = {0};
  for (int i = 0; i < W * H; i++) want[img[i] / 32]++;
  for (int k = 0; k < levels - 1; k++) wrong += hist[k] != want[k];
  wrong += st != NPP_SUCCESS;
  const Npp32s lvl[4] = {0, 64, 128, 200}, val[4] = {255, 128, 64, 0};
  Npp32s *dl, *dv;
  cudaMalloc(&dl, sizeof lvl);
  cudaMalloc(&dv, sizeof val);
  cudaMemcpy(dl, lvl, sizeof lvl, cudaMemcpyHostToDevice);
  cudaMemcpy(dv, val, sizeof val, cudaMemcpyHostToDevice);
  st = nppiLUT_Linear_8u_C1R_Ctx(src, sstep, dst, dstep, size, dv, dl, 4, ctx);
  cudaMemcpy2D(out.data(), W, dst, dstep, W, H, cudaMemcpyDeviceToHost);
  for (int i = 0; i < W * H; i++) {
    int p = img[i], m = p;
    for (int k = 0; k < 3; k++)
      if (lvl[k] <= p && p < lvl[k + 1]) m = val[k] + (val[k + 1] - val[k]) * (p - lvl[k]) / (lvl[k + 1] - lvl[k]);
    if (p == 200) m = 0;
    wrong += out[i] != m;
  }
  wrong += st != NPP_SUCCESS;

  // refused: a mask of width 0, an anchor outside the mask, a region past
  // the allocation (the filter would read rows below the image)
  NppiSize m0 = {0, 3}, tall = {W - 2, H};
  NppiPoint far = {7, 0};
  printf("mask 0: %d, anchor outside: %d, past the image: %d\n",
         nppiFilterBox_8u_C1R_Ctx(src + sstep + 1, sstep, dst, dstep, inner, m0, a1, ctx),
         nppiFilterBox_8u_C1R_Ctx(src + sstep + 1, sstep, dst, dstep, inner, m3, far, ctx),
         nppiFilterBox_8u_C1R_Ctx(src + sstep + 1, sstep, dst, dstep, tall, m3, a1, ctx));
  const NppLibraryVersion *v = nppGetLibVersion();
  printf("npp %d.%d: %d wrong\n", v->major, v->minor, wrong);
  nppiFree(src);
  nppiFree(dst);
  cudaFree(buf);
  cudaFree(dhist);
  cudaFree(dl);
  cudaFree(dv);
  return wrong ? 1 : 0;
}
