// An FFT planned through cuFFT's extensions as CUDA's FFT samples plan one
// (cufftCreate, then cufftXtMakePlanMany with 64-bit sizes and data types),
// forward and inverse C2C and an R2C, against a host DFT; the multi-GPU
// calls a program makes only with two devices or more: the device count is
// one and cufftXtSetGPUs says it is not supported.
#include <cufftXt.h>
#include <cmath>
#include <cstdio>
#include <vector>

// the statuses a sample helper names (CUDA 12's list)
static const char *status_name(cufftResult r) {
  switch (r) {
  case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
  case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
  case CUFFT_MISSING_DEPENDENCY: return "CUFFT_MISSING_DEPENDENCY";
  case CUFFT_NVRTC_FAILURE: return "CUFFT_NVRTC_FAILURE";
  case CUFFT_NVJITLINK_FAILURE: return "CUFFT_NVJITLINK_FAILURE";
  case CUFFT_NVSHMEM_FAILURE: return "CUFFT_NVSHMEM_FAILURE";
  default: return "other";
  }
}

int main() {
  const int n = 24;
  std::vector<cufftComplex> h(n), out(n), back(n);
  std::vector<float> r(n);
  for (int i = 0; i < n; i++) {
    h[i].x = (float)((i * 5) % 7) - 3.0f;
    h[i].y = (float)(i % 3) * 0.5f;
    r[i] = (float)((i * 3) % 11) - 5.0f;
  }
  cufftComplex *d, *dr_out;
  float *dr;
  cudaMalloc(&d, n * sizeof(cufftComplex));
  cudaMalloc(&dr, n * sizeof(float));
  cudaMalloc(&dr_out, (n / 2 + 1) * sizeof(cufftComplex));
  cudaMemcpy(d, h.data(), n * sizeof(cufftComplex), cudaMemcpyHostToDevice);
  cudaMemcpy(dr, r.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cufftHandle plan, rplan;
  long long size = n;
  size_t work = 0;
  int bad = cufftCreate(&plan) | cufftCreate(&rplan);
  bad |= cufftXtMakePlanMany(plan, 1, &size, NULL, 1, 1, CUDA_C_32F, NULL, 1, 1, CUDA_C_32F, 1,
                             &work, CUDA_C_32F);
  bad |= cufftXtMakePlanMany(rplan, 1, &size, NULL, 1, 1, CUDA_R_32F, NULL, 1, 1, CUDA_C_32F, 1,
                             &work, CUDA_C_32F);
  bad |= cufftExecC2C(plan, d, d, CUFFT_FORWARD);
  cudaMemcpy(out.data(), d, n * sizeof(cufftComplex), cudaMemcpyDeviceToHost);
  bad |= cufftExecC2C(plan, d, d, CUFFT_INVERSE);
  cudaMemcpy(back.data(), d, n * sizeof(cufftComplex), cudaMemcpyDeviceToHost);
  bad |= cufftExecR2C(rplan, dr, dr_out);
  std::vector<cufftComplex> rout(n / 2 + 1);
  cudaMemcpy(rout.data(), dr_out, (n / 2 + 1) * sizeof(cufftComplex), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int k = 0; k < n; k++) {
    double re = 0, im = 0, rre = 0, rim = 0;
    for (int t = 0; t < n; t++) {
      double a = -2.0 * M_PI * k * t / n;
      re += h[t].x * cos(a) - h[t].y * sin(a);
      im += h[t].x * sin(a) + h[t].y * cos(a);
      rre += r[t] * cos(a);
      rim += r[t] * sin(a);
    }
    if (fabs(out[k].x - re) > 1e-3 || fabs(out[k].y - im) > 1e-3) wrong++;
    if (fabs(back[k].x / n - h[k].x) > 1e-4 || fabs(back[k].y / n - h[k].y) > 1e-4) wrong++;
    if (k <= n / 2 && (fabs(rout[k].x - rre) > 1e-3 || fabs(rout[k].y - rim) > 1e-3)) wrong++;
  }
  int gpus = 0, which[2] = {0, 1};
  cudaGetDeviceCount(&gpus);
  cufftResult mg = cufftXtSetGPUs(plan, 2, which);
  printf("fft xt n=%d: %d wrong, plans %s; devices %d, cufftXtSetGPUs %s\n", n, wrong,
         bad ? "failed" : "ok", gpus, status_name(mg));
  cufftDestroy(plan);
  cufftDestroy(rplan);
  return wrong != 0 || bad;
}
