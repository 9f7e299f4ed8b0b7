/*
 * simulee_autocheck: the tests of the automatic input search (tests/evolve.cmake).
 *
 *   simulee_autocheck check SIMULEE KERNEL.cu KERNEL.bc OUTDIR [OPTION...]
 *       runs `SIMULEE KERNEL.bc --seed 1 --format json -o OUTDIR/KERNEL.json
 *       OPTION...` (no --grid/--block/--arg: the search chooses the launch;
 *       KERNEL.bc may also be the .cu itself) and checks the report against
 *       the `//@` declarations of KERNEL.cu:
 *        - every kernel of the report is declared, every declared kernel is
 *          in the report, with status "checked" (or the one declared);
 *        - its findings, reduced to (kind, space, access, source lines),
 *          equal the declared set (no finding missing, none extra);
 *        - the exit status is 1 when the report has error findings, else 3
 *          when a kernel is declared incomplete, else 0;
 *        - every finding carries a witness (the launch: grid, block,
 *          arguments) and a replay line that fixes that launch (--grid and
 *          --block with the witness's dims, the witness's arguments in
 *          order), and the replay line, run as it is (no search), exits 1
 *          and reports a finding with the same key for that kernel
 *          (a redundant barrier's evidence spans executions: its witness
 *          and replay are checked when the report gives one).
 *       Options after OUTDIR go to simulee (`--seed N` there replaces the
 *       default seed 1), except `--early-stop`: the checker then also
 *       requires, for every kernel that declares findings, that the search
 *       stopped before its generation budget (the report's
 *       stats.search.generations < --generations, default 100).
 *   simulee_autocheck det SIMULEE KERNEL.bc OUTDIR
 *       determinism: runs `SIMULEE KERNEL.bc --seed 7 -j 1 --format json -o
 *       OUTDIR/KERNEL.j1.json` and the same with -j 2; both must exit with
 *       the same status (0, 1 or 3) and their reports must be `same`.
 *   simulee_autocheck same A.json B.json
 *       exit 0 when the two files are byte-identical (a search's report has
 *       no wall times: its stats "seconds" and "ips" are 0); else prints the
 *       first differing line and exits 1.
 *   Exit 2 on a usage error, an unreadable file or a malformed header.
 *
 * Header grammar (close to tests/kernels/detect's, see tests/unit/test_detectk.c):
 *
 *   //@ auto kernel=NAME               declares kernel NAME (its demangled
 *                                      name) of the file, run with no launch
 *   //@ expect race SPACE ww|rw LINE LINE
 *   //@ expect divergence LINE         (the barrier's line)
 *   //@ expect redundant LINE          (the barrier's line)
 *   //@ expect oob SPACE LINE
 *   //@ expect assertion LINE          (the assert's or __trap's line)
 *   //@ expect uninit SPACE LINE       an uninitialized read (the load's line)
 *   //@ expect none                    the kernel must report nothing
 *   //@ expect status STATUS           the kernel's status (default checked;
 *                                      incomplete: exit 3 without errors;
 *                                      error: a kernel that always traps)
 *   //@ expect-O0 ... / //@ expect-O2 ...   only at that level (the level is
 *                                      read from the bitcode's name, K.O0.bc)
 *   //@ grade GRADE LINE               every finding whose first or second
 *                                      location is at LINE has grade GRADE
 *                                      (in-library, same-value, ...; none:
 *                                      no grade) and is no error
 *   //@ ignore redundant               redundant-barrier findings of this
 *                                      kernel are left out of the comparison
 *
 * SPACE is shared or global (oob: also local); race lines are an unordered pair. Redundant
 * barriers are compared exactly unless `ignore redundant` is given: the
 * verdict depends on which executions the search examined (a barrier is
 * redundant only if no examined execution needed it), so a kernel whose
 * barriers are needed for most launches must not get one, and the race-free
 * kernels say `expect none`, which includes no redundant barrier.
 *
 * Early stop: these runs use the default budget (--population 100
 * --generations 100) with the early stop on. For a kernel whose bug needs a
 * particular input, the declared finding must be in the report, so a search
 * that stopped before examining such an input fails the test. With
 * --early-stop (evolve.cmake gives it to the seed-1 runs) the checker also
 * requires that the search did stop early for that kernel, so a passing
 * input-dependent kernel shows both halves: the search ended before the
 * budget and the bug was not missed (for that seed; evolve.cmake also runs
 * every kernel with two more seeds).
 */
