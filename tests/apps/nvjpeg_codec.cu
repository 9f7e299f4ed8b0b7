// Pattern: a JPEG round trip through nvJPEG as image pipelines use it: a
// handle with the program's own device and pinned allocators, a synthetic
// RGB image encoded from device planes (nvjpegEncodeImage, 4:4:4 and
// 4:2:0, planar and interleaved input), the bitstream retrieved, its header
// read back (nvjpegGetImageInfo), and decoded into device planes in every
// output format (RGB, BGR, RGBI, BGRI, Y, YUV, UNCHANGED), each checked
// against host expectations: close to the original (PSNR), exactly equal
// where two formats must agree (RGB against RGBI, BGR, BGRI; Y against
// YUV's luma plane); a YUV re-encode (nvjpegEncodeYUV), the batched and
// the decoupled decoders against the single decode; corrupt data refused
// with NVJPEG_STATUS_BAD_JPEG and a destination past its allocation with
// NVJPEG_STATUS_EXECUTION_FAILED. With "race", a kernel on another stream
// writes the decode's destination right after nvjpegDecode wrote it.
// Prints "nvjpeg_codec: N wrong".
#include <nvjpeg.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void stamp(unsigned char *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 7;
}

static int dev_mallocs, dev_frees, pin_mallocs, pin_frees;
static int my_dev_malloc(void **p, size_t n) { dev_mallocs++; return (int)cudaMalloc(p, n); }
static int my_dev_free(void *p) { dev_frees++; return (int)cudaFree(p); }
static int my_pin_malloc(void **p, size_t n, unsigned f) { pin_mallocs++; return (int)cudaHostAlloc(p, n, f); }
static int my_pin_free(void *p) { pin_frees++; return (int)cudaFreeHost(p); }

static const int W = 45, H = 29, P = 48; // P: the pitch of every device plane
static int wrong = 0;

#define CHECK(cond, what)                                                     \
  do {                                                                        \
    if (!(cond)) {                                                            \
      wrong++;                                                                \
      printf("wrong: %s (line %d)\n", what, __LINE__);                        \
    }                                                                         \
  } while (0)

// A device image of 4 planes of P x H bytes (interleaved: 3P wide) in one allocation.
struct DevImage {
  unsigned char *base = nullptr;
  nvjpegImage_t img;
  explicit DevImage(bool interleaved = false) {
    size_t pitch = interleaved ? 3 * P : P;
    cudaMalloc(&base, 4 * pitch * H);
    cudaMemset(base, 0, 4 * pitch * H);
    for (int c = 0; c < 4; c++) img.channel[c] = base + c * pitch * H, img.pitch[c] = pitch;
  }
  ~DevImage() { cudaFree(base); }
  std::vector<unsigned char> plane(int c, int w, int h) const {
    std::vector<unsigned char> v((size_t)w * h);
    cudaMemcpy2D(v.data(), w, img.channel[c], img.pitch[c], w, h, cudaMemcpyDeviceToHost);
    return v;
  }
};

static double psnr(const std::vector<unsigned char> &a, const std::vector<unsigned char> &b) {
  double se = 0;
  for (size_t i = 0; i < a.size(); i++) se += (double)(a[i] - b[i]) * (a[i] - b[i]);
  return se == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 * a.size() / se);
}

static std::vector<unsigned char> encode(nvjpegHandle_t h, nvjpegEncoderState_t es,
                                         nvjpegEncoderParams_t ep, const nvjpegImage_t *src,
                                         nvjpegInputFormat_t fmt, cudaStream_t s) {
  CHECK(nvjpegEncodeImage(h, es, ep, src, fmt, W, H, s) == NVJPEG_STATUS_SUCCESS, "encode");
  size_t len = 0;
  CHECK(nvjpegEncodeRetrieveBitstream(h, es, NULL, &len, s) == NVJPEG_STATUS_SUCCESS, "length");
  std::vector<unsigned char> out(len);
  size_t small = len - 1;
  CHECK(nvjpegEncodeRetrieveBitstream(h, es, out.data(), &small, s) == NVJPEG_STATUS_INVALID_PARAMETER,
        "a short buffer refused");
  CHECK(nvjpegEncodeRetrieveBitstream(h, es, out.data(), &len, s) == NVJPEG_STATUS_SUCCESS, "bitstream");
  CHECK(len == out.size() && len > 200 && out[0] == 0xff && out[1] == 0xd8, "a JPEG");
  return out;
}

