// Pattern: a scalar that is a constant at every launch. The kernel folds
// the block onto out[t % (stride / 4)]: race-free for the stride the program
// always passes (1024: 256 distinct slots for 256 threads), a write-write
// race for any smaller one. The host code passes the literal 1024, so the
// search keeps it (launch_source "args") and reports nothing; with
// --no-host-launch the stride is searched and the race appears.
__global__ void fold_rows(int *out, const int *in, int stride) {
  int t = threadIdx.x;
  out[t % (stride / 4)] = in[t];
}

void fold(int *out, const int *in) {
  fold_rows<<<1, 256>>>(out, in, 1024);
}
