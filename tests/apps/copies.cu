// Copies and memsets in the order between launches: a cudaMemcpyAsync or
// cudaMemsetAsync is an operation on its stream, as a launch is. Mode:
//   h2d_race      a chunked pipeline: each chunk is copied from pinned host
//                 memory on a copy stream and scaled by a kernel on a
//                 non-blocking compute stream, with no event between the
//                 copy and the kernel (bug pattern: a copy/compute overlap
//                 that forgets the cross-stream dependency): a race between
//                 the kernel and cudaMemcpyAsync
//   h2d_event     the same pipeline, the compute stream waiting for an event
//                 recorded after each copy: clean
//   memset_race   a histogram whose bins a kernel on one stream fills while
//                 cudaMemsetAsync on another stream clears them for the next
//                 round (bug pattern: clearing a buffer still in use): a race
//   d2h_race      a kernel on a non-blocking stream writes what a synchronous
//                 cudaMemcpy then reads (bug pattern: the legacy default
//                 stream does not wait for non-blocking streams): a race
//   d2h_blocking  the same on a blocking stream, which the legacy stream
//                 waits for: clean
//   per_thread    a kernel on the per-thread default stream writes what
//                 cudaMemcpyAsync on a created blocking stream then reads
//                 (bug pattern: the per-thread default stream synchronizes
//                 with the legacy stream only): a race; then a synchronous
//                 cudaMemcpy of the same bytes, ordered after it: clean
//   graph_race    an explicit graph: a memcpy node uploads the input and a
//                 kernel node reads it, with no edge between them: a race
//   graph_edge    the same graph with the edge: clean
// Every mode checks its results against a host reference.
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void scale(const float *in, float *out, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i];
}

// one thread per bin counts its keys (few bins, no atomics)
__global__ void histogram(const int *keys, int n, unsigned *bins, int nbins) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nbins) return;
  unsigned c = 0;
  for (int i = 0; i < n; i++) c += keys[i] % nbins == b;
  bins[b] = c;
}

__global__ void square(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

static int pipeline(bool ordered) {
  const int n = 4096, chunks = 4, chunk = n / chunks, block = 128;
  const float a = 1.5f;
  float *host_in, *host_out, *d_in, *d_out;
  cudaMallocHost(&host_in, n * sizeof(float));
  cudaMallocHost(&host_out, n * sizeof(float));
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  for (int i = 0; i < n; i++) host_in[i] = (float)(i % 97) - 48.0f;
  cudaStream_t copy, compute;
  cudaStreamCreateWithFlags(&copy, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&compute, cudaStreamNonBlocking);
  std::vector<cudaEvent_t> staged(chunks);
  for (int c = 0; c < chunks; c++) cudaEventCreateWithFlags(&staged[c], cudaEventDisableTiming);
  for (int c = 0; c < chunks; c++) {
    size_t off = (size_t)c * chunk;
    cudaMemcpyAsync(d_in + off, host_in + off, chunk * sizeof(float), cudaMemcpyHostToDevice,
                    copy);
    cudaEventRecord(staged[c], copy);
    if (ordered) cudaStreamWaitEvent(compute, staged[c], 0);
    scale<<<(chunk + block - 1) / block, block, 0, compute>>>(d_in + off, d_out + off, chunk, a);
  }
  cudaMemcpyAsync(host_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost, compute);
  cudaStreamSynchronize(compute);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += host_out[i] != a * host_in[i];
  for (int c = 0; c < chunks; c++) cudaEventDestroy(staged[c]);
  cudaStreamDestroy(copy), cudaStreamDestroy(compute);
  cudaFree(d_in), cudaFree(d_out), cudaFreeHost(host_in), cudaFreeHost(host_out);
  printf("%s: %d wrong\n", ordered ? "h2d_event" : "h2d_race", wrong);
  return wrong != 0;
}

static int clear_in_use() {
  const int n = 2048, nbins = 16, block = 32;
  std::vector<int> keys(n);
  for (int i = 0; i < n; i++) keys[i] = (i * 7 + 3) % 61;
  int *d_keys;
  unsigned *bins;
  cudaMalloc(&d_keys, n * sizeof(int));
  cudaMalloc(&bins, nbins * sizeof(unsigned));
  cudaStream_t work, reset;
  cudaStreamCreateWithFlags(&work, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&reset, cudaStreamNonBlocking);
  cudaMemcpyAsync(d_keys, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice, work);
  cudaMemsetAsync(bins, 0, nbins * sizeof(unsigned), work);
  std::vector<unsigned> got(nbins);
  histogram<<<(nbins + block - 1) / block, block, 0, work>>>(d_keys, n, bins, nbins);
  cudaMemcpyAsync(got.data(), bins, nbins * sizeof(unsigned), cudaMemcpyDeviceToHost, work);
  cudaStreamSynchronize(work);
  // the next round's clear, on another stream: fine here, since the host
  // waited; the second round's histogram then races with it
  histogram<<<(nbins + block - 1) / block, block, 0, work>>>(d_keys, n, bins, nbins);
  cudaMemsetAsync(bins, 0, nbins * sizeof(unsigned), reset);
  cudaDeviceSynchronize();
  std::vector<unsigned> ref(nbins, 0);
  for (int i = 0; i < n; i++) ref[keys[i] % nbins]++;
  int wrong = 0;
  for (int b = 0; b < nbins; b++) wrong += got[b] != ref[b];
  std::vector<unsigned> cleared(nbins);
  cudaMemcpy(cleared.data(), bins, nbins * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int b = 0; b < nbins; b++) wrong += cleared[b] != 0;
  cudaStreamDestroy(work), cudaStreamDestroy(reset);
  cudaFree(d_keys), cudaFree(bins);
  printf("memset_race: %d wrong\n", wrong);
  return wrong != 0;
}

static int readback(bool blocking) {
  const int n = 1000, block = 128;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; i++) in[i] = i - n / 2;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, blocking ? cudaStreamDefault : cudaStreamNonBlocking);
  square<<<(n + block - 1) / block, block, 0, s>>>(d_in, d_out, n);
  cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += out[i] != in[i] * in[i];
  cudaStreamDestroy(s);
  cudaFree(d_in), cudaFree(d_out);
  printf("%s: %d wrong\n", blocking ? "d2h_blocking" : "d2h_race", wrong);
  return wrong != 0;
}

