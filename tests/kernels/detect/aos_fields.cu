// Pattern: array of structs: thread t writes s[t].x while thread t+33 (in
// another warp) reads s[t].y in the same visit order. The fields share no
// byte: no race (byte-granular units). aos_same_field reads .x instead: a
// read-write race (and its barrier, which only separates the .y stores from
// nothing that reads .y, is redundant). aos_bytes: thread t writes and reads
// byte t of a char array, four threads per 4-byte word: no race.
struct pair {
  int x;
  int y;
};

__global__ void aos_fields(pair *p, int *out) {
  __shared__ pair s[64];
  unsigned t = threadIdx.x;
  s[t].y = (int)t;
  __syncthreads();
  s[t].x = p[t].x;
  out[t] = s[(t + 33) % 64].y;
}

__global__ void aos_same_field(pair *p, int *out) {
  __shared__ pair s[64];
  unsigned t = threadIdx.x;
  s[t].y = (int)t;
  __syncthreads();
  s[t].x = p[t].x;
  out[t] = s[(t + 33) % 64].x;
}

__global__ void aos_bytes(const char *in, char *out) {
  __shared__ char c[64];
  unsigned t = threadIdx.x;
  c[t] = in[t];
  out[t] = c[t] + 1;
}

//@ run kernel=aos_fields grid=1 block=64
//@ arg i32[128]=iota
//@ arg i32[64]
//@ expect none
//@ run kernel=aos_same_field grid=1 block=64
//@ arg i32[128]=iota
//@ arg i32[64]
//@ expect race shared rw 26 27
//@ expect redundant 25
//@ run kernel=aos_bytes grid=1 block=64
//@ arg i8[64]=iota
//@ arg i8[64]
//@ expect none
