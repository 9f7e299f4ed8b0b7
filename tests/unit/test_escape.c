/*
 * Unit tests of the escaping of untrusted names (detect/report_text.c
 * simD_text_esc, simD_utf8_len, simD_utf8_fix) and of replay words with
 * control characters (cli/args.c simC_shell_append).
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simulee/report.h"

static void test_utf8_len(void) {
  CU_ASSERT_EQUAL(simD_utf8_len("a"), 1);
  CU_ASSERT_EQUAL(simD_utf8_len("\xc3\xa9"), 2);         /* é */
  CU_ASSERT_EQUAL(simD_utf8_len("\xe2\x82\xac"), 3);     /* € */
  CU_ASSERT_EQUAL(simD_utf8_len("\xf0\x9f\x98\x80"), 4); /* U+1F600 */
  CU_ASSERT_EQUAL(simD_utf8_len("\xc0\xaf"), 0);         /* overlong '/' */
  CU_ASSERT_EQUAL(simD_utf8_len("\xe0\x80\xaf"), 0);     /* overlong, 3 bytes */
  CU_ASSERT_EQUAL(simD_utf8_len("\xed\xa0\x80"), 0);     /* a surrogate */
  CU_ASSERT_EQUAL(simD_utf8_len("\xf4\x90\x80\x80"), 0); /* above U+10FFFF */
  CU_ASSERT_EQUAL(simD_utf8_len("\xc3"), 0);             /* cut short */
  CU_ASSERT_EQUAL(simD_utf8_len("\xff"), 0);
}

static void test_text_esc(void) {
  char b[64];
  CU_ASSERT_STRING_EQUAL(simD_text_esc("x\n::error file=a::B.cu", SIMD_ESC_PATH, b, sizeof b),
                         "x\\n::error file=a::B.cu");
  CU_ASSERT_STRING_EQUAL(simD_text_esc("::warning::b.cu", SIMD_ESC_PATH, b, sizeof b),
                         "./::warning::b.cu");
  CU_ASSERT_STRING_EQUAL(simD_text_esc("::not a path", 0, b, sizeof b), "::not a path");
  CU_ASSERT_STRING_EQUAL(simD_text_esc("a\\b\tc\r\x1b[31m", SIMD_ESC_PATH, b, sizeof b),
                         "a\\\\b\\tc\\r\\x1b[31m");
  CU_ASSERT_STRING_EQUAL(simD_text_esc("a\\b\tc", 0, b, sizeof b), "a\\b\\tc");
  CU_ASSERT_STRING_EQUAL(simD_text_esc("\tx = 1;", SIMD_ESC_TAB, b, sizeof b), "\tx = 1;");
  /* invalid UTF-8 and C1 controls (U+0085 is a line break for some) */
  CU_ASSERT_STRING_EQUAL(simD_text_esc("\xff\xfe" "b\xc2\x85" "c\xc3\xa9", 0, b, sizeof b),
                         "\\xff\\xfeb\\xc2\\x85c\xc3\xa9");
  CU_ASSERT_STRING_EQUAL(simD_text_esc("\x7f", 0, b, sizeof b), "\\x7f");
  /* too long: cut with "...", never past the buffer */
  char small[12];
  CU_ASSERT_STRING_EQUAL(simD_text_esc("abcdefghijklmnop", 0, small, sizeof small), "abcdefgh...");
  CU_ASSERT_STRING_EQUAL(simD_text_esc("\n\n\n\n\n\n\n\n", 0, small, sizeof small), "\\n\\n\\n\\n...");
  CU_ASSERT_STRING_EQUAL(simD_text_esc(NULL, 0, b, sizeof b), "");
}

static void test_utf8_fix(void) {
  char *s = simD_utf8_fix("ok\xc3\xa9", 4);
  CU_ASSERT_STRING_EQUAL(s, "ok\xc3\xa9");
  free(s);
  s = simD_utf8_fix("a\xff" "b\xc3", 4); /* a lone byte, a sequence cut by the end */
  CU_ASSERT_STRING_EQUAL(s, "a\\xffb\\xc3");
  free(s);
  s = simD_utf8_fix("a\0b", 3); /* a NUL inside does not end the name */
  CU_ASSERT_STRING_EQUAL(s, "a\\x00b");
  free(s);
}

static void test_shell_append(void) {
  char b[128] = "";
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "simulee"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "x\n::error f.cu"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "it's \xff"), 0);
  CU_ASSERT_EQUAL(simC_shell_append(b, sizeof b, "it's"), 0);
  CU_ASSERT_STRING_EQUAL(b, "simulee $'x\\x0a::error f.cu' $'it\\'s \\xff' 'it'\\''s'");
  CU_ASSERT_PTR_NULL(strchr(b, '\n'));
}

int test_escape_register(void) {
  CU_pSuite s = CU_add_suite("escape", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "utf8_len", test_utf8_len) || !CU_add_test(s, "text_esc", test_text_esc) ||
      !CU_add_test(s, "utf8_fix", test_utf8_fix) ||
      !CU_add_test(s, "shell_append", test_shell_append))
    return -1;
  return 0;
}
