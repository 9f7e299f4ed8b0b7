/*
 * simulee runtime: the CUDA runtime on the CPU (runtime/, built as the shared
 * library libsimulee_cudart.so). A CUDA program whose host side clang
 * compiled (--cuda-host-only) links it instead of NVIDIA's libcudart and
 * runs unmodified: the library exports the CUDA runtime API under CUDA's C
 * names (as cuda/cuda_runtime_api.h declares them) and runs every launch
 * with simulee's interpreter, checking it with the model and detectors.
 *
 * How a program is built (`simulee run`, cli/prog.c):
 *  - each .cu file's device side becomes NVPTX bitcode (cli/compile.c),
 *    wrapped in a simulee blob (below) and embedded in the host object by
 *    clang (-fcuda-include-gpubinary); clang's registration constructor
 *    hands the blob to __cudaRegisterFatBinary inside clang's wrapper
 *    {SIMR_FATBIN_MAGIC, 1, blob, NULL}, so a built program carries its
 *    kernels and runs anywhere the library is;
 *  - the host side is compiled with -target-sdk-version 12.0, so that clang
 *    uses CUDA's current launch ABI (__cudaPushCallConfiguration,
 *    __cudaPopCallConfiguration, cudaLaunchKernel) and calls
 *    __cudaRegisterFatBinaryEnd;
 *  - an API function the library does not implement is an undefined symbol
 *    at link time, which `simulee run` reports by name.
 *
 * Files (layers without a cycle of calls, docs/architecture.md): settings.c
 * (the settings read below, the device's description), exitpath.c (the
 * run's start and every way out), findings.c (the report, the summary),
 * module.c (registration, the modules' bitcode), memory.c (the allocation
 * table, copies), launch.c (launches), record.c (--record: checked launches
 * in the replay spelling), api.c (device queries, streams, events),
 * submit.c (every stream operation), order.c (happens-before between
 * launches and the host: races between launches, host/device races on
 * managed memory), blas.c (cuBLAS on OpenBLAS), rand.c (cuRAND's host API),
 * and more; runtime/internal.h is what they share, the interface for
 * further CPU-library back ends.
 *
 * Order: every launch and copy runs to completion when it is called
 * (results are exact whatever the streams); errors are CUDA's: launch
 * configuration errors at the launch, a kernel's illegal address or failed
 * assert at the next synchronizing call and sticky after it.
 *
 * What the library reads from the environment (set by `simulee run`; a
 * program built with -o reads them too):
 *   SIMULEE_CHECK          all | first:N | sample:K | none: which launches
 *                          run with detection (default first:3: the first
 *                          three launches of each kernel and launch shape;
 *                          sample:K: every K-th one of each); the others
 *                          run with detection off, results still exact
 *   SIMULEE_CHECK_THREADS  a checked launch of more threads is checked on a
 *                          sample of its blocks of at most this many
 *                          threads, the others run unchecked (default
 *                          65536; 0 under all: every block)
 *   SIMULEE_REPORT         a file for the JSON (.json) or SARIF (.sarif)
 *                          report, written at exit
 *   SIMULEE_ERROR_EXITCODE the exit status when findings exist (default 1;
 *                          0 keeps the program's own status)
 *   SIMULEE_ARCH           the device of cudaGetDeviceProperties (sm_70)
 *   SIMULEE_MAX_STEPS      per-thread instruction budget of a launch
 *   SIMULEE_NO_COLOR       plain text report
 *   SIMULEE_QUIET          no summary line when nothing was found
 *   SIMULEE_STATS          a line of counters at exit
 *   SIMULEE_SYMBOLIZER     the llvm-symbolizer for host lines
 *   SIMULEE_RECORD         a folder each checked launch is written to in
 *                          the replay spelling (runtime/record.c)
 *   SIMULEE_RECORD_MAX     bytes the record may take (N, NK, NM, NG;
 *                          default 256M)
 *   SIMULEE_JOBS           threads for the blocks of one launch (1 to
 *                          SIMR_JOBS_LIMIT, at most SIMR_MAX_JOBS are used;
 *                          default: the online cores, at most
 *                          SIMR_MAX_JOBS): a launch's blocks run on them
 *                          when the result is the serial one (simI_run_jobs),
 *                          so findings, report and output do not depend on
 *                          it; another value stops the program with a line
 *                          on stderr and exit status 2
 * The text report goes to stderr at exit, like a sanitizer's; when no
 * finding exists the program's exit status is kept.
 */
#ifndef SIMULEE_RUNTIME_H
#define SIMULEE_RUNTIME_H

#include <stdint.h>

/* clang's fat binary wrapper: {magic, version, data, unused} */
#define SIMR_FATBIN_MAGIC 0x466243b1u
/* The blob: SIMR_BLOB_MAGIC (8 bytes), the bitcode's length (8 bytes,
 * little endian), the bitcode, the source file's path (NUL-terminated). */
#define SIMR_BLOB_MAGIC "SIMULEE1"
/* The same for relocatable device code (simulee run -rdc, nvcc -rdc=true /
 * -dc): the runtime links the bitcode of every such blob of the program
 * into one module (llvm-link-19, $SIMULEE_LLVM_LINK) before the first use,
 * so that a kernel may call an extern __device__ function of another file. */
#define SIMR_BLOB_MAGIC_RDC "SIMULEEr"
#define SIMR_BLOB_HEADER 16u
/* The blob as text (nvcc -ptx writes it so: programs read a .ptx file into
 * a C string): this line, then the blob in base64, in lines of 76
 * characters; the driver's module loads decode it. */
#define SIMR_PTX_TEXT "// simulee PTX: a GPU binary of simulee's nvcc, in base64\n"
/* The largest bitcode a blob may carry. */
#define SIMR_BLOB_MAX ((uint64_t)1 << 30)

/* simulee run's default --error-exitcode */
#define SIMR_DEFAULT_ERROR_EXITCODE 1
/* threads one launch uses at most; the largest SIMULEE_JOBS / -j accepted */
#define SIMR_MAX_JOBS 64u
#define SIMR_JOBS_LIMIT 1024u
/* launches of each kernel and shape checked by default (first:N) */
#define SIMR_DEFAULT_CHECK_FIRST 3u

#endif
