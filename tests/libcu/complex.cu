// <cuda/std/complex> (libcu++ 1.8 through simulee's stand-in header): a
// per-thread complex rotation and a few library functions, as signal
// processing kernels use them, in double so the dumped values are exact.
// Pattern: none (each thread writes its own elements).
// HOST-SIDE
#include <cuda/std/complex>

typedef cuda::std::complex<double> cplx;

// out[8*i ..]: z*w, z/w, conj(z), |z|^2 (norm), z*z, real(polar(2, 0)), z+1
// with z = (i+1) + 2i*i, w = 3 - i.
__global__ void complex_ops(double *out) {
  int i = threadIdx.x;
  cplx z(i + 1.0, 2.0 * i), w(3.0, -1.0);
  cplx p = z * w, q = z / w, c = cuda::std::conj(z), s = z * z;
  double *o = out + 16 * i;
  o[0] = p.real(); o[1] = p.imag();
  o[2] = q.real(); o[3] = q.imag();
  o[4] = c.real(); o[5] = c.imag();
  o[6] = cuda::std::norm(z);
  o[7] = s.real(); o[8] = s.imag();
  o[9] = cuda::std::polar(2.0, 0.0).real();
  cplx t = z + 1.0;
  o[10] = t.real(); o[11] = t.imag();
  o[12] = cuda::std::abs(cplx(3.0, 4.0));
  o[13] = (z == cplx(i + 1.0, 2.0 * i)) ? 1.0 : 0.0;
  cuda::std::complex<float> f(1.5f, -2.0f);
  f *= 2.0f;
  o[14] = f.real(); o[15] = f.imag();
}

// host code using the same header (the launch hints compile it host-side)
void run_complex(double *d) { complex_ops<<<1, 2>>>(d); }
