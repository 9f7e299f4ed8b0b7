/*
 * Unit tests of the front end's source handling: nvcc's spaced launch
 * chevrons (cli/compile.c) and the include folders found in a tree
 * (cli/incdirs.c, on tests/projects/realworld).
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Rewrite a copy of in; check the result and the count. */
static void rewrite(const char *in, const char *want, size_t count) {
  size_t n = strlen(in);
  char *s = strdup(in);
  CU_ASSERT_EQUAL_FATAL(strlen(want), n); /* same length: columns kept */
  CU_ASSERT_EQUAL(simC_rewrite_chevrons(s, n), count);
  CU_ASSERT_STRING_EQUAL(s, want);
  if (strcmp(s, want)) fprintf(stderr, "\n got: %s\nwant: %s\n", s, want);
  free(s);
}

static void test_chevrons(void) {
  rewrite("k << < 1, 32 >> > (a);", "k <<<  1, 32 >>>  (a);", 2);
  rewrite("k<< <g, b>> >(a);", "k<<< g, b>>> (a);", 2);
  rewrite("k<<\t\t<g, b, 0, s>>\t>(a);", "k<<<  g, b, 0, s>>> (a);", 2);
  /* only one side spaced */
  rewrite("k<<<g, b>> >(a);", "k<<<g, b>>> (a);", 1);
  rewrite("k<< <g, b>>>(a);", "k<<< g, b>>>(a);", 1);
  /* the configuration spans lines: lines kept */
  rewrite("k<< <dim3(n / 64,\n 1), f(x)>> >\n (a);", "k<<< dim3(n / 64,\n 1), f(x)>>> \n (a);", 2);
  /* nothing to do */
  rewrite("k<<<g, b>>>(a);", "k<<<g, b>>>(a);", 0);
  rewrite("x = a << b;", "x = a << b;", 0);
  /* C++ that looks alike: an explicit template argument list of operator<<,
   * three closing template brackets, a shift and a comparison */
  rewrite("operator<< <int>(os, v);", "operator<< <int>(os, v);", 0);
  rewrite("std::vector<std::map<int, std::vector<int>> > v;",
          "std::vector<std::map<int, std::vector<int>> > v;", 0);
  rewrite("if (a << <b) f();", "if (a << <b) f();", 0);
  rewrite("y = a >> > b;", "y = a >> > b;", 0);
  /* comments and strings are not code */
  rewrite("// k<< <1, 2>> >(a);\nputs(\"k<< <1, 2>> >(a)\");",
          "// k<< <1, 2>> >(a);\nputs(\"k<< <1, 2>> >(a)\");", 0);
  /* an unclosed opening before the statement ends */
  rewrite("k<< <1, 2; f(x) >> >(y);", "k<< <1, 2; f(x) >> >(y);", 0);
  /* two launches */
  rewrite("a<< <1, 2>> >(x); b<< <3, 4>> >(y);", "a<<< 1, 2>>> (x); b<<< 3, 4>>> (y);", 4);
}

static void test_blank(void) {
  char s[] = "a /* b\nc */ d // e\n\"f\\\"g\" 'h'";
  simC_blank_code(s, strlen(s));
  CU_ASSERT_STRING_EQUAL(s, "a     \n     d     \n\"    \" ' '");
}

#define RW SIMULEE_SRC_DIR "/tests/projects/realworld"

/* The folders added for a file of the realworld tree, as "DIR<-HEADER(N)"
 * relative to the tree, joined by spaces. */
static void found(simC_tree *t, const char *file, const char *want, unsigned want_cu) {
  simC_incfind r;
  char *abs = simC_norm_path(file);
  char *idirs[1];
  idirs[0] = strdup(abs);
  *strrchr(idirs[0], '/') = 0; /* the file's own folder, as a scan gives */
  CU_ASSERT_EQUAL_FATAL(simC_find_includes(&t, 1, abs, idirs, 1, &r), 0);
  char got[2048] = "";
  size_t rl = strlen(simC_tree_root(t));
  for (unsigned i = 0; i < r.ndirs; i++) {
    char one[512];
    snprintf(one, sizeof one, "%s%s<-%s(%u)", i ? " " : "", r.dirs[i].dir + rl + 1,
             r.dirs[i].header, r.dirs[i].ncand);
    strncat(got, one, sizeof got - strlen(got) - 1);
  }
  CU_ASSERT_STRING_EQUAL(got, want);
  if (strcmp(got, want)) fprintf(stderr, "\n%s: got '%s' want '%s'\n", file, got, want);
  CU_ASSERT_EQUAL(r.ncu, want_cu);
  CU_ASSERT_EQUAL(r.nmissing, 0);
  simC_incfind_free(&r);
  free(idirs[0]);
  free(abs);
}

