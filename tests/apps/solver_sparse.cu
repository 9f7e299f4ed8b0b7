// Sparse linear systems through cuSOLVER, the way solver programs call it: a
// 2-D Poisson matrix (the 5-point Laplacian of a g x g grid) in CSR, a
// handle on a stream of its own, then
//   csrlsv     A x = b by Cholesky, QR and LU on the host, by Cholesky and QR
//              on the device (double; Cholesky in float too), and a 1-based
//              copy of the matrix
//   orderings  symrcm, symamd, metisnd: permutations; A(p, p) by
//              csrperm_bufferSize + csrperm, whose RCM bandwidth is at most
//              the grid's; the permuted system solved; issym of A and of a
//              pattern that is not symmetric
//   low-level  csrchol (host and device; the device solve captured into a
//              graph launched twice), csrqr (host and device), csrlu on the
//              host with its factors extracted
//   cusolverRf the LU's P, Q, L, U set up, new values of A (the same
//              pattern) reset, refactored and solved on the device; the new
//              L and U extracted, their product P A Q'; the batched API on
//              two matrices
//   vectors    cuSPARSE's sparse vectors: scatter, gather, an index outside
//              the dense vector
//   bad input  a null handle, a column outside the matrix, a column stored
//              twice, an info object of another factorization, a solve
//              before the factor
// each checked against a host loop (the residual |b - A x| / |b| under a
// tolerance). Mode "race": a kernel on another stream rewrites the values
// right after cusolverSpDcsrlsvchol reads them, with nothing ordering them:
// a race between launches naming the cuSOLVER function. Pattern: none
// (clean) in the default mode.
#include <cusolverRf.h>
#include <cusolverSp.h>
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static int wrong = 0;

struct Csr {
  int n, nnz;
  std::vector<int> rp, ci;
  std::vector<double> v;
};

// the 5-point Laplacian with diagonal d
static Csr poisson(int g, double d) {
  Csr a;
  a.n = g * g;
  a.rp.push_back(0);
  for (int y = 0; y < g; y++)
    for (int x = 0; x < g; x++) {
      int i = y * g + x;
      const int nb[5] = {i - g, i - 1, i, i + 1, i + g};
      const bool ok[5] = {y > 0, x > 0, true, x < g - 1, y < g - 1};
      for (int k = 0; k < 5; k++)
        if (ok[k]) a.ci.push_back(nb[k]), a.v.push_back(nb[k] == i ? d : -1);
      a.rp.push_back((int)a.ci.size());
    }
  a.nnz = (int)a.ci.size();
  return a;
}

template <class T>
static double residual(const Csr &a, const T *x, const std::vector<double> &b) {
  double r = 0, nb = 0;
  for (int i = 0; i < a.n; i++) {
    double s = 0;
    for (int k = a.rp[i]; k < a.rp[i + 1]; k++) s += a.v[k] * (double)x[a.ci[k]];
    r += (s - b[i]) * (s - b[i]), nb += b[i] * b[i];
  }
  return std::sqrt(r / nb);
}

static void check(const char *what, bool ok) {
  if (!ok) {
    printf("wrong: %s\n", what);
    wrong++;
  }
}

template <class T> static T *upload(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

static bool is_perm(const std::vector<int> &p) {
  std::vector<char> seen(p.size(), 0);
  for (int v : p) {
    if (v < 0 || v >= (int)p.size() || seen[v]) return false;
    seen[v] = 1;
  }
  return true;
}

static int bandwidth(int n, const int *rp, const int *ci) {
  int bw = 0;
  for (int i = 0; i < n; i++)
    for (int k = rp[i]; k < rp[i + 1]; k++) bw = std::max(bw, std::abs(ci[k] - i));
  return bw;
}

__global__ void rewrite(double *v, int nnz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nnz) v[i] *= 2;
}

