// Pattern: the block size passed twice, as the launch's block and as an
// argument (<<<1, ws>>>(buf, ws)). Each thread owns buf[t % ws]: race-free
// when the block is ws threads (every t below ws), a race as soon as the
// block is larger than ws. The host passes the same value for both, so the
// search draws ws and launches ws threads (launch_source "derived"): clean;
// with --no-host-launch the two are searched apart and the race appears.
__global__ void bump_slots(int *buf, int ws) {
  int t = threadIdx.x;
  buf[t % ws] = buf[t % ws] + t;
}

void bump(int *buf, int ws) {
  bump_slots<<<1, ws>>>(buf, ws);
}
