/* The single CUnit test program: registers every suite in suites.def. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#define SUITE(name) int test_##name##_register(void);
#include "suites.def"
#undef SUITE

int main(int argc, char **argv) {
  if (CU_initialize_registry() != CUE_SUCCESS) return 2;
#define SUITE(name)                                                            \
  if (test_##name##_register() != 0) {                                         \
    fprintf(stderr, "cannot register suite %s\n", #name);                      \
    CU_cleanup_registry();                                                     \
    return 2;                                                                  \
  }
#include "suites.def"
#undef SUITE
  CU_basic_set_mode(CU_BRM_NORMAL);
  if (argc > 1) {
    /* run one suite by name */
    CU_pSuite s = CU_get_suite(argv[1]);
    if (!s) { fprintf(stderr, "no suite %s\n", argv[1]); CU_cleanup_registry(); return 2; }
    CU_basic_run_suite(s);
  } else {
    CU_basic_run_tests();
  }
  unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
  CU_cleanup_registry();
  (void)strlen;
  return failed ? 1 : 0;
}