static void csrlsv(cusolverSpHandle_t h, cusparseMatDescr_t d, const Csr &a,
                   const std::vector<double> &b) {
  int n = a.n, sing = -2;
  std::vector<double> x(n);
  cusolverStatus_t st =
      cusolverSpDcsrlsvcholHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), b.data(),
                                1e-12, 1, x.data(), &sing);
  check("csrlsvcholHost", !st && sing == -1 && residual(a, x.data(), b) < 1e-10);
  st = cusolverSpDcsrlsvqrHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), b.data(),
                               1e-12, 0, x.data(), &sing);
  check("csrlsvqrHost", !st && sing == -1 && residual(a, x.data(), b) < 1e-10);
  st = cusolverSpDcsrlsvluHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), b.data(),
                               1e-12, 2, x.data(), &sing);
  check("csrlsvluHost", !st && sing == -1 && residual(a, x.data(), b) < 1e-10);
  // on the device
  int *drp = upload(a.rp), *dci = upload(a.ci);
  double *dv = upload(a.v), *db = upload(b), *dx;
  cudaMalloc(&dx, n * sizeof(double));
  st = cusolverSpDcsrlsvchol(h, n, a.nnz, d, dv, drp, dci, db, 1e-12, 0, dx, &sing);
  x = download(dx, n);
  check("csrlsvchol", !st && sing == -1 && residual(a, x.data(), b) < 1e-10);
  cudaMemset(dx, 0, n * sizeof(double));
  st = cusolverSpDcsrlsvqr(h, n, a.nnz, d, dv, drp, dci, db, 1e-12, 0, dx, &sing);
  x = download(dx, n);
  check("csrlsvqr", !st && sing == -1 && residual(a, x.data(), b) < 1e-10);
  // in float
  std::vector<float> vf(a.v.begin(), a.v.end()), bf(b.begin(), b.end()), xf(n);
  float *dvf = upload(vf), *dbf = upload(bf), *dxf;
  cudaMalloc(&dxf, n * sizeof(float));
  st = cusolverSpScsrlsvchol(h, n, a.nnz, d, dvf, drp, dci, dbf, 1e-6f, 0, dxf, &sing);
  xf = download(dxf, n);
  check("Scsrlsvchol", !st && sing == -1 && residual(a, xf.data(), b) < 1e-4);
  // a 1-based copy
  Csr one = a;
  for (int &r : one.rp) r++;
  for (int &c : one.ci) c++;
  cusparseMatDescr_t d1;
  cusparseCreateMatDescr(&d1);
  cusparseSetMatIndexBase(d1, CUSPARSE_INDEX_BASE_ONE);
  st = cusolverSpDcsrlsvluHost(h, n, a.nnz, d1, one.v.data(), one.rp.data(), one.ci.data(),
                               b.data(), 1e-12, 0, x.data(), &sing);
  check("csrlsvluHost base 1", !st && sing == -1 && residual(a, x.data(), b) < 1e-10);
  cusparseDestroyMatDescr(d1);
  cudaFree(drp), cudaFree(dci), cudaFree(dv), cudaFree(db), cudaFree(dx);
  cudaFree(dvf), cudaFree(dbf), cudaFree(dxf);
}