#define _GNU_SOURCE
#include <json-c/json.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

enum { K_RACE, K_DIVERGENCE, K_REDUNDANT, K_OOB, K_ASSERT, K_UNINIT, K_OTHER };
static const char *kind_word[] = {"race",      "divergence", "redundant", "oob",
                                  "assertion", "uninit",     "other"};

/* One finding reduced to what a header declares. */
typedef struct key {
  int kind;          /* K_* */
  char space[8];     /* "shared", "global" or "" (not compared) */
  int ww;            /* races: write-write */
  unsigned l0, l1;   /* lines (races: l0 <= l1; else l1 = 0) */
} key;

#define MAXK 16
#define MAXE 32

typedef struct decl {
  char name[128];    /* demangled kernel name */
  key ex[MAXE];      /* expected findings at this level */
  unsigned nex;
  int none;          /* `expect none` given */
  char status[16];   /* the expected status ("checked" unless declared) */
  struct {
    char grade[32];
    unsigned line;
  } gr[4];           /* `grade GRADE LINE` declarations */
  unsigned ngr;
  int ignore_redundant;
  int seen;          /* found in the report */
} decl;

static int key_cmp(const void *a, const void *b) {
  const key *x = a, *y = b;
  if (x->kind != y->kind) return x->kind - y->kind;
  int c = strcmp(x->space, y->space);
  if (c) return c;
  if (x->ww != y->ww) return x->ww - y->ww;
  if (x->l0 != y->l0) return x->l0 < y->l0 ? -1 : 1;
  if (x->l1 != y->l1) return x->l1 < y->l1 ? -1 : 1;
  return 0;
}

static unsigned key_uniq(key *k, unsigned n) {
  qsort(k, n, sizeof *k, key_cmp);
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++)
    if (!m || key_cmp(&k[m - 1], &k[i])) k[m++] = k[i];
  return m;
}

static void key_str(const key *k, char *buf, size_t len) {
  if (k->kind == K_RACE)
    snprintf(buf, len, "race %s %s %u %u", k->space, k->ww ? "ww" : "rw", k->l0, k->l1);
  else if (k->kind == K_OOB || k->kind == K_UNINIT)
    snprintf(buf, len, "%s %s %u", kind_word[k->kind], k->space, k->l0);
  else
    snprintf(buf, len, "%s %u", kind_word[k->kind], k->l0);
}

/* Parse the `//@` lines of src for optimisation level opt (0 or 2).
 * Returns the number of declared kernels, -1 on a malformed header. */
