// Pattern: a scalar the program passes as different constants at different
// launch sites. fold_rows writes out[t % (stride / 4)]: with 128 threads it
// is race-free for both strides the program passes (512: 128 slots, 1024:
// 256 slots) and a write-write race for any stride under 512. The search
// draws the stride from the sites' constants {512, 1024}; a race it sees
// only at a stride no site passes is a note (outside-program-launches).
// fold_cols is launched with 1024 and 256: at 256 (64 slots) the race is
// one the program makes, an error.
__global__ void fold_rows(int *out, const int *in, int stride) {
  int t = threadIdx.x;
  out[t % (stride / 4)] = in[t];
}

__global__ void fold_cols(int *out, const int *in, int stride) {
  int t = threadIdx.x;
  out[t % (stride / 4)] = in[t] + 1;
}

void fold_small(int *out, const int *in) { fold_rows<<<1, 128>>>(out, in, 512); }
void fold_large(int *out, const int *in) { fold_rows<<<1, 128>>>(out, in, 1024); }

void fold_both(int *out, const int *in) {
  fold_cols<<<1, 128>>>(out, in, 1024);
  fold_cols<<<1, 128>>>(out, in, 256);
}