static void orderings(cusolverSpHandle_t h, cusparseMatDescr_t d, const Csr &a, int g,
                      const std::vector<double> &b) {
  int n = a.n;
  std::vector<int> rcm(n), amd(n), nd(n);
  int s1 = cusolverSpXcsrsymrcmHost(h, n, a.nnz, d, a.rp.data(), a.ci.data(), rcm.data());
  int s2 = cusolverSpXcsrsymamdHost(h, n, a.nnz, d, a.rp.data(), a.ci.data(), amd.data());
  int s3 = cusolverSpXcsrmetisndHost(h, n, a.nnz, d, a.rp.data(), a.ci.data(), nullptr,
                                     nd.data());
  check("orderings", !s1 && !s2 && !s3 && is_perm(rcm) && is_perm(amd) && is_perm(nd));
  // B = A(p, p) with p the RCM order; its values through map
  std::vector<int> rp = a.rp, ci = a.ci, map(a.nnz);
  for (int k = 0; k < a.nnz; k++) map[k] = k;
  size_t bytes = 0;
  int st = cusolverSpXcsrperm_bufferSizeHost(h, n, n, a.nnz, d, rp.data(), ci.data(), rcm.data(),
                                             rcm.data(), &bytes);
  std::vector<char> buf(bytes + 1);
  st |= cusolverSpXcsrpermHost(h, n, n, a.nnz, d, rp.data(), ci.data(), rcm.data(), rcm.data(),
                               map.data(), buf.data());
  Csr p;
  p.n = n, p.nnz = a.nnz, p.rp = rp, p.ci = ci, p.v.resize(a.nnz);
  for (int k = 0; k < a.nnz; k++) p.v[k] = a.v[map[k]];
  int bw = bandwidth(n, rp.data(), ci.data());
  check("csrperm", !st && bw <= g);
  // B x' = b(p), x = x'(p^-1)
  std::vector<double> bp(n), xp(n), x(n);
  for (int i = 0; i < n; i++) bp[i] = b[rcm[i]];
  int sing = -2;
  st = cusolverSpDcsrlsvluHost(h, n, p.nnz, d, p.v.data(), p.rp.data(), p.ci.data(), bp.data(),
                               1e-12, 0, xp.data(), &sing);
  for (int i = 0; i < n; i++) x[rcm[i]] = xp[i];
  check("permuted solve", !st && sing == -1 && residual(a, x.data(), b) < 1e-10);
  // issym
  int sym = -1, nonsym = -1;
  std::vector<int> end(a.rp.begin() + 1, a.rp.end());
  st = cusolverSpXcsrissymHost(h, n, a.nnz, d, a.rp.data(), end.data(), a.ci.data(), &sym);
  const int rp2[3] = {0, 2, 3}, ci2[3] = {0, 1, 1}, end2[2] = {2, 3};
  st |= cusolverSpXcsrissymHost(h, 2, 3, d, rp2, end2, ci2, &nonsym);
  check("issym", !st && sym == 1 && nonsym == 0);
  printf("rcm bandwidth: %d (grid %d)\n", bw, g);
}

