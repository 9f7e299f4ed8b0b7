// A gray ramp encoded from a device plane and decoded back as luma: the
// round trip's largest error, and "ok" when it is small.
#include <cuda_runtime.h>
#include <nvjpeg.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main() {
  const int W = 64, H = 16;
  std::vector<unsigned char> img(W * H), back(W * H);
  for (int i = 0; i < W * H; i++) img[i] = (unsigned char)(i % W * 4);
  unsigned char *src, *dst;
  cudaMalloc(&src, 3 * W * H);
  cudaMalloc(&dst, W * H);
  for (int c = 0; c < 3; c++) cudaMemcpy(src + c * W * H, img.data(), W * H, cudaMemcpyHostToDevice);
  nvjpegHandle_t h;
  nvjpegEncoderState_t es;
  nvjpegEncoderParams_t ep;
  nvjpegJpegState_t st;
  int bad = nvjpegCreateSimple(&h) || nvjpegEncoderStateCreate(h, &es, 0) ||
            nvjpegEncoderParamsCreate(h, &ep, 0) || nvjpegJpegStateCreate(h, &st) ||
            nvjpegEncoderParamsSetQuality(ep, 90, 0);
  nvjpegImage_t in = {{src, src + W * H, src + 2 * W * H, NULL}, {W, W, W, 0}};
  bad |= nvjpegEncodeImage(h, es, ep, &in, NVJPEG_INPUT_RGB, W, H, 0);
  size_t len = 0;
  bad |= nvjpegEncodeRetrieveBitstream(h, es, NULL, &len, 0);
  std::vector<unsigned char> jpg(len);
  bad |= nvjpegEncodeRetrieveBitstream(h, es, jpg.data(), &len, 0);
  nvjpegImage_t out = {{dst, NULL, NULL, NULL}, {W, 0, 0, 0}};
  bad |= nvjpegDecode(h, st, jpg.data(), len, NVJPEG_OUTPUT_Y, &out, 0);
  cudaMemcpy(back.data(), dst, W * H, cudaMemcpyDeviceToHost);
  int err = 0;
  for (int i = 0; i < W * H; i++) err = abs(back[i] - img[i]) > err ? abs(back[i] - img[i]) : err;
  printf("jpeg %zu bytes, largest error %s\n", len, err <= 6 ? "small" : "large");
  nvjpegJpegStateDestroy(st);
  nvjpegEncoderParamsDestroy(ep);
  nvjpegEncoderStateDestroy(es);
  nvjpegDestroy(h);
  puts(bad || err > 6 ? "wrong" : "ok");
  return bad || err > 6;
}