static void test_find_includes(void) {
  setenv("SIMULEE_CUDA_DIR", SIMULEE_SRC_DIR "/cuda", 1); /* as the program has it */
  char *root = simC_norm_path(RW);
  simC_tree *t = simC_tree_new(root);
  CU_ASSERT_PTR_NOT_NULL_FATAL(t);
  /* nearest Common/ (not third_party/old/Common), then inc/; tile_config.h
   * includes grid_util.h too, found through the folder already added */
  found(t, RW "/samples/transpose/transpose.cu", "Common<-grid_util.h(2) inc<-tile_config.h(1)",
        0);
  /* two *_include/ folders at the same distance: name order */
  found(t, RW "/samples/stencil/stencil.cu", "gpu_include<-stencil_coef.cuh(2)", 0);
  /* a <...> include of the tree's Common/ */
  found(t, RW "/samples/helpers/scale_helpers.cu", "Common<-helper_cuda.h(1)", 0);
  /* the included .cu fragment; nothing to add */
  found(t, RW "/solvers/jacobi.cu", "", 1);
  /* system and CUDA headers are not looked for in the tree */
  found(t, RW "/tools/device_query.cu", "", 0);
  CU_ASSERT(simC_tree_size(t) >= 20);
  simC_tree_free(t);
  free(root);
  unsetenv("SIMULEE_CUDA_DIR");
}

static void test_repo_root(void) {
  char *dir = simC_norm_path(RW "/samples/transpose");
  char *r = simC_repo_root(dir);
  char *want = simC_norm_path(SIMULEE_SRC_DIR);
  /* a checkout of simulee: its root holds .git (a folder or a file) */
  CU_ASSERT_STRING_EQUAL(r, want);
  free(r);
  r = simC_repo_root("/proc/self");
  CU_ASSERT_STRING_EQUAL(r, "/proc/self"); /* no repository: the folder */
  free(r);
  free(dir);
  free(want);
}

/* Device-side launches (simC_rewrite_device_launches): the diagnosed
 * offsets are those of `at` in `in` (each occurrence of the marker `@`,
 * removed from the text). */
static void dp_rewrite_as(const char *marked, int deduce, const char *want, long count) {
  char *in = strdup(marked);
  size_t offs[8], n = 0;
  unsigned no = 0;
  for (const char *p = marked; *p; p++) {
    if (*p == '@') { offs[no++] = n; continue; }
    in[n++] = *p;
  }
  in[n] = 0;
  char *out = NULL;
  size_t outn = 0;
  CU_ASSERT_EQUAL(simC_rewrite_device_launches(in, n, offs, no, deduce, &out, &outn), count);
  if (count > 0) {
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_STRING_EQUAL(out, want);
    CU_ASSERT_EQUAL(outn, strlen(want));
    if (strcmp(out, want)) fprintf(stderr, "\n got: %s\nwant: %s\n", out, want);
  } else {
    CU_ASSERT_PTR_NULL(out);
  }
  free(out);
  free(in);
}

static void dp_rewrite(const char *marked, const char *want, long count) {
  dp_rewrite_as(marked, 0, want, count);
}

