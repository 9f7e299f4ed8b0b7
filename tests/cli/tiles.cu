// Warp collectives in two 16-lane tiles of one warp (the pattern of
// cooperative groups' thread_block_tile<16>): the lanes of each half name
// only their own half in the mask, so every vote, ballot and match must be
// computed over that half alone. Three results per lane in tiles.expected.
__global__ void tiles(unsigned *out) {
  unsigned lane = threadIdx.x & 31u;
  unsigned tile = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  out[3 * threadIdx.x + 0] = __ballot_sync(tile, (lane & 3u) == 0);
  out[3 * threadIdx.x + 1] = __all_sync(tile, lane < 20);
  out[3 * threadIdx.x + 2] = __match_any_sync(tile, lane / 8);
}