static int parse_header(const char *src, int opt, decl *d, unsigned max) {
  FILE *f = fopen(src, "r");
  if (!f) {
    fprintf(stderr, "autocheck: %s: cannot open\n", src);
    return -1;
  }
  char line[512];
  unsigned ln = 0;
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    char *p = strstr(line, "//@");
    if (!p) continue;
    char *tok[8];
    unsigned nt = 0;
    char *save = NULL;
    for (char *t = strtok_r(p + 3, " \t\r\n", &save); t && nt < 8;
         t = strtok_r(NULL, " \t\r\n", &save))
      tok[nt++] = t;
    if (!nt) continue;
    if (!strcmp(tok[0], "auto")) {
      if ((unsigned)n >= max || nt != 2 || strncmp(tok[1], "kernel=", 7) || !tok[1][7]) goto bad;
      memset(&d[n], 0, sizeof d[n]);
      snprintf(d[n].name, sizeof d[n].name, "%s", tok[1] + 7);
      snprintf(d[n].status, sizeof d[n].status, "checked");
      n++;
      continue;
    }
    if (!n) goto bad;
    decl *k = &d[n - 1];
    if (!strcmp(tok[0], "grade")) {
      if (nt != 3 || k->ngr >= 4 || !atoi(tok[2])) goto bad;
      snprintf(k->gr[k->ngr].grade, sizeof k->gr[k->ngr].grade, "%s", tok[1]);
      k->gr[k->ngr++].line = (unsigned)atoi(tok[2]);
      continue;
    }
    if (!strcmp(tok[0], "ignore")) {
      if (nt != 2 || strcmp(tok[1], "redundant")) goto bad;
      k->ignore_redundant = 1;
      continue;
    }
    int lvl = -1;
    if (!strcmp(tok[0], "expect-O0")) lvl = 0;
    else if (!strcmp(tok[0], "expect-O2")) lvl = 2;
    else if (strcmp(tok[0], "expect")) goto bad;
    if (nt < 2 || k->nex >= MAXE) goto bad;
    key e;
    memset(&e, 0, sizeof e);
    if (!strcmp(tok[1], "none") && nt == 2) {
      if (lvl < 0 || lvl == opt) k->none = 1;
      continue;
    }
    if (!strcmp(tok[1], "status") && nt == 3) {
      if (strcmp(tok[2], "checked") && strcmp(tok[2], "incomplete") && strcmp(tok[2], "error"))
        goto bad;
      if (lvl < 0 || lvl == opt) snprintf(k->status, sizeof k->status, "%s", tok[2]);
      continue;
    }
    if (!strcmp(tok[1], "race") && nt == 6) {
      e.kind = K_RACE;
      if (strcmp(tok[2], "shared") && strcmp(tok[2], "global")) goto bad;
      snprintf(e.space, sizeof e.space, "%s", tok[2]);
      if (strcmp(tok[3], "ww") && strcmp(tok[3], "rw")) goto bad;
      e.ww = !strcmp(tok[3], "ww");
      e.l0 = (unsigned)atoi(tok[4]);
      e.l1 = (unsigned)atoi(tok[5]);
      if (e.l0 > e.l1) { unsigned t = e.l0; e.l0 = e.l1; e.l1 = t; }
    } else if ((!strcmp(tok[1], "divergence") || !strcmp(tok[1], "redundant")) && nt == 3) {
      e.kind = tok[1][0] == 'd' ? K_DIVERGENCE : K_REDUNDANT;
      e.l0 = (unsigned)atoi(tok[2]);
    } else if (!strcmp(tok[1], "assertion") && nt == 3) {
      e.kind = K_ASSERT;
      e.l0 = (unsigned)atoi(tok[2]);
    } else if (!strcmp(tok[1], "uninit") && nt == 4) {
      e.kind = K_UNINIT;
      if (strcmp(tok[2], "shared") && strcmp(tok[2], "local")) goto bad;
      snprintf(e.space, sizeof e.space, "%s", tok[2]);
      e.l0 = (unsigned)atoi(tok[3]);
    } else if (!strcmp(tok[1], "oob") && nt == 4) {
      e.kind = K_OOB;
      if (strcmp(tok[2], "shared") && strcmp(tok[2], "global") && strcmp(tok[2], "local")) goto bad;
      snprintf(e.space, sizeof e.space, "%s", tok[2]);
      e.l0 = (unsigned)atoi(tok[3]);
    } else {
      goto bad;
    }
    if (!e.l0) goto bad;
    if (lvl < 0 || lvl == opt) k->ex[k->nex++] = e;
  }
  fclose(f);
  for (int i = 0; i < n; i++) {
    if (d[i].none && d[i].nex) {
      fprintf(stderr, "autocheck: %s: kernel %s: `expect none` with findings\n", src, d[i].name);
      return -1;
    }
    if (!d[i].none && !d[i].nex) {
      fprintf(stderr, "autocheck: %s: kernel %s declares nothing at -O%d\n", src, d[i].name, opt);
      return -1;
    }
    d[i].nex = key_uniq(d[i].ex, d[i].nex);
  }
  if (!n) fprintf(stderr, "autocheck: %s: no `//@ auto` kernel declared\n", src);
  return n ? n : -1;
bad:
  fprintf(stderr, "autocheck: %s:%u: malformed //@ line\n", src, ln);
  fclose(f);
  return -1;
}

static json_object *get(json_object *o, const char *k) {
  json_object *v = NULL;
  return o && json_object_is_type(o, json_type_object) && json_object_object_get_ex(o, k, &v)
             ? v : NULL;
}

static const char *str(json_object *o, const char *k) {
  json_object *v = get(o, k);
  return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";
}

static size_t alen(json_object *a) {
  return a && json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
}

