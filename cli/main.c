/*
 * simulee: the program. `simulee FILE [options]` runs the kernels of one
 * file with a fixed launch (see simulee --help and docs/kernel.md).
 */
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "simulee/detect.h"

int main(int argc, char **argv) {
  /* a closed pipe (simulee ... | head) is an I/O error, not a signal death */
  signal(SIGPIPE, SIG_IGN);
  /* the heaps grow in 64 MiB steps and keep up to 256 MiB of freed memory
   * (reserved address space; pages are touched only when used): a launch's
   * blocks allocate and free their state block after block, and with the
   * default 128 KiB steps the worker threads of one launch (-j) grow and
   * trim their heaps thousands of times, each trim a TLB shootdown of the
   * other cores (bench/README.md, "Quiet machine, third round") */
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  /* races inside simulee's own CUDA headers are graded in-library */
  simD_set_library_dir(simC_cuda_dir());
  if (argc > 1 && !strcmp(argv[1], "scan")) return simC_scan_main(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "merge")) return simC_merge_main(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "run")) return simC_prog_main(argc - 1, argv + 1);
  /* the nvcc of simulee's toolkit root (a link to simulee), or simulee nvcc */
  const char *base = strrchr(argv[0], '/');
  if (!strcmp(base ? base + 1 : argv[0], "nvcc")) return simC_nvcc_main(argc, argv);
  if (argc > 1 && !strcmp(argv[1], "nvcc")) return simC_nvcc_main(argc - 1, argv + 1);
  simC_options o;
  char err[1024];
  if (simC_parse_options(argc, argv, &o, err, sizeof err) < 0) {
    simC_message("error", "%s", err);
    return SIMC_EXIT_USAGE;
  }
  int rc;
  if (o.help) {
    fputs(simC_usage(), stdout);
    rc = SIMC_EXIT_OK;
  } else if (o.version) {
    simC_print_version(stdout);
    rc = SIMC_EXIT_OK;
  } else {
    /* a .cu file's includes not found in its folder or the -I folders are
     * looked for in its repository (cli/incdirs.c) */
    size_t n = o.file ? strlen(o.file) : 0;
    if (n > 3 && !strcmp(o.file + n - 3, ".cu") &&
        simC_add_found_includes(&o, o.file, o.stats, err, sizeof err) < 0) {
      simC_message("error", "%s", err);
      simC_options_free(&o);
      return SIMC_EXIT_USAGE;
    }
    rc = simC_run_file(&o);
  }
  if ((fflush(stdout) != 0 || ferror(stdout)) && rc != SIMC_EXIT_USAGE) {
    simC_message("error", "stdout: cannot write the output");
    rc = SIMC_EXIT_USAGE;
  }
  simC_options_free(&o);
  return rc;
}
