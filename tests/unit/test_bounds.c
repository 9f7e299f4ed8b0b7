/*
 * Unit tests of cli/bounds.c: reading clang's -Warray-bounds warnings.
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static void test_parse(void) {
  const char *text =
      "In file included from src/a:b/k.cu:2:\n"
      "src/a:b/k.cu:13:56: warning: array index 5 is past the end of the array (that has "
      "type 'float[5]') [-Warray-bounds]\n"
      "   13 |   return coef[band][5];\n"
      "src/a:b/k.cu:13:56: warning: array index 5 is past the end of the array (that has "
      "type 'float[5]') [-Warray-bounds]\n"
      "k.cu:3:1: warning: array index -1 is before the beginning of the array "
      "[-Warray-bounds]\n"
      "k.cu:4:2: warning: unused variable 'x' [-Wunused-variable]\n"
      "k.cu:9:9: error: array index 3 is past the end of the array (that has type 'int[2]') "
      "[-Werror,-Warray-bounds]\n"
      "k.cu:7: warning: array index 3 is past the end of the array (that has type 'int[2]') "
      "[-Warray-bounds]\n"
      "k.cu:8:4: warning: array index 12 is past the end of the array (that has type "
      "'const int[3][4]') [-Warray-bounds]";
  simC_bounds b;
  CU_ASSERT_EQUAL_FATAL(simC_bounds_parse(text, &b), 0);
  /* the repeat is one; the unused variable, the error and the line
   * without a column are none */
  CU_ASSERT_EQUAL_FATAL(b.n, 3);
  CU_ASSERT_STRING_EQUAL(b.v[0].file, "src/a:b/k.cu");
  CU_ASSERT_EQUAL(b.v[0].line, 13);
  CU_ASSERT_EQUAL(b.v[0].col, 56);
  CU_ASSERT_EQUAL(b.v[0].index, 5);
  CU_ASSERT_STRING_EQUAL(b.v[0].type, "float[5]");
  CU_ASSERT_STRING_EQUAL(b.v[1].file, "k.cu");
  CU_ASSERT_EQUAL(b.v[1].line, 3);
  CU_ASSERT_EQUAL(b.v[1].index, -1);
  CU_ASSERT_STRING_EQUAL(b.v[1].type, "");
  CU_ASSERT_EQUAL(b.v[2].line, 8);
  CU_ASSERT_EQUAL(b.v[2].index, 12);
  CU_ASSERT_STRING_EQUAL(b.v[2].type, "const int[3][4]");
  simC_bounds_free(&b);
  CU_ASSERT_EQUAL(b.n, 0);
  /* no text, no warnings */
  CU_ASSERT_EQUAL(simC_bounds_parse(NULL, &b), 0);
  CU_ASSERT_EQUAL(b.n, 0);
  CU_ASSERT_EQUAL(simC_bounds_parse("", &b), 0);
  CU_ASSERT_EQUAL(b.n, 0);
  /* nothing is added without a program */
  simD_list l;
  simD_list_init(&l);
  CU_ASSERT_EQUAL(simC_bounds_add(&b, NULL, 0, &l), 0);
  CU_ASSERT_EQUAL(l.n, 0);
  simD_list_free(&l);
}

int test_bounds_register(void) {
  CU_pSuite s = CU_add_suite("bounds", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "parse", test_parse)) return -1;
  return 0;
}