/* The key of a JSON finding. */
static key finding_key(json_object *f) {
  key k;
  memset(&k, 0, sizeof k);
  const char *kind = str(f, "kind");
  json_object *ls = get(f, "locations");
  unsigned line[2] = {0, 0};
  for (size_t j = 0; j < alen(ls) && j < 2; j++)
    line[j] = (unsigned)json_object_get_int(get(json_object_array_get_idx(ls, j), "line"));
  if (!strcmp(kind, "data-race")) {
    k.kind = K_RACE;
    snprintf(k.space, sizeof k.space, "%s", str(f, "space"));
    k.ww = !strcmp(str(f, "access"), "write-write");
    k.l0 = line[0];
    k.l1 = alen(ls) > 1 ? line[1] : line[0];
    if (k.l0 > k.l1) { unsigned t = k.l0; k.l0 = k.l1; k.l1 = t; }
  } else if (!strcmp(kind, "barrier-divergence")) {
    k.kind = K_DIVERGENCE;
    k.l0 = line[0];
  } else if (!strcmp(kind, "redundant-barrier")) {
    k.kind = K_REDUNDANT;
    k.l0 = line[0];
  } else if (!strcmp(kind, "out-of-bounds")) {
    k.kind = K_OOB;
    snprintf(k.space, sizeof k.space, "%s", str(f, "space"));
    k.l0 = line[0];
  } else if (!strcmp(kind, "assertion")) {
    k.kind = K_ASSERT;
    k.l0 = line[0];
  } else if (!strcmp(kind, "uninitialized-read")) {
    k.kind = K_UNINIT;
    snprintf(k.space, sizeof k.space, "%s", str(f, "space"));
    k.l0 = line[0];
  } else {
    k.kind = K_OTHER;
    k.l0 = line[0];
  }
  return k;
}

/* Run argv (argv[0] a path); returns the exit status, or -1 if it could not
 * run or died of a signal. */
static int run_argv(char *const *argv) {
  pid_t pid;
  if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)) {
    fprintf(stderr, "autocheck: cannot run %s\n", argv[0]);
    return -1;
  }
  int st;
  if (waitpid(pid, &st, 0) < 0) return -1;
  if (!WIFEXITED(st)) {
    fprintf(stderr, "autocheck: %s died of signal %d\n", argv[0],
            WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    return -1;
  }
  return WEXITSTATUS(st);
}

/* The witness of finding f: {"grid": [3], "block": [3], "shared": N,
 * "args": [...], "replay": "simulee ..."}. NULL if missing or incomplete. */
static json_object *witness_launch(json_object *f) {
  json_object *w = get(f, "witness");
  if (!w || !json_object_is_type(w, json_type_object)) return NULL;
  if (alen(get(w, "grid")) != 3 || alen(get(w, "block")) != 3 || !get(w, "shared") ||
      !get(w, "args") || !json_object_is_type(get(w, "args"), json_type_array))
    return NULL;
  return w;
}

static const char *replay_of(json_object *f) { return str(get(f, "witness"), "replay"); }

/* Run a replay line (a `simulee ...` shell command) with simulee at sim,
 * its report to out. Returns the exit status or -1. */
static int run_replay(const char *sim, const char *replay, const char *out) {
  if (strncmp(replay, "simulee ", 8)) {
    fprintf(stderr, "autocheck: replay line does not start with `simulee `: %s\n", replay);
    return -1;
  }
  size_t n = strlen(sim) + strlen(replay) + strlen(out) + 64;
  char *cmd = malloc(n);
  if (!cmd) return -1;
  /* the paths are ours (no quote inside); the rest is the line as given;
   * --fail-on note: exit 1 for a finding of any level (a same-value race
   * is a warning) */
  snprintf(cmd, n, "exec '%s' %s --fail-on note --format json -o '%s'", sim, replay + 8, out);
  char *argv[] = {"/bin/sh", "-c", cmd, NULL};
  int rc = run_argv(argv);
  free(cmd);
  return rc;
}

/* The record of kernel `name` in doc, or NULL. */
static json_object *record_of(json_object *doc, const char *name) {
  json_object *ks = get(doc, "kernels");
  for (size_t i = 0; i < alen(ks); i++) {
    json_object *k = json_object_array_get_idx(ks, i);
    if (!strcmp(str(k, "name"), name)) return k;
  }
  return NULL;
}