static int per_thread() {
  const int n = 768, block = 128;
  std::vector<int> in(n), out(n), again(n);
  for (int i = 0; i < n; i++) in[i] = 3 * i - 1000;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaStream_t copy;
  cudaStreamCreate(&copy);
  square<<<(n + block - 1) / block, block, 0, cudaStreamPerThread>>>(d_in, d_out, n);
  cudaMemcpyAsync(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost, copy);
  cudaStreamSynchronize(copy);
  cudaMemcpy(again.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += out[i] != in[i] * in[i] || again[i] != out[i];
  cudaStreamDestroy(copy);
  cudaFree(d_in), cudaFree(d_out);
  printf("per_thread: %d wrong\n", wrong);
  return wrong != 0;
}

static int graph(bool edge) {
  const int n = 512, block = 64;
  const float a = -2.0f;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; i++) in[i] = 0.25f * (float)(i % 13);
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphNode_t upload, compute;
  cudaGraphAddMemcpyNode1D(&upload, g, nullptr, 0, d_in, in.data(), n * sizeof(float),
                           cudaMemcpyHostToDevice);
  int nn = n;
  float aa = a;
  void *args[] = {&d_in, &d_out, &nn, &aa};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3((n + block - 1) / block);
  kp.blockDim = dim3(block);
  kp.kernelParams = args;
  cudaGraphAddKernelNode(&compute, g, edge ? &upload : nullptr, edge ? 1 : 0, &kp);
  cudaGraphExec_t x;
  cudaGraphInstantiate(&x, g, 0);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaGraphLaunch(x, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += out[i] != a * in[i];
  cudaGraphExecDestroy(x), cudaGraphDestroy(g), cudaStreamDestroy(s);
  cudaFree(d_in), cudaFree(d_out);
  printf("%s: %d wrong\n", edge ? "graph_edge" : "graph_race", wrong);
  return wrong != 0;
}

// Mode copy_race: two uploads of halves that overlap by one element, each
// on its own non-blocking stream (bug pattern: an off-by-one split of a
// transfer over two streams): the copies write the same bytes unordered, a
// race between the two cudaMemcpyAsync calls. The result is checked as the
// later copy leaves it.
static int copy_race() {
  const int n = 1024, half = n / 2;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; i++) a[i] = (float)i, b[i] = (float)(2 * i);
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaStream_t s0, s1;
  cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaMemcpyAsync(d, a.data(), (half + 1) * sizeof(float), cudaMemcpyHostToDevice, s0);
  cudaMemcpyAsync(d + half, b.data() + half, half * sizeof(float), cudaMemcpyHostToDevice, s1);
  cudaDeviceSynchronize();
  std::vector<float> got(n);
  cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += got[i] != (i < half ? a[i] : b[i]);
  cudaStreamDestroy(s0), cudaStreamDestroy(s1);
  cudaFree(d);
  printf("copy_race: %d wrong\n", wrong);
  return wrong != 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "h2d_race";
  if (!strcmp(mode, "h2d_race") || !strcmp(mode, "h2d_event"))
    return pipeline(!strcmp(mode, "h2d_event"));
  if (!strcmp(mode, "memset_race")) return clear_in_use();
  if (!strcmp(mode, "d2h_race") || !strcmp(mode, "d2h_blocking"))
    return readback(!strcmp(mode, "d2h_blocking"));
  if (!strcmp(mode, "per_thread")) return per_thread();
  if (!strcmp(mode, "copy_race")) return copy_race();
  if (!strcmp(mode, "graph_race") || !strcmp(mode, "graph_edge"))
    return graph(!strcmp(mode, "graph_edge"));
  printf("unknown mode %s\n", mode);
  return 2;
}