static void test_device_launches(void) {
  /* clang names the callee, or (templates) the <<< */
  dp_rewrite("@child<<<1, 32>>>(p, n);", "__sim_dp_launch<&child>(1, 32)(p, n);", 1);
  dp_rewrite("ns::@k<<<g, b, 0, s>>>(p);", "__sim_dp_launch<&ns::k>(g, b, 0, s)(p);", 1);
  dp_rewrite("t<T, f<2>> @<<<dim3(n / 32,\n 1), 32>>>(p);",
             "__sim_dp_launch<&t<T, f<2>>>(dim3(n / 32,\n 1), 32)(p);", 1);
  /* the same launch diagnosed twice; two launches, in source order */
  dp_rewrite("@t<int>@<<<1, 1>>>(p);", "__sim_dp_launch<&t<int>>(1, 1)(p);", 1);
  dp_rewrite("a<<<1, 1>>>(p); @b<<<2, 2>>>(q); @a<<<3, 3>>>(r);",
             "a<<<1, 1>>>(p); __sim_dp_launch<&b>(2, 2)(q); __sim_dp_launch<&a>(3, 3)(r);", 2);
  /* a launch the messages do not name stays (host code) */
  dp_rewrite("@x = 1; k<<<1, 1>>>(p);", "", 0);
  /* not a launch: an address taken, a shift */
  dp_rewrite("f(&@child);", "", 0);
  dp_rewrite("@a << 3;", "", 0);
  /* a comment does not end the configuration */
  dp_rewrite("@k<<<1 /* >>> */, 2>>>(p);", "__sim_dp_launch<&k>(1 /* >>> */, 2)(p);", 1);
  /* deduce: the probe names the kernel from the arguments, on the same
   * lines (the arguments' copy on one line, without its comments; literals
   * kept) */
#define DP_Q(callee, args)                                                                 \
  "__extension__({ struct __sim_dp_q { static constexpr auto get() -> "                    \
  "decltype(__sim_dp_pick<decltype(__sim_dp_types(" args "))>{}(&" callee                  \
  ", __sim_dp_best{})) { return &" callee "; } }; __sim_dp_launch_q<__sim_dp_q>("
  dp_rewrite_as("if (n) @sort<<<1, 32, 0, s>>>(p, n / 2);", 1,
                "if (n) " DP_Q("sort", "p, n / 2") "1, 32, 0, s)(p, n / 2); });", 1);
  dp_rewrite_as("@ns::k<<<g,\n b>>>(p, // x\n \"a)\", 'b');", 1,
                DP_Q("ns::k", "p,       \"a)\", 'b'") "g,\n b)(p, // x\n \"a)\", 'b'); });", 1);
  dp_rewrite_as("@k<<<1, 1>>>();", 1, DP_Q("k", "") "1, 1)(); });", 1);
  /* from clang's messages: the launch a "no matching function" names
   * whose notes say a kernel was called from a kernel (the host side's
   * retry), not one in another file */
  const char *text = "__global__ void k(T *p) {\n  k<<<1, 2>>>(p);\n}\n";
  const char *diag =
      "a.cu:2:3: error: no matching function for call to 'k'\n"
      "a.cu:1:17: note: candidate function not viable: call to __global__ function from "
      "__global__ function\n"
      "b.cu:2:3: error: reference to __global__ function 'k' in __global__ function\n";
  char *out = NULL;
  size_t outn = 0;
  CU_ASSERT_EQUAL(simC_rewrite_diagnosed_launches(diag, "a.cu", text, strlen(text), 1, &out,
                                                  &outn), 1);
  CU_ASSERT_PTR_NOT_NULL_FATAL(out);
  CU_ASSERT_STRING_EQUAL(out, "__global__ void k(T *p) {\n  " DP_Q("k", "p") "1, 2)(p); });\n}\n");
  free(out);
  CU_ASSERT_EQUAL(simC_rewrite_diagnosed_launches(diag, "c.cu", text, strlen(text), 1, &out,
                                                  &outn), 0);
  CU_ASSERT_PTR_NULL(out);
#undef DP_Q
}

int test_frontend_register(void) {
  CU_pSuite s = CU_add_suite("frontend", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "chevrons", test_chevrons) || !CU_add_test(s, "blank", test_blank) ||
      !CU_add_test(s, "device_launches", test_device_launches) ||
      !CU_add_test(s, "find_includes", test_find_includes) ||
      !CU_add_test(s, "repo_root", test_repo_root))
    return -1;
  return 0;
}
