// SIMD video intrinsics of the CUDA device API (__vadd2, __vsub4, ...),
// through our headers: one result per slot, compared with values worked out
// by hand in video.expected (halfword lanes for the *2 forms, byte lanes for
// the *4 forms).
__global__ void video(unsigned *out) {
  unsigned a = 0x0001fffeu, b = 0x00030004u;  // halfwords: (1, -2), (3, 4)
  unsigned c = 0x10ff0380u, d = 0x2001047fu;  // bytes: 10 ff 03 80 / 20 01 04 7f
  out[0] = __vadd2(a, b);      // (4, 2)            -> 0x00040002
  out[1] = __vsub4(c, d);      // f0 fe ff 01       -> 0xf0feff01
  out[2] = __vcmpeq2(a, a);    // all equal         -> 0xffffffff
  out[3] = __vabsdiffu4(c, d); // 10 fe 01 01       -> 0x10fe0101
  out[4] = __vmaxs2(a, b);     // (3, 4)            -> 0x00030004
  out[5] = __vsetgtu4(c, d);   // 0 1 0 1           -> 0x00010001
  out[6] = __vabs2(a);         // (1, 2)            -> 0x00010002
  out[7] = __vsadu4(c, d);     // 16+254+1+1        -> 272
}