static void lowlevel(cusolverSpHandle_t h, cusparseMatDescr_t d, const Csr &a,
                     const std::vector<double> &b) {
  int n = a.n, pos = -2;
  size_t internal = 0, work = 0;
  std::vector<double> x(n);
  // Cholesky on the host
  csrcholInfoHost_t ch;
  cusolverSpCreateCsrcholInfoHost(&ch);
  int st = cusolverSpXcsrcholAnalysisHost(h, n, a.nnz, d, a.rp.data(), a.ci.data(), ch);
  st |= cusolverSpDcsrcholBufferInfoHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), ch,
                                         &internal, &work);
  std::vector<char> hbuf(work);
  st |= cusolverSpDcsrcholFactorHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), ch,
                                     hbuf.data());
  st |= cusolverSpDcsrcholZeroPivotHost(h, ch, 1e-12, &pos);
  st |= cusolverSpDcsrcholSolveHost(h, n, b.data(), x.data(), ch, hbuf.data());
  check("csrcholHost", !st && pos == -1 && residual(a, x.data(), b) < 1e-10);
  cusolverSpDestroyCsrcholInfoHost(ch);
  // Cholesky and QR on the device
  int *drp = upload(a.rp), *dci = upload(a.ci);
  double *dv = upload(a.v), *db = upload(b), *dx;
  cudaMalloc(&dx, n * sizeof(double));
  csrcholInfo_t cd;
  cusolverSpCreateCsrcholInfo(&cd);
  st = cusolverSpXcsrcholAnalysis(h, n, a.nnz, d, drp, dci, cd);
  st |= cusolverSpDcsrcholBufferInfo(h, n, a.nnz, d, dv, drp, dci, cd, &internal, &work);
  void *dbuf;
  cudaMalloc(&dbuf, work);
  st |= cusolverSpDcsrcholFactor(h, n, a.nnz, d, dv, drp, dci, cd, dbuf);
  st |= cusolverSpDcsrcholZeroPivot(h, cd, 1e-12, &pos);
  st |= cusolverSpDcsrcholSolve(h, n, db, dx, cd, dbuf);
  x = download(dx, n);
  check("csrchol", !st && pos == -1 && residual(a, x.data(), b) < 1e-10);
  // the solve captured on the handle's stream: a graph node, made at each launch
  cudaStream_t hs = nullptr;
  cusolverSpGetStream(h, &hs);
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaMemset(dx, 0, n * sizeof(double));
  cudaStreamBeginCapture(hs, cudaStreamCaptureModeGlobal);
  st = cusolverSpDcsrcholSolve(h, n, db, dx, cd, dbuf);
  cudaStreamEndCapture(hs, &graph);
  std::vector<double> before = download(dx, n); // nothing ran yet
  cudaGraphInstantiate(&exec, graph, 0);
  for (int l = 0; l < 2; l++) cudaGraphLaunch(exec, hs);
  cudaStreamSynchronize(hs);
  x = download(dx, n);
  check("captured csrcholSolve",
        !st && before[0] == 0 && before[n - 1] == 0 && residual(a, x.data(), b) < 1e-10);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cusolverSpDestroyCsrcholInfo(cd);
  cudaFree(dbuf);
  csrqrInfo_t qd;
  cusolverSpCreateCsrqrInfo(&qd);
  st = cusolverSpXcsrqrAnalysis(h, n, n, a.nnz, d, drp, dci, qd);
  st |= cusolverSpDcsrqrBufferInfo(h, n, n, a.nnz, d, dv, drp, dci, qd, &internal, &work);
  cudaMalloc(&dbuf, work);
  st |= cusolverSpDcsrqrSetup(h, n, n, a.nnz, d, dv, drp, dci, 0.0, qd);
  st |= cusolverSpDcsrqrFactor(h, n, n, a.nnz, nullptr, nullptr, qd, dbuf);
  st |= cusolverSpDcsrqrZeroPivot(h, qd, 1e-12, &pos);
  st |= cusolverSpDcsrqrSolve(h, n, n, db, dx, qd, dbuf);
  x = download(dx, n);
  check("csrqr", !st && pos == -1 && residual(a, x.data(), b) < 1e-10);
  cusolverSpDestroyCsrqrInfo(qd);
  cudaFree(dbuf);
  // QR on the host, with the factor solving at once
  csrqrInfoHost_t qh;
  cusolverSpCreateCsrqrInfoHost(&qh);
  st = cusolverSpXcsrqrAnalysisHost(h, n, n, a.nnz, d, a.rp.data(), a.ci.data(), qh);
  st |= cusolverSpDcsrqrBufferInfoHost(h, n, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), qh,
                                       &internal, &work);
  hbuf.resize(work);
  st |= cusolverSpDcsrqrSetupHost(h, n, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), 0.0, qh);
  std::vector<double> bb = b;
  st |= cusolverSpDcsrqrFactorHost(h, n, n, a.nnz, bb.data(), x.data(), qh, hbuf.data());
  check("csrqrHost", !st && residual(a, x.data(), b) < 1e-10);
  cusolverSpDestroyCsrqrInfoHost(qh);

  // LU on the host, its factors to cusolverRf
  csrluInfoHost_t lu;
  cusolverSpCreateCsrluInfoHost(&lu);
  st = cusolverSpXcsrluAnalysisHost(h, n, a.nnz, d, a.rp.data(), a.ci.data(), lu);
  st |= cusolverSpDcsrluBufferInfoHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), lu,
                                       &internal, &work);
  hbuf.resize(work);
  st |= cusolverSpDcsrluFactorHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), a.ci.data(), lu, 1.0,
                                   hbuf.data());
  st |= cusolverSpDcsrluZeroPivotHost(h, lu, 1e-12, &pos);
  st |= cusolverSpDcsrluSolveHost(h, n, b.data(), x.data(), lu, hbuf.data());
  check("csrluHost", !st && pos == -1 && residual(a, x.data(), b) < 1e-10);
  int nnzl = 0, nnzu = 0;
  st = cusolverSpXcsrluNnzHost(h, &nnzl, &nnzu, lu);
  std::vector<int> P(n), Q(n), lp(n + 1), li(nnzl), up(n + 1), ui(nnzu);
  std::vector<double> lx(nnzl), ux(nnzu);
  st |= cusolverSpDcsrluExtractHost(h, P.data(), Q.data(), d, lx.data(), lp.data(), li.data(), d,
                                    ux.data(), up.data(), ui.data(), lu, hbuf.data());
  check("csrluExtractHost", !st && is_perm(P) && is_perm(Q) && lp[n] == nnzl && up[n] == nnzu);
  cusolverSpDestroyCsrluInfoHost(lu);

  cusolverRfHandle_t rf;
  st = cusolverRfCreate(&rf);
  st |= cusolverRfSetNumericProperties(rf, 0.0, 0.0);
  st |= cusolverRfSetAlgs(rf, CUSOLVERRF_FACTORIZATION_ALG0, CUSOLVERRF_TRIANGULAR_SOLVE_ALG1);
  st |= cusolverRfSetMatrixFormat(rf, CUSOLVERRF_MATRIX_FORMAT_CSR,
                                  CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L);
  st |= cusolverRfSetResetValuesFastMode(rf, CUSOLVERRF_RESET_VALUES_FAST_MODE_ON);
  Csr a2 = a;
  st |= cusolverRfSetupHost(n, a.nnz, a2.rp.data(), a2.ci.data(), a2.v.data(), nnzl, lp.data(),
                            li.data(), lx.data(), nnzu, up.data(), ui.data(), ux.data(), P.data(),
                            Q.data(), rf);
  st |= cusolverRfAnalyze(rf);
  // new values, the same pattern: a stronger diagonal
  for (int i = 0; i < n; i++)
    for (int k = a2.rp[i]; k < a2.rp[i + 1]; k++)
      if (a2.ci[k] == i) a2.v[k] = 5.5;
  double *dv2 = upload(a2.v), *dt;
  int *dP = upload(P), *dQ = upload(Q);
  cudaMalloc(&dt, n * sizeof(double));
  st |= cusolverRfResetValues(n, a.nnz, drp, dci, dv2, dP, dQ, rf);
  st |= cusolverRfRefactor(rf);
  cudaMemcpy(dx, b.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  st |= cusolverRfSolve(rf, dP, dQ, 1, dt, n, dx, n);
  cudaDeviceSynchronize();
  x = download(dx, n);
  check("cusolverRf", !st && residual(a2, x.data(), b) < 1e-10);
  // the refactored L and U: L U = P A2 Q' (every entry, densely)
  int rnl = 0, rnu = 0, *rlp, *rli, *rup, *rui;
  double *rlx, *rux;
  st = cusolverRfExtractSplitFactorsHost(rf, &rnl, &rlp, &rli, &rlx, &rnu, &rup, &rui, &rux);
  std::vector<double> lu_(n * n, 0.0), pa(n * n, 0.0), u_(n * n, 0.0);
  for (int i = 0; !st && i < n; i++)
    for (int k = rup[i]; k < rup[i + 1]; k++) u_[i * n + rui[k]] = rux[k];
  for (int i = 0; !st && i < n; i++)
    for (int k = rlp[i]; k < rlp[i + 1]; k++)
      for (int j = 0; j < n; j++) lu_[i * n + j] += rlx[k] * u_[rli[k] * n + j];
  std::vector<int> qinv(n);
  for (int j = 0; j < n; j++) qinv[Q[j]] = j;
  for (int i = 0; i < n; i++)
    for (int k = a2.rp[P[i]]; k < a2.rp[P[i] + 1]; k++) pa[i * n + qinv[a2.ci[k]]] = a2.v[k];
  double diff = 0;
  for (int k = 0; k < n * n; k++) diff = std::max(diff, std::fabs(lu_[k] - pa[k]));
  check("cusolverRfExtractSplitFactorsHost", !st && rnl == nnzl && rnu == nnzu && diff < 1e-12);
  if (!st) free(rlp), free(rli), free(rlx), free(rup), free(rui), free(rux);
  double zero = -1, boost = -1;
  cusolverRfFactorization_t fa;
  cusolverRfTriangularSolve_t sa;
  st = cusolverRfGetNumericProperties(rf, &zero, &boost) | cusolverRfGetAlgs(rf, &fa, &sa);
  check("cusolverRf settings", !st && zero == 0 && boost == 0 &&
                                   fa == CUSOLVERRF_FACTORIZATION_ALG0 &&
                                   sa == CUSOLVERRF_TRIANGULAR_SOLVE_ALG1);
  cusolverRfDestroy(rf);

  // the batched API: A2 and A3 (a stronger diagonal still) refactored and
  // solved at once, after a set-up from A and A2
  Csr a3 = a2;
  for (int i = 0; i < n; i++)
    for (int k = a3.rp[i]; k < a3.rp[i + 1]; k++)
      if (a3.ci[k] == i) a3.v[k] = 7.0;
  Csr a1 = a;
  double *hv[2] = {a1.v.data(), a2.v.data()};
  st = cusolverRfCreate(&rf);
  st |= cusolverRfBatchSetupHost(2, n, a.nnz, a1.rp.data(), a1.ci.data(), hv, nnzl, lp.data(),
                                 li.data(), lx.data(), nnzu, up.data(), ui.data(), ux.data(),
                                 P.data(), Q.data(), rf);
  st |= cusolverRfBatchAnalyze(rf);
  double *dv3 = upload(a3.v), *dx2, *dt2;
  double *dvs[2] = {dv2, dv3};
  cudaMalloc(&dx2, n * sizeof(double));
  cudaMalloc(&dt2, 2 * 2 * n * sizeof(double));
  st |= cusolverRfBatchResetValues(2, n, a.nnz, drp, dci, dvs, dP, dQ, rf);
  st |= cusolverRfBatchRefactor(rf);
  int zp[2] = {-2, -2};
  st |= cusolverRfBatchZeroPivot(rf, zp);
  cudaMemcpy(dx, b.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dx2, b.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  double *dxs[2] = {dx, dx2};
  st |= cusolverRfBatchSolve(rf, dP, dQ, 1, dt2, n, dxs, n);
  x = download(dx, n);
  std::vector<double> x3 = download(dx2, n);
  check("cusolverRf batched", !st && zp[0] == -1 && zp[1] == -1 &&
                                  residual(a2, x.data(), b) < 1e-10 &&
                                  residual(a3, x3.data(), b) < 1e-10);
  cusolverRfDestroy(rf);
  cudaFree(dv3), cudaFree(dx2), cudaFree(dt2);
  cudaFree(drp), cudaFree(dci), cudaFree(dv), cudaFree(db), cudaFree(dx), cudaFree(dv2);
  cudaFree(dt), cudaFree(dP), cudaFree(dQ);
}

// cuSPARSE's sparse vectors, as cuSolverSp_LinearSolver uses them: x(q) = z
// by cusparseScatter, then z back by cusparseGather
static void vectors(cudaStream_t s) {
  const int n = 6, nnz = 4;
  const int q[nnz] = {5, 0, 3, 2};
  std::vector<double> z = {1.5, -2, 4, 8}, y(n, 0.0);
  int *dq = upload(std::vector<int>(q, q + nnz));
  double *dz = upload(z), *dy = upload(y);
  cusparseHandle_t sp;
  cusparseCreate(&sp);
  cusparseSetStream(sp, s);
  cusparseSpVecDescr_t vz;
  cusparseDnVecDescr_t vy;
  int st = cusparseCreateSpVec(&vz, n, nnz, dq, dz, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                               CUDA_R_64F);
  st |= cusparseCreateDnVec(&vy, n, dy, CUDA_R_64F);
  st |= cusparseScatter(sp, vz, vy);
  y = download(dy, n);
  bool ok = !st && y[5] == 1.5 && y[0] == -2 && y[3] == 4 && y[2] == 8 && y[1] == 0 && y[4] == 0;
  cudaMemset(dz, 0, nnz * sizeof(double));
  st = cusparseGather(sp, vy, vz);
  z = download(dz, nnz);
  ok = ok && !st && z[0] == 1.5 && z[1] == -2 && z[2] == 4 && z[3] == 8;
  int64_t size = 0, got = 0;
  void *idx, *val;
  cusparseIndexType_t it;
  cusparseIndexBase_t base;
  cudaDataType type;
  st = cusparseSpVecGet(vz, &size, &got, &idx, &val, &it, &base, &type);
  ok = ok && !st && size == n && got == nnz && idx == dq && val == dz && type == CUDA_R_64F;
  check("cusparseScatter/Gather", ok);
  cusparseDestroySpVec(vz);
  // an index outside the dense vector
  int bad = 9;
  cudaMemcpy(dq + 1, &bad, sizeof bad, cudaMemcpyHostToDevice);
  cusparseCreateSpVec(&vz, n, nnz, dq, dz, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                      CUDA_R_64F);
  printf("scatter outside: %d\n", (int)cusparseScatter(sp, vz, vy));
  cusparseDestroySpVec(vz);
  cusparseDestroyDnVec(vy);
  cusparseDestroy(sp);
  cudaFree(dq), cudaFree(dz), cudaFree(dy);
}

static void bad_input(cusolverSpHandle_t h, cusparseMatDescr_t d, const Csr &a,
                      const std::vector<double> &b) {
  int n = a.n, sing = -2;
  std::vector<double> x(n);
  int nullh = cusolverSpDcsrlsvluHost(nullptr, n, a.nnz, d, a.v.data(), a.rp.data(),
                                      a.ci.data(), b.data(), 1e-12, 0, x.data(), &sing);
  std::vector<int> ci = a.ci;
  ci[5] = n + 3;
  int badcol = cusolverSpDcsrlsvcholHost(h, n, a.nnz, d, a.v.data(), a.rp.data(), ci.data(),
                                         b.data(), 1e-12, 0, x.data(), &sing);
  ci = a.ci;
  ci[1] = ci[0]; // row 0 stores its first column twice
  int twice = cusolverSpXcsrsymamdHost(h, n, a.nnz, d, a.rp.data(), ci.data(), &ci[0]);
  csrqrInfoHost_t qh;
  cusolverSpCreateCsrqrInfoHost(&qh);
  int kind = cusolverSpXcsrcholAnalysisHost(h, n, a.nnz, d, a.rp.data(), a.ci.data(),
                                            (csrcholInfoHost_t)qh);
  cusolverSpXcsrqrAnalysisHost(h, n, n, a.nnz, d, a.rp.data(), a.ci.data(), qh);
  std::vector<char> buf(64);
  int early = cusolverSpDcsrqrSolveHost(h, n, n, x.data(), x.data(), qh, buf.data());
  cusolverSpDestroyCsrqrInfoHost(qh);
  printf("null handle: %d, bad column: %d, twice: %d, other info: %d, solve first: %d\n", nullh,
         badcol, twice, kind, early);
}

int main(int argc, char **argv) {
  bool race = argc > 1 && !strcmp(argv[1], "race");
  const int g = 12;
  Csr a = poisson(g, 4.0);
  std::vector<double> b(a.n);
  for (int i = 0; i < a.n; i++) b[i] = 1.0 + (i % 7) * 0.25;
  cudaStream_t s; // a blocking stream: cudaMemcpy waits for the calls on it
  cudaStreamCreate(&s);
  cusolverSpHandle_t h;
  cusparseMatDescr_t d;
  cusparseCreateMatDescr(&d);
  if (cusolverSpCreate(&h) || cusolverSpSetStream(h, s)) {
    printf("no cuSOLVER\n");
    return 1;
  }
  if (race) {
    int *drp = upload(a.rp), *dci = upload(a.ci), sing = -2;
    double *dv = upload(a.v), *db = upload(b), *dx;
    cudaMalloc(&dx, a.n * sizeof(double));
    cudaStream_t sb;
    cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking);
    cudaDeviceSynchronize();
    cusolverSpDcsrlsvchol(h, a.n, a.nnz, d, dv, drp, dci, db, 1e-12, 0, dx, &sing);
    rewrite<<<(a.nnz + 127) / 128, 128, 0, sb>>>(dv, a.nnz);
    cudaDeviceSynchronize();
    std::vector<double> x = download(dx, a.n);
    int bad = sing != -1 || residual(a, x.data(), b) > 1e-10;
    printf("race: %d wrong\n", bad);
    cudaStreamDestroy(sb);
    cusolverSpDestroy(h);
    return bad;
  }
  csrlsv(h, d, a, b);
  orderings(h, d, a, g, b);
  lowlevel(h, d, a, b);
  vectors(s);
  bad_input(h, d, a, b);
  cusparseDestroyMatDescr(d);
  cusolverSpDestroy(h);
  cudaStreamDestroy(s);
  printf("solver_sparse: %d wrong\n", wrong);
  return wrong != 0;
}