/* Check that the replay of finding f of kernel `name` reproduces key want.
 * Replays already run are cached in the out directory by index. Returns 1 on
 * success. */
static int check_replay(const char *sim, const char *outdir, const char *base,
                        const char *name, json_object *f, const key *want, unsigned idx) {
  char ks[128];
  key_str(want, ks, sizeof ks);
  const char *replay = replay_of(f);
  if (!witness_launch(f)) {
    fprintf(stderr, "autocheck: %s: finding `%s` has no witness (grid, block, shared, args)\n",
            name, ks);
    return 0;
  }
  if (!*replay) {
    fprintf(stderr, "autocheck: %s: finding `%s` has no replay line\n", name, ks);
    return 0;
  }
  /* the replay fixes the witness's launch: --grid X,Y,Z --block X,Y,Z and
   * every argument, in order */
  json_object *wl = witness_launch(f);
  const char *at = replay;
  for (int d = 0; d < 2; d++) {
    json_object *v = get(wl, d ? "block" : "grid");
    char opt[96];
    snprintf(opt, sizeof opt, "--%s %d,%d,%d", d ? "block" : "grid",
             json_object_get_int(json_object_array_get_idx(v, 0)),
             json_object_get_int(json_object_array_get_idx(v, 1)),
             json_object_get_int(json_object_array_get_idx(v, 2)));
    if (!strstr(replay, opt)) {
      fprintf(stderr, "autocheck: %s: replay of `%s` lacks the witness's `%s`: %s\n", name, ks,
              opt, replay);
      return 0;
    }
  }
  json_object *args = get(wl, "args");
  for (size_t i = 0; i < alen(args); i++) {
    const char *a = json_object_get_string(json_object_array_get_idx(args, i));
    const char *hit = a ? strstr(at, a) : NULL;
    if (!hit || !*a) {
      fprintf(stderr, "autocheck: %s: replay of `%s` lacks witness argument %zu '%s': %s\n",
              name, ks, i, a ? a : "", replay);
      return 0;
    }
    at = hit + strlen(a);
  }
  char out[1024];
  snprintf(out, sizeof out, "%s/%s.replay%u.json", outdir, base, idx);
  remove(out);
  int rc = run_replay(sim, replay, out);
  if (rc != 1) {
    fprintf(stderr, "autocheck: %s: replay of `%s` exited %d, expected 1: %s\n", name, ks, rc,
            replay);
    return 0;
  }
  json_object *doc = json_object_from_file(out);
  if (!doc) {
    fprintf(stderr, "autocheck: %s: replay report %s not readable\n", name, out);
    return 0;
  }
  json_object *rec = record_of(doc, name);
  int ok = 0;
  json_object *fs = get(rec, "findings");
  for (size_t i = 0; i < alen(fs) && !ok; i++) {
    key k = finding_key(json_object_array_get_idx(fs, i));
    ok = !key_cmp(&k, want);
  }
  if (!ok)
    fprintf(stderr, "autocheck: %s: replay does not reproduce `%s`: %s (report %s)\n", name, ks,
            replay, out);
  json_object_put(doc);
  return ok;
}