int main(int argc, char **argv) {
  const bool race = argc > 1 && !strcmp(argv[1], "race");
  // the image: smooth gradients, host planes R, G, B
  std::vector<unsigned char> rgb[3];
  for (int c = 0; c < 3; c++) rgb[c].resize(W * H);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      rgb[0][y * W + x] = (unsigned char)(40 + 4 * x);
      rgb[1][y * W + x] = (unsigned char)(200 - 5 * y);
      rgb[2][y * W + x] = (unsigned char)(60 + 2 * x + 3 * y);
    }
  std::vector<unsigned char> luma(W * H), inter(3 * W * H);
  for (int i = 0; i < W * H; i++) {
    luma[i] = (unsigned char)std::lround(0.299 * rgb[0][i] + 0.587 * rgb[1][i] + 0.114 * rgb[2][i]);
    for (int k = 0; k < 3; k++) inter[3 * i + k] = rgb[k][i];
  }

  nvjpegDevAllocator_t dev = {&my_dev_malloc, &my_dev_free};
  nvjpegPinnedAllocator_t pin = {&my_pin_malloc, &my_pin_free};
  nvjpegHandle_t h;
  CHECK(nvjpegCreateEx(NVJPEG_BACKEND_DEFAULT, &dev, &pin, 0, &h) == NVJPEG_STATUS_SUCCESS, "create");
  int major = 0;
  nvjpegGetProperty(MAJOR_VERSION, &major);
  nvjpegJpegState_t st;
  nvjpegEncoderState_t es;
  nvjpegEncoderParams_t ep;
  cudaStream_t s;
  cudaStreamCreate(&s);
  CHECK(nvjpegJpegStateCreate(h, &st) == NVJPEG_STATUS_SUCCESS, "state");
  CHECK(nvjpegEncoderStateCreate(h, &es, s) == NVJPEG_STATUS_SUCCESS, "encoder state");
  CHECK(nvjpegEncoderParamsCreate(h, &ep, s) == NVJPEG_STATUS_SUCCESS, "encoder params");
  CHECK(nvjpegEncoderParamsSetQuality(ep, 95, s) == NVJPEG_STATUS_SUCCESS, "quality");
  CHECK(nvjpegEncoderParamsSetQuality(ep, 0, s) == NVJPEG_STATUS_INVALID_PARAMETER, "quality 0");
  CHECK(nvjpegEncoderParamsSetSamplingFactors(ep, NVJPEG_CSS_444, s) == NVJPEG_STATUS_SUCCESS, "444");
  CHECK(nvjpegEncoderParamsSetOptimizedHuffman(ep, 1, s) == NVJPEG_STATUS_SUCCESS, "huffman");

  // encode 4:4:4 from planar RGB
  DevImage src;
  for (int c = 0; c < 3; c++)
    cudaMemcpy2D(src.img.channel[c], P, rgb[c].data(), W, W, H, cudaMemcpyHostToDevice);
  std::vector<unsigned char> jpg = encode(h, es, ep, &src.img, NVJPEG_INPUT_RGB, s);

  int nc = 0, ws[NVJPEG_MAX_COMPONENT], hs[NVJPEG_MAX_COMPONENT];
  nvjpegChromaSubsampling_t css;
  CHECK(nvjpegGetImageInfo(h, jpg.data(), jpg.size(), &nc, &css, ws, hs) == NVJPEG_STATUS_SUCCESS, "info");
  CHECK(nc == 3 && css == NVJPEG_CSS_444 && ws[0] == W && hs[0] == H && ws[2] == W && hs[2] == H,
        "info 4:4:4");

  // decode into every format
  DevImage out_rgb, out_bgr, out_rgbi(true), out_bgri(true), out_y, out_yuv, out_un;
  struct { nvjpegOutputFormat_t f; DevImage *d; } runs[] = {
      {NVJPEG_OUTPUT_RGB, &out_rgb}, {NVJPEG_OUTPUT_BGR, &out_bgr}, {NVJPEG_OUTPUT_RGBI, &out_rgbi},
      {NVJPEG_OUTPUT_BGRI, &out_bgri}, {NVJPEG_OUTPUT_Y, &out_y}, {NVJPEG_OUTPUT_YUV, &out_yuv},
      {NVJPEG_OUTPUT_UNCHANGED, &out_un}};
  for (auto &r : runs)
    CHECK(nvjpegDecode(h, st, jpg.data(), jpg.size(), r.f, &r.d->img, s) == NVJPEG_STATUS_SUCCESS, "decode");
  if (race) {
    cudaStream_t other;
    cudaStreamCreate(&other);
    stamp<<<2, 64, 0, other>>>(out_rgb.img.channel[0], 100);
    cudaDeviceSynchronize();
    printf("race: %d wrong\n", wrong);
    return 0;
  }
  cudaStreamSynchronize(s);
  std::vector<unsigned char> d[3];
  for (int c = 0; c < 3; c++) {
    d[c] = out_rgb.plane(c, W, H);
    double q = psnr(d[c], rgb[c]);
    CHECK(q > 35, "RGB close to the original");
    CHECK(out_bgr.plane(2 - c, W, H) == d[c], "BGR = RGB");
    CHECK(out_yuv.plane(c, W, H) == out_un.plane(c, W, H), "YUV = UNCHANGED (YCbCr)");
  }
  std::vector<unsigned char> ri = out_rgbi.plane(0, 3 * W, H), bi = out_bgri.plane(0, 3 * W, H);
  for (int i = 0; i < W * H; i++)
    for (int k = 0; k < 3; k++) {
      if (ri[3 * i + k] != d[k][i]) { wrong++; printf("wrong: RGBI != RGB at %d\n", i); i = W * H; break; }
      if (bi[3 * i + 2 - k] != d[k][i]) { wrong++; printf("wrong: BGRI != RGB at %d\n", i); i = W * H; break; }
    }
  std::vector<unsigned char> y = out_y.plane(0, W, H);
  CHECK(psnr(y, luma) > 35, "Y close to the original's luma");
  CHECK(out_yuv.plane(0, W, H) == y, "YUV's Y = Y");
  std::vector<unsigned char> cb = out_yuv.plane(1, W, H);
  int cbmax = 0; // Cb of this image: above 128 where blue dominates
  for (unsigned char v : cb) cbmax = v > cbmax ? v : cbmax;
  CHECK(cbmax > 128 && cbmax < 200, "Cb plausible");

  // 4:2:0 from interleaved RGB: chroma planes half size, rounded up
  CHECK(nvjpegEncoderParamsSetSamplingFactors(ep, NVJPEG_CSS_420, s) == NVJPEG_STATUS_SUCCESS, "420");
  DevImage srci(true);
  cudaMemcpy2D(srci.img.channel[0], 3 * P, inter.data(), 3 * W, 3 * W, H, cudaMemcpyHostToDevice);
  std::vector<unsigned char> jpg420 = encode(h, es, ep, &srci.img, NVJPEG_INPUT_RGBI, s);
  CHECK(nvjpegGetImageInfo(h, jpg420.data(), jpg420.size(), &nc, &css, ws, hs) == NVJPEG_STATUS_SUCCESS, "info");
  CHECK(nc == 3 && css == NVJPEG_CSS_420 && ws[0] == W && hs[0] == H && ws[1] == (W + 1) / 2 &&
            hs[1] == (H + 1) / 2, "info 4:2:0");
  DevImage o420, yuv420;
  CHECK(nvjpegDecode(h, st, jpg420.data(), jpg420.size(), NVJPEG_OUTPUT_RGB, &o420.img, s) == 0, "decode 420");
  for (int c = 0; c < 3; c++) CHECK(psnr(o420.plane(c, W, H), rgb[c]) > 30, "4:2:0 close to the original");
  CHECK(nvjpegDecode(h, st, jpg420.data(), jpg420.size(), NVJPEG_OUTPUT_YUV, &yuv420.img, s) == 0, "yuv 420");
  // the YUV planes encoded again at 4:2:0 decode to nearly the same image
  CHECK(nvjpegEncodeYUV(h, es, ep, &yuv420.img, NVJPEG_CSS_420, W, H, s) == NVJPEG_STATUS_SUCCESS, "encode yuv");
  size_t len2 = 0;
  nvjpegEncodeRetrieveBitstream(h, es, NULL, &len2, s);
  std::vector<unsigned char> jpg2(len2);
  CHECK(nvjpegEncodeRetrieveBitstream(h, es, jpg2.data(), &len2, s) == 0, "yuv bitstream");
  DevImage again;
  CHECK(nvjpegDecode(h, st, jpg2.data(), len2, NVJPEG_OUTPUT_RGB, &again.img, s) == 0, "decode again");
  for (int c = 0; c < 3; c++) CHECK(psnr(again.plane(c, W, H), o420.plane(c, W, H)) > 35, "YUV re-encode");

  // batched: both bitstreams at once, as interleaved RGB
  CHECK(nvjpegDecodeBatchedInitialize(h, st, 2, 1, NVJPEG_OUTPUT_RGBI) == 0, "batched init");
  const unsigned char *datas[2] = {jpg.data(), jpg420.data()};
  size_t lens[2] = {jpg.size(), jpg420.size()};
  DevImage b0(true), b1(true), s420(true);
  nvjpegImage_t outs[2] = {b0.img, b1.img};
  CHECK(nvjpegDecodeBatched(h, st, datas, lens, outs, s) == NVJPEG_STATUS_SUCCESS, "batched");
  CHECK(nvjpegDecode(h, st, jpg420.data(), jpg420.size(), NVJPEG_OUTPUT_RGBI, &s420.img, s) == 0, "rgbi 420");
  CHECK(b0.plane(0, 3 * W, H) == ri, "batched image 0 = single");
  CHECK(b1.plane(0, 3 * W, H) == s420.plane(0, 3 * W, H), "batched image 1 = single");

  // decoupled: parse, host phase, transfer, device phase
  nvjpegJpegDecoder_t dec;
  nvjpegJpegState_t dst;
  nvjpegBufferPinned_t pb;
  nvjpegBufferDevice_t db;
  nvjpegJpegStream_t js;
  nvjpegDecodeParams_t dp;
  CHECK(nvjpegDecoderCreate(h, NVJPEG_BACKEND_DEFAULT, &dec) == 0, "decoder");
  CHECK(nvjpegDecoderStateCreate(h, dec, &dst) == 0, "decoder state");
  CHECK(nvjpegBufferPinnedCreate(h, NULL, &pb) == 0 && nvjpegBufferDeviceCreate(h, NULL, &db) == 0, "buffers");
  CHECK(nvjpegJpegStreamCreate(h, &js) == 0 && nvjpegDecodeParamsCreate(h, &dp) == 0, "stream, params");
  CHECK(nvjpegStateAttachPinnedBuffer(dst, pb) == 0 && nvjpegStateAttachDeviceBuffer(dst, db) == 0, "attach");
  CHECK(nvjpegDecodeParamsSetOutputFormat(dp, NVJPEG_OUTPUT_RGB) == 0, "params");
  CHECK(nvjpegJpegStreamParse(h, jpg420.data(), jpg420.size(), 0, 0, js) == 0, "parse");
  unsigned fw = 0, fh = 0, ncomp = 0;
  nvjpegJpegStreamGetFrameDimensions(js, &fw, &fh);
  nvjpegJpegStreamGetComponentsNum(js, &ncomp);
  nvjpegChromaSubsampling_t jcss = NVJPEG_CSS_UNKNOWN;
  nvjpegJpegStreamGetChromaSubsampling(js, &jcss);
  CHECK(fw == (unsigned)W && fh == (unsigned)H && ncomp == 3 && jcss == NVJPEG_CSS_420, "stream info");
  int unsupported = 1;
  CHECK(nvjpegDecoderJpegSupported(dec, js, dp, &unsupported) == 0 && unsupported == 0, "supported");
  DevImage dcp;
  CHECK(nvjpegDecodeJpegHost(h, dec, dst, dp, js) == 0, "host phase");
  CHECK(nvjpegDecodeJpegTransferToDevice(h, dec, dst, js, s) == 0, "transfer");
  CHECK(nvjpegDecodeJpegDevice(h, dec, dst, &dcp.img, s) == 0, "device phase");
  for (int c = 0; c < 3; c++) CHECK(dcp.plane(c, W, H) == o420.plane(c, W, H), "decoupled = single");
  size_t psz = 0;
  void *pptr = NULL;
  CHECK(nvjpegBufferPinnedRetrieve(pb, &psz, &pptr) == 0 && psz >= (size_t)3 * W * H && pptr, "pinned buffer");

  // corrupt data, unsupported requests, a destination past its allocation
  std::vector<unsigned char> junk(300, 0x5a);
  CHECK(nvjpegGetImageInfo(h, junk.data(), junk.size(), &nc, &css, ws, hs) == NVJPEG_STATUS_BAD_JPEG, "junk info");
  CHECK(nvjpegDecode(h, st, junk.data(), junk.size(), NVJPEG_OUTPUT_RGB, &again.img, s) == NVJPEG_STATUS_BAD_JPEG,
        "junk decode");
  CHECK(nvjpegDecode(h, st, jpg.data(), 40, NVJPEG_OUTPUT_RGB, &again.img, s) == NVJPEG_STATUS_BAD_JPEG,
        "a cut header");
  std::vector<unsigned char> bad(jpg);
  for (size_t i = 2; i + 1 < bad.size(); i++) // the frame header's 8-bit precision becomes 3
    if (bad[i] == 0xff && bad[i + 1] == 0xc0) { bad[i + 4] = 3; break; }
  CHECK(nvjpegDecode(h, st, bad.data(), bad.size(), NVJPEG_OUTPUT_RGB, &again.img, s) == NVJPEG_STATUS_JPEG_NOT_SUPPORTED ||
        nvjpegDecode(h, st, bad.data(), bad.size(), NVJPEG_OUTPUT_RGB, &again.img, s) == NVJPEG_STATUS_BAD_JPEG,
        "a bad precision");
  // damaged bitstreams (bytes changed, cut short) never crash: each gives a
  // status, and one that decodes fits the frame its header says
  {
    unsigned seed = 12345;
    auto next = [&seed]() { return seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff; };
    const int BIG = 256;
    unsigned char *bigbuf;
    cudaMalloc(&bigbuf, 4 * 3 * BIG * BIG);
    nvjpegImage_t big;
    for (int c = 0; c < 4; c++) big.channel[c] = bigbuf + c * 3 * BIG * BIG, big.pitch[c] = 3 * BIG;
    int decoded = 0, refused = 0, odd = 0;
    for (int k = 0; k < 300; k++) {
      const std::vector<unsigned char> &orig = k % 2 ? jpg420 : jpg;
      std::vector<unsigned char> m(orig);
      size_t len = m.size();
      if (k % 5 == 4) len = 2 + next() % (m.size() - 2); // cut short
      for (int f = 0, nf = 1 + (int)(next() % 4); f < nf; f++) m[next() % len] = (unsigned char)next();
      int mc = 0, mw[4], mh[4];
      nvjpegChromaSubsampling_t mcss;
      int si = nvjpegGetImageInfo(h, m.data(), len, &mc, &mcss, mw, mh);
      if (si != NVJPEG_STATUS_SUCCESS) {
        refused++;
        odd += si != NVJPEG_STATUS_BAD_JPEG && si != NVJPEG_STATUS_JPEG_NOT_SUPPORTED;
        continue;
      }
      if (mw[0] > BIG || mh[0] > BIG || mw[0] <= 0 || mh[0] <= 0) continue;
      nvjpegOutputFormat_t f = (nvjpegOutputFormat_t)(next() % 7);
      int sd = nvjpegDecode(h, st, m.data(), len, f, &big, s);
      if (sd == NVJPEG_STATUS_SUCCESS || sd == NVJPEG_STATUS_INCOMPLETE_BITSTREAM) decoded++;
      else refused++;
      odd += sd != NVJPEG_STATUS_SUCCESS && sd != NVJPEG_STATUS_INCOMPLETE_BITSTREAM &&
             sd != NVJPEG_STATUS_BAD_JPEG && sd != NVJPEG_STATUS_JPEG_NOT_SUPPORTED;
    }
    CHECK(odd == 0 && decoded > 0 && refused > 0, "damaged bitstreams");
    cudaFree(bigbuf);
  }
  std::vector<unsigned char> cut(jpg.begin(), jpg.begin() + jpg.size() / 2);
  CHECK(nvjpegDecode(h, st, cut.data(), cut.size(), NVJPEG_OUTPUT_RGB, &again.img, s) ==
            NVJPEG_STATUS_INCOMPLETE_BITSTREAM, "half a bitstream");
  nvjpegHandle_t strict;
  CHECK(nvjpegCreateEx(NVJPEG_BACKEND_DEFAULT, NULL, NULL, NVJPEG_FLAGS_BITSTREAM_STRICT, &strict) == 0, "strict");
  nvjpegJpegState_t sst;
  nvjpegJpegStateCreate(strict, &sst);
  CHECK(nvjpegDecode(strict, sst, cut.data(), cut.size(), NVJPEG_OUTPUT_RGB, &again.img, s) ==
            NVJPEG_STATUS_BAD_JPEG, "half a bitstream, strict");
  nvjpegJpegStateDestroy(sst);
  nvjpegDestroy(strict);
  CHECK(nvjpegDecodeParamsSetScaleFactor(dp, NVJPEG_SCALE_1_BY_2) == NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED,
        "a scale factor");
  nvjpegImage_t past = again.img;
  past.pitch[1] = 4 * P * H; // the second plane's rows run past the allocation
  int st_past = nvjpegDecode(h, st, jpg.data(), jpg.size(), NVJPEG_OUTPUT_RGB, &past, s);
  CHECK(st_past == NVJPEG_STATUS_EXECUTION_FAILED, "past the allocation");

  nvjpegDecodeParamsDestroy(dp);
  nvjpegJpegStreamDestroy(js);
  nvjpegBufferPinnedDestroy(pb);
  nvjpegBufferDeviceDestroy(db);
  nvjpegJpegStateDestroy(dst);
  nvjpegDecoderDestroy(dec);
  CHECK(nvjpegEncoderParamsDestroy(ep) == 0 && nvjpegEncoderStateDestroy(es) == 0, "encoder destroy");
  CHECK(nvjpegJpegStateDestroy(st) == 0 && nvjpegDestroy(h) == 0, "destroy");
  CHECK(dev_mallocs >= 1 && dev_mallocs == dev_frees && pin_mallocs >= 1 && pin_mallocs == pin_frees,
        "the program's allocators");
  printf("allocators: device %s, pinned %s\n", dev_mallocs ? "used" : "unused", pin_mallocs ? "used" : "unused");
  printf("nvjpeg %d: %d wrong\n", major, wrong);
  return wrong != 0;
}