static int cmd_check(int argc, char **argv) {
  if (argc < 6) return -1;
  const char *sim = argv[2], *src = argv[3], *bc = argv[4], *outdir = argv[5];
  /* base name of the bitcode without .bc, and its level from NAME.O0.bc */
  const char *slash = strrchr(bc, '/');
  char base[256];
  snprintf(base, sizeof base, "%s", slash ? slash + 1 : bc);
  char *dot = strstr(base, ".bc");
  if (dot) *dot = 0;
  int opt = strstr(base, ".O0") ? 0 : 2;
  static decl d[MAXK];
  int nd = parse_header(src, opt, d, MAXK);
  if (nd < 0) return 2;

  char out[1024];
  snprintf(out, sizeof out, "%s/%s.json", outdir, base);
  remove(out);
  char *av[64];
  int na = 0;
  av[na++] = (char *)sim;
  av[na++] = (char *)bc;
  int seeded = 0;
  for (int i = 6; i < argc; i++) seeded |= !strcmp(argv[i], "--seed");
  if (!seeded) {
    av[na++] = "--seed";
    av[na++] = "1";
  }
  av[na++] = "--format";
  av[na++] = "json";
  av[na++] = "-o";
  av[na++] = out;
  int early = 0;
  unsigned budget = 100; /* the default --generations */
  for (int i = 6; i < argc && na < 62; i++) {
    if (!strcmp(argv[i], "--early-stop")) {
      early = 1;
      continue;
    }
    if (!strcmp(argv[i], "--generations") && i + 1 < argc) budget = (unsigned)atoi(argv[i + 1]);
    av[na++] = argv[i];
  }
  av[na] = NULL;
  int rc = run_argv(av);
  if (rc < 0) return 1;
  json_object *doc = json_object_from_file(out);
  if (!doc) {
    fprintf(stderr, "autocheck: %s exited %d with no readable report %s\n", bc, rc, out);
    return 1;
  }

  int bad = 0;
  unsigned nfind = 0, nerr = 0, nreplay = 0;
  int incomplete = 0; /* a kernel declared incomplete: exit 3 without errors */
  json_object *ks = get(doc, "kernels");
  for (size_t i = 0; i < alen(ks); i++) {
    json_object *r = json_object_array_get_idx(ks, i);
    const char *name = str(r, "name");
    decl *k = NULL;
    for (int j = 0; j < nd; j++)
      if (!strcmp(d[j].name, name)) k = &d[j];
    if (!k) {
      fprintf(stderr, "autocheck: kernel '%s' of the report is not declared in %s\n", name, src);
      bad = 1;
      continue;
    }
    k->seen = 1;
    /* the early stop: the search of a kernel with an input-dependent bug
     * ended before its generation budget, and the bug is still reported
     * (the comparison below) */
    json_object *search = get(get(r, "stats"), "search");
    if (early && k->nex) {
      json_object *gen = get(search, "generations");
      if (!gen || !json_object_is_type(gen, json_type_int)) {
        fprintf(stderr, "autocheck: %s: no stats.search.generations in the report\n", name);
        bad = 1;
      } else if ((unsigned)json_object_get_int(gen) >= budget) {
        fprintf(stderr, "autocheck: %s: the search ran %d generations: no early stop to show "
                "(budget %u)\n", name, json_object_get_int(gen), budget);
        bad = 1;
      }
    }
    if (strcmp(str(r, "status"), k->status)) {
      fprintf(stderr, "autocheck: %s: status '%s' (%s), expected '%s'\n", name,
              str(r, "status"), str(r, "message"), k->status);
      bad = 1;
    }
    if (!strcmp(k->status, "incomplete")) incomplete = 1;
    json_object *fs = get(r, "findings");
    size_t nf = alen(fs);
    key got[64];
    unsigned ng = 0;
    for (size_t f = 0; f < nf; f++) {
      json_object *fo = json_object_array_get_idx(fs, f);
      json_object *sup = get(fo, "suppressed");
      if (sup && json_object_get_boolean(sup)) continue;
      nfind++;
      if (!strcmp(str(fo, "level"), "error")) nerr++; /* the exit status counts errors */
      key g = finding_key(fo);
      for (unsigned q = 0; q < k->ngr; q++)
        if ((g.l0 == k->gr[q].line || g.l1 == k->gr[q].line) &&
            (strcmp(str(fo, "grade"), strcmp(k->gr[q].grade, "none") ? k->gr[q].grade : "") ||
             !strcmp(str(fo, "level"), "error"))) {
          fprintf(stderr, "autocheck: %s: finding at line %u has grade '%s' level '%s', "
                  "expected grade '%s' (no error)\n", name, k->gr[q].line, str(fo, "grade"),
                  str(fo, "level"), k->gr[q].grade);
          bad = 1;
        }
      if (g.kind == K_REDUNDANT && k->ignore_redundant) continue;
      /* every finding that names an execution has a witness and a replay
       * that reproduces it (redundant barriers span executions: their
       * witness is checked when there is one) */
      if (g.kind != K_REDUNDANT || get(fo, "witness")) {
        if (!check_replay(sim, outdir, base, name, fo, &g, nreplay++)) bad = 1;
      }
      if (ng < 64) got[ng++] = g;
    }
    ng = key_uniq(got, ng);
    char s[128];
    for (unsigned e = 0; e < k->nex; e++)
      if (!bsearch(&k->ex[e], got, ng, sizeof *got, key_cmp)) {
        key_str(&k->ex[e], s, sizeof s);
        fprintf(stderr, "autocheck: %s -O%d: missing finding: %s\n", name, opt, s);
        bad = 1;
      }
    for (unsigned g = 0; g < ng; g++)
      if (!bsearch(&got[g], k->ex, k->nex, sizeof *got, key_cmp)) {
        key_str(&got[g], s, sizeof s);
        fprintf(stderr, "autocheck: %s -O%d: unexpected finding: %s\n", name, opt, s);
        bad = 1;
      }
  }
  for (int j = 0; j < nd; j++)
    if (!d[j].seen) {
      fprintf(stderr, "autocheck: declared kernel '%s' is not in the report\n", d[j].name);
      bad = 1;
    }
  int want_rc = nerr ? 1 : incomplete ? 3 : 0;
  if (rc != want_rc) {
    fprintf(stderr, "autocheck: %s exited %d, expected %d (%u findings, %u errors)\n", bc, rc,
            want_rc, nfind, nerr);
    bad = 1;
  }
  if (bad) fprintf(stderr, "autocheck: report: %s\n", out);
  json_object_put(doc);
  return bad;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "autocheck: %s: cannot open\n", path);
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap + 1);
  for (size_t r; b && (r = fread(b + n, 1, cap - n, f)) > 0;) {
    n += r;
    if (n == cap) {
      char *nb = realloc(b, 2 * cap + 1);
      if (!nb) { free(b); b = NULL; break; }
      b = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (b) b[n] = 0;
  *len = n;
  return b;
}

static int cmd_same(const char *a, const char *b) {
  size_t na, nb;
  char *x = slurp(a, &na), *y = slurp(b, &nb);
  if (!x || !y) {
    free(x);
    free(y);
    return 2;
  }
  size_t i = 0;
  unsigned line = 1;
  while (i < na && i < nb && x[i] == y[i]) line += x[i++] == '\n';
  int ok = na == nb && i == na;
  if (!ok) {
    size_t s = i;
    while (s > 0 && x[s - 1] != '\n') s--;
    fprintf(stderr, "autocheck: %s and %s differ at line %u:\n< %.*s\n> %.*s\n", a, b, line,
            (int)strcspn(x + s, "\n"), x + s, (int)strcspn(y + s, "\n"), y + s);
  }
  free(x);
  free(y);
  return ok ? 0 : 1;
}

static int cmd_det(const char *sim, const char *bc, const char *outdir) {
  const char *slash = strrchr(bc, '/');
  char base[256], out[2][1024];
  snprintf(base, sizeof base, "%s", slash ? slash + 1 : bc);
  char *dot = strstr(base, ".bc");
  if (dot) *dot = 0;
  int rc[2];
  for (int i = 0; i < 2; i++) {
    snprintf(out[i], sizeof out[i], "%s/%s.j%d.json", outdir, base, i + 1);
    remove(out[i]);
    char *av[] = {(char *)sim, (char *)bc, "--seed", "7", "-j", i ? "2" : "1",
                  "--format", "json", "-o", out[i], NULL};
    rc[i] = run_argv(av);
    if (rc[i] != 0 && rc[i] != 1 && rc[i] != 3) {
      fprintf(stderr, "autocheck: %s -j %d exited %d\n", bc, i + 1, rc[i]);
      return 1;
    }
  }
  if (rc[0] != rc[1]) {
    fprintf(stderr, "autocheck: %s: -j 1 exited %d, -j 2 exited %d\n", bc, rc[0], rc[1]);
    return 1;
  }
  return cmd_same(out[0], out[1]) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 5 && !strcmp(argv[1], "det")) return cmd_det(argv[2], argv[3], argv[4]);
  if (argc >= 6 && !strcmp(argv[1], "check")) return cmd_check(argc, argv);
  if (argc == 4 && !strcmp(argv[1], "same")) return cmd_same(argv[2], argv[3]);
  fprintf(stderr, "usage: simulee_autocheck check SIMULEE KERNEL.cu KERNEL.bc OUTDIR [OPTION...]\n"
                  "       simulee_autocheck det SIMULEE KERNEL.bc OUTDIR\n"
                  "       simulee_autocheck same A.json B.json\n");
  return 2;
}
