/*
 * simulee scan, stage 1: the files to check. A folder is walked (links,
 * special files and build folders left out with notes), or the entries of a
 * compile_commands.json are read with their flags; the files are named,
 * bounded (--max-files), prefiltered (no kernel marker: not compiled) and
 * their includes of devices and FIFOs found before anything is compiled.
 */
#define _GNU_SOURCE
#include "cli/scan_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

/* ------------------------------------------------------ discovery */

/* A note msg on path (relative to the root; "." for the root itself), from
 * the first shard only (every other shard leaves it to that one, so merged
 * reports have it once). 0, or -1 (out of memory). */
static int first_shard_note(scan *sc, const char *path, const char *msg) {
  if (sc->nshards && sc->shard != 1) return 0;
  char *rel = rel_to(sc->root, path);
  if (!rel) return -1;
  int rc = simD_report_add_note(&sc->rep, rel[0] ? rel : ".", 0, msg) < 0 ? -1 : 0;
  free(rel);
  return rc;
}

/* A note on a folder the scan did not look into. 0 or -1. */
static int walk_note(scan *sc, const char *dir, const char *why) {
  char msg[512];
  sc->nskipped++;
  snprintf(msg, sizeof msg, "folder not scanned (%s): its .cu files are not checked", why);
  return first_shard_note(sc, dir, msg);
}

/* A note on an entry named *.cu that is not checked (a FIFO, a device, a
 * dangling link, a folder...). 0 or -1. */
static int entry_note(scan *sc, const char *path, const char *why) {
  char msg[512];
  sc->nskipped++;
  snprintf(msg, sizeof msg, "not checked: %s", why);
  return first_shard_note(sc, path, msg);
}

/* A walked regular file that is not .cu (path p, named name, in folder
 * dir): a CMakeLists.txt or a compile_commands.json is recorded for
 * tree_dbs. 0 or -1 (out of memory). */
static int walk_project_file(scan *sc, const char *dir, const char *name, const char *p) {
  if (!strcmp(name, "CMakeLists.txt"))
    return simC_push_str(&sc->cmakes, &sc->ncmakes, &sc->capcmakes, strdup(dir));
  if (!strcmp(name, "compile_commands.json"))
    return simC_push_str(&sc->dbpaths, &sc->ndbpaths, &sc->capdbpaths, strdup(p));
  return 0;
}

/* A skipped build folder (build/, cmake-build-debug/...): its
 * compile_commands.json, if any, is recorded (the build of the project
 * above it). 0 or -1. */
static int walk_build_dir(scan *sc, const char *p) {
  char *db = simC_join_path(p, "compile_commands.json");
  if (!db) return -1;
  struct stat st;
  if (stat(db, &st) == 0 && S_ISREG(st.st_mode))
    return simC_push_str(&sc->dbpaths, &sc->ndbpaths, &sc->capdbpaths, db);
  free(db);
  return 0;
}

/* Does path p (in the walked tree) lead outside it: is its real path
 * (links resolved) not under the tree's? An unresolvable one counts as
 * outside. */
static int outside_tree(const scan *sc, const char *p) {
  char rp[PATH_MAX];
  if (!sc->tree_real || !realpath(p, rp)) return 1;
  return !under(sc->tree_real, rp);
}

static int walk(scan *sc, const char *dir, int depth) {
  if (depth > SIMC_SCAN_MAX_DEPTH) {
    char why[64];
    snprintf(why, sizeof why, "deeper than %d levels", SIMC_SCAN_MAX_DEPTH);
    return walk_note(sc, dir, why);
  }
  DIR *d = opendir(dir);
  if (!d) return walk_note(sc, dir, strerror(errno)); /* unreadable: a note */
  int rc = 0;
  struct dirent *e;
  while (rc == 0 && (e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char *p = simC_join_path(dir, e->d_name);
    if (!p) {
      rc = -1;
      break;
    }
    struct stat st;
    int cu = has_suffix(e->d_name, ".cu");
    if (lstat(p, &st) < 0) {
      rc = entry_note(sc, p, strerror(errno));
      free(p);
      continue;
    }
    int link = S_ISLNK(st.st_mode);
    if (link && stat(p, &st) < 0) { /* a dangling link */
      if (cu) rc = entry_note(sc, p, "a symbolic link to nothing");
      free(p);
      continue;
    }
    if (link && !S_ISDIR(st.st_mode) && outside_tree(sc, p)) {
      /* nothing outside the tree is read through it (a link to a secret
       * would have clang quote its first line) */
      if (cu || !strcmp(e->d_name, "CMakeLists.txt") ||
          !strcmp(e->d_name, "compile_commands.json"))
        rc = entry_note(sc, p, "a symbolic link to a file outside the scanned tree");
      free(p);
      continue;
    }
    if (link && S_ISDIR(st.st_mode)) {
      /* no symlinked folders: no loops */
      if (!simC_skip_dir(e->d_name)) rc = walk_note(sc, p, "a symbolic link");
      free(p);
      continue;
    }
    if (S_ISDIR(st.st_mode)) {
      if (simC_skip_dir(e->d_name)) {
        if (e->d_name[0] != '.' && walk_build_dir(sc, p) < 0) rc = -1;
        free(p);
        continue;
      }
      if (cu) rc = entry_note(sc, p, "a folder, not a file (its files are scanned)");
      if (!strcmp(e->d_name, "include") &&
          simC_push_str(&sc->incs, &sc->nincs, &sc->capincs, strdup(p)) < 0)
        rc = -1;
      if (rc == 0) rc = walk(sc, p, depth + 1);
      free(p);
    } else if (S_ISREG(st.st_mode) && !cu) {
      if (walk_project_file(sc, dir, e->d_name, p) < 0) rc = -1;
      free(p);
    } else if (S_ISREG(st.st_mode) && cu) {
      if ((uint64_t)st.st_size > SIMC_MAX_INPUT_BYTES) {
        rc = entry_note(sc, p, "larger than 1 GiB");
        free(p);
      } else if (!scan_add_tu_at(sc, p, 1)) {
        rc = -1;
      }
    } else {
      if (cu)
        rc = entry_note(sc, p, S_ISFIFO(st.st_mode) ? "a FIFO, not a regular file"
                               : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)
                                   ? "a device, not a regular file"
                                   : S_ISSOCK(st.st_mode) ? "a socket, not a regular file"
                                                          : "not a regular file");
      free(p);
    }
  }
  closedir(d);
  return rc;
}

static int cmp_tu(const void *a, const void *b) {
  return strcmp(((const tu *)a)->rel, ((const tu *)b)->rel);
}

/* Split a shell command line (quotes, backslashes). Returns the words
 * (malloc'd array of malloc'd strings, NULL-terminated) or NULL. */
char **scan_split_command(const char *cmd, unsigned *nout) {
  char **v = NULL;
  unsigned n = 0, cap = 0;
  const char *p = cmd;
  size_t buflen = strlen(cmd) + 1;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (!*p) break;
    char *w = malloc(buflen);
    if (!w) goto fail;
    size_t o = 0;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
      if (*p == '\'') {
        p++;
        while (*p && *p != '\'') w[o++] = *p++;
        if (*p) p++;
      } else if (*p == '"') {
        p++;
        while (*p && *p != '"') {
          if (*p == '\\' && p[1] && strchr("\"\\$`", p[1])) p++;
          w[o++] = *p++;
        }
        if (*p) p++;
      } else if (*p == '\\' && p[1]) {
        p++;
        w[o++] = *p++;
      } else {
        w[o++] = *p++;
      }
    }
    w[o] = 0;
    if (simC_push_str(&v, &n, &cap, w) < 0) goto fail;
  }
  if (simC_push_str(&v, &n, &cap, strdup("")) < 0) goto fail;
  free(v[n - 1]);
  v[n - 1] = NULL;
  *nout = n - 1;
  return v;
fail:
  for (unsigned i = 0; i < n; i++) free(v[i]);
  free(v);
  return NULL;
}

/* The highest target named in one flag value ("sm_86", "compute_80",
 * "arch=compute_80,code=[sm_80,compute_80]"): its number times 10 plus 1
 * for an 'a' suffix (sm_90a -> 901), or 0 for none. */
static unsigned arch_in(const char *v) {
  unsigned best = 0;
  for (const char *p = v; *p; p++) {
    const char *q = NULL;
    if (!strncmp(p, "sm_", 3)) q = p + 3;
    else if (!strncmp(p, "compute_", 8)) q = p + 8;
    if (!q || (p > v && ((p[-1] >= 'a' && p[-1] <= 'z') || p[-1] == '_'))) continue;
    unsigned n = 0, d = 0;
    while (*q >= '0' && *q <= '9' && d < 4) n = n * 10 + (unsigned)(*q++ - '0'), d++;
    if (d < 2) continue;
    n = n * 10 + (*q == 'a');
    if (n > best) best = n;
  }
  return best;
}

/* The target of a compile command (argv words): the highest that its
 * --cuda-gpu-arch / --offload-arch, -arch / --gpu-architecture (=V or V
 * next) and -gencode / --generate-code values name, clamped to the
 * supported set (the highest supported at or below it, sm_90 above sm_90a,
 * sm_70 below sm_70) with a note in note[] ("" when it is one of them). NULL: none
 * named. */
const char *scan_db_arch(char **w, unsigned n, char *note, size_t notelen) {
  static const struct { unsigned v; const char *name; } sup[] = {
    {700, "sm_70"}, {750, "sm_75"}, {800, "sm_80"}, {860, "sm_86"},
    {890, "sm_89"}, {900, "sm_90"}, {901, "sm_90a"}};
  static const char *const keys[] = {"--cuda-gpu-arch", "--offload-arch", "-arch",
                                     "--gpu-architecture", "-gencode", "--generate-code"};
  unsigned best = 0;
  const char *from = NULL;
  note[0] = 0;
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = 0; j < sizeof keys / sizeof keys[0]; j++) {
      size_t l = strlen(keys[j]);
      const char *v = NULL;
      if (strncmp(w[i], keys[j], l)) continue;
      if (w[i][l] == '=') v = w[i] + l + 1;
      else if (!w[i][l] && i + 1 < n) v = w[i + 1];
      if (!v) continue;
      unsigned a = arch_in(v);
      if (a > best) best = a, from = w[i];
      break;
    }
  if (!best) return NULL;
  unsigned k = 0;
  while (k + 1 < sizeof sup / sizeof sup[0] && sup[k + 1].v <= best) k++;
  if (best > 901) k = 5; /* a newer target has sm_90's features, not sm_90a's */
  if (sup[k].v != best)
    snprintf(note, notelen, "the compilation database's target sm_%u%s (%.40s) is not one "
             "simulee supports: checked as %s", best / 10, best % 10 ? "a" : "", from,
             sup[k].name);
  return sup[k].name;
}

static int db_flags_at(scan *sc, tu *t, char **w, unsigned n, const char *dir, int depth);

/* The flags of an nvcc options file (--options-file F, -optf F, @F: CMake
 * puts a target's include folders there), path relative to dir, read as
 * nvcc reads one (cli/optfile.c: a regular file of at most 1 MiB of text);
 * one that cannot be read is a warning that names it and quotes none of it
 * (clang then says what is missing). */
static int db_options_file(scan *sc, tu *t, const char *f, const char *dir, int depth) {
  if (depth >= 4) return 0; /* files naming each other */
  char *abs = simC_join_path(dir, f), ferr[PATH_MAX + 256];
  if (!abs) return -1;
  simC_optwords ow;
  simC_optwords_init(&ow);
  int rc = 0;
  /* a folder scan reads none outside the tree (but in the build folders
   * configuring made): a database of the tree may name ~/.netrc */
  char rp[PATH_MAX];
  int inside = 1; /* (one that is not there: the read says so) */
  if (sc->tree_real && realpath(abs, rp)) {
    inside = under(sc->tree_real, rp);
    for (unsigned b = 0; !inside && b < sc->nbuilt; b++) inside = under(sc->built[b], rp);
  }
  if (!inside) {
    simC_message("warning", "%s: an options file outside the scanned tree, not read", abs);
  } else if (simC_optwords_read(&ow, abs, ferr, sizeof ferr) < 0) {
    if (strcmp(ferr, "out of memory")) simC_message("warning", "%s", ferr);
    else rc = -1;
  } else {
    /* db_flags_at skips word 0 (a command's compiler): one in front */
    char **all = calloc(ow.n + 2, sizeof *all);
    if (!all) rc = -1;
    else {
      all[0] = (char *)"";
      for (unsigned k = 0; k < ow.n; k++) all[k + 1] = ow.w[k];
      rc = db_flags_at(sc, t, all, ow.n + 1, dir, depth + 1);
    }
    free(all);
  }
  simC_optwords_free(&ow);
  free(abs);
  return rc;
}

/* Take the flags simulee uses from a compile command (argv words, relative
 * paths relative to dir): -I/-isystem/-iquote, -D/-U, -std, -include, and
 * nvcc's long spellings of them; those of its options files too. */
int scan_db_flags(scan *sc, tu *t, char **w, unsigned n, const char *dir) {
  return db_flags_at(sc, t, w, n, dir, 0);
}

static int db_flags_at(scan *sc, tu *t, char **w, unsigned n, const char *dir, int depth) {
  for (unsigned i = 1; i < n; i++) {
    const char *a = w[i], *v = NULL;
    if (a[0] == '@' && a[1]) {
      if (db_options_file(sc, t, a + 1, dir, depth) < 0) return -1;
      continue;
    }
    if (!strcmp(a, "--options-file") || !strcmp(a, "-optf") ||
        !strncmp(a, "--options-file=", 15)) {
      const char *f = a[14] == '=' ? a + 15 : i + 1 < n ? w[++i] : NULL;
      if (f && db_options_file(sc, t, f, dir, depth) < 0) return -1;
      continue;
    }
    enum { F_INC, F_SYS, F_QUOTE, F_DEF, F_UNDEF, F_STD, F_PRE, F_NONE } k = F_NONE;
    struct { const char *s; int k; int joined; } tab[] = {
      {"-I", F_INC, 1}, {"--include-path", F_INC, 0}, {"-isystem", F_SYS, 1},
      {"-iquote", F_QUOTE, 1}, {"-D", F_DEF, 1}, {"--define-macro", F_DEF, 0},
      {"-U", F_UNDEF, 1}, {"--undefine-macro", F_UNDEF, 0}, {"-std", F_STD, 0},
      {"--std", F_STD, 0}, {"-include", F_PRE, 1}, {"--pre-include", F_PRE, 0},
    };
    for (unsigned j = 0; j < sizeof tab / sizeof tab[0] && k == F_NONE; j++) {
      size_t l = strlen(tab[j].s);
      if (strncmp(a, tab[j].s, l)) continue;
      if (!a[l]) {
        if (i + 1 < n) {
          v = w[++i];
          k = tab[j].k;
        }
      } else if (a[l] == '=') {
        v = a + l + 1;
        k = tab[j].k;
      } else if (tab[j].joined) {
        /* -Ifoo, -DX, -UX; -isystem/-iquote/-include joined only to a path
         * that starts with / or . (so -include-pch, -isystem-after and the
         * like are not taken for them) */
        if ((tab[j].k == F_SYS || tab[j].k == F_QUOTE || tab[j].k == F_PRE) &&
            a[l] != '/' && a[l] != '.')
          continue;
        v = a + l;
        k = tab[j].k;
      }
    }
    if (k == F_NONE || !v) continue;
    int rc = 0;
    if (k == F_INC || k == F_SYS || k == F_QUOTE) {
      char *abs = simC_join_path(dir, v), *s = abs ? scan_shown(sc, abs) : NULL;
      /* -isystem and -iquote folders are searched as -I ones: the replay
       * line of a finding must be a valid simulee command */
      rc = !s || scan_tu_flag(t, "-I", s);
      free(abs);
      free(s);
    } else if (k == F_DEF) {
      rc = scan_tu_flag(t, "-D", v);
    } else if (k == F_UNDEF) {
      rc = scan_tu_flag(t, "-U", v);
    } else if (k == F_STD) {
      rc = scan_tu_flag(t, "--std=", v);
    } else if (k == F_PRE) {
      char *abs = simC_join_path(dir, v), *s = NULL;
      struct stat st;
      if (abs && stat(abs, &st) == 0) s = scan_shown(sc, abs);
      else s = strdup(v); /* found through the include path */
      rc = !s || scan_tu_flag(t, "--include=", s);
      free(abs);
      free(s);
    }
    if (rc) return -1;
  }
  return 0;
}

/* Read a compile_commands.json. The root is --root, else the database's
 * folder, widened to the common ancestor of the files outside it. */
static int read_db(scan *sc, const char *dbpath, const char *root_opt) {
  char *dbabs = simC_join_path(sc->cwd, dbpath);
  if (!dbabs) return -1;
  char *dbdir = strdup(dbabs);
  free(dbabs);
  if (!dbdir) return -1;
  char *slash = strrchr(dbdir, '/');
  if (slash == dbdir) slash[1] = 0;
  else *slash = 0;
  char ferr[1024];
  if (simC_check_input_file(dbpath, ferr, sizeof ferr) < 0) { /* a FIFO would block */
    scan_error("%s", ferr);
    free(dbdir);
    return -2;
  }
  json_object *db = json_object_from_file(dbpath);
  if (!db || !json_object_is_type(db, json_type_array)) {
    scan_error("%s: not a JSON compilation database (an array of {directory, file, "
               "arguments|command})", dbpath);
    json_object_put(db);
    free(dbdir);
    return -2;
  }
  int rc = 0;
  size_t n = json_object_array_length(db);
  unsigned nbad = 0, ncu = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    json_object *e = json_object_array_get_idx(db, i), *jd = NULL, *jf = NULL, *ja = NULL,
                *jc = NULL;
    /* an entry of the wrong shape is a warning naming it, not a silent skip */
    const char *why = NULL;
    if (!json_object_is_type(e, json_type_object)) why = "not an object";
    else if (!json_object_object_get_ex(e, "file", &jf) || !json_object_is_type(jf, json_type_string))
      why = "no \"file\" string";
    else if (json_object_object_get_ex(e, "directory", &jd) && jd &&
             !json_object_is_type(jd, json_type_string))
      why = "\"directory\" is not a string";
    else if (json_object_object_get_ex(e, "arguments", &ja) && ja &&
             !json_object_is_type(ja, json_type_array))
      why = "\"arguments\" is not an array of strings";
    else if (json_object_object_get_ex(e, "command", &jc) && jc &&
             !json_object_is_type(jc, json_type_string))
      why = "\"command\" is not a string";
    for (size_t k = 0; !why && ja && k < json_object_array_length(ja); k++)
      if (!json_object_is_type(json_object_array_get_idx(ja, k), json_type_string))
        why = "\"arguments\" is not an array of strings";
    if (!why && !ja && !jc) why = "neither \"arguments\" nor \"command\"";
    const char *file = jf && json_object_is_type(jf, json_type_string) ? json_object_get_string(jf)
                                                                       : NULL;
    if (!why && file && strlen(file) != (size_t)json_object_get_string_len(jf))
      why = "\"file\" holds a NUL character";
    if (why) {
      if (nbad++ < 10)
        simC_message("warning", "%s: entry %zu%s%s%s: %s, skipped", dbpath, i + 1,
                     file ? " (\"" : "", file ? file : "", file ? "\")" : "", why);
      continue;
    }
    if (!has_suffix(file, ".cu")) continue;
    ncu++;
    const char *dir = jd ? json_object_get_string(jd) : NULL;
    char *absdir = simC_join_path(dbdir, dir && *dir ? dir : ".");
    char *abs = absdir ? simC_join_path(absdir, file) : NULL;
    unsigned before = sc->ntu;
    tu *t = abs ? scan_add_tu(sc, abs) : NULL;
    if (!t) {
      free(absdir);
      rc = -1;
      break;
    }
    if (sc->ntu != before) {
      char **w = NULL;
      unsigned nw = 0;
      if (ja) {
        nw = (unsigned)json_object_array_length(ja);
        w = calloc(nw + 1, sizeof *w);
        for (unsigned k = 0; w && k < nw; k++) {
          const char *s = json_object_get_string(json_object_array_get_idx(ja, k));
          w[k] = strdup(s ? s : "");
          if (!w[k]) rc = -1;
        }
        if (!w) rc = -1;
      } else if (jc) {
        w = scan_split_command(json_object_get_string(jc), &nw);
        if (!w) rc = -1;
      }
      if (rc == 0 && w && scan_db_flags(sc, t, w, nw, absdir) < 0) rc = -1;
      if (rc == 0 && w) t->arch = scan_db_arch(w, nw, t->arch_note, sizeof t->arch_note);
      for (unsigned k = 0; w && k < nw; k++) free(w[k]);
      free(w);
    }
    free(absdir);
  }
  json_object_put(db);
  if (nbad > 10) simC_message("warning", "%s: %u more entries skipped", dbpath, nbad - 10);
  if (rc == 0 && !ncu && nbad) { /* none usable (else: "no .cu file" below) */
    scan_error("%s: no usable entry with a .cu file (%zu entr%s, %u of the wrong shape)", dbpath,
               n, n == 1 ? "y" : "ies", nbad);
    free(dbdir);
    return -2;
  }
  if (rc == 0) {
    if (root_opt) {
      sc->root = simC_join_path(sc->cwd, root_opt);
    } else {
      sc->root = dbdir;
      dbdir = NULL;
      for (unsigned i = 0; i < sc->ntu && sc->root; i++)
        while (!under(sc->root, sc->tus[i].abs)) {
          char *s = strrchr(sc->root, '/');
          if (s == sc->root) s[1] = 0;
          else *s = 0;
        }
    }
    if (!sc->root) rc = -1;
  }
  free(dbdir);
  return rc;
}

/* The files' report names and clang paths, sorted. 0 or -1. */
static int name_files(scan *sc) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    t->rel = rel_to(sc->root, t->abs);
    t->path = scan_shown(sc, t->abs);
    if (!t->rel || !t->path) return -1;
  }
  if (sc->ntu > 1) qsort(sc->tus, sc->ntu, sizeof *sc->tus, cmp_tu);
  return 0;
}

/* `--files F...`: of the files PATH gives, keep only these (a pre-commit
 * hook passes the changed ones); they keep the flags PATH gives them (a
 * folder's -I flags, a compile_commands.json entry's). A named file PATH
 * does not give is skipped with a warning (an error when none is left).
 * Returns 0, -1 out of memory, -2 input error (said). */
int scan_keep_files(scan *sc, const char *path, const char *const *files, unsigned n) {
  char **abs = calloc(n + 1, sizeof *abs);
  unsigned char *found = calloc(n + 1, 1);
  int rc = abs && found ? 0 : -1;
  for (unsigned i = 0; i < n && rc == 0; i++) {
    struct stat st;
    if (stat(files[i], &st) < 0) {
      scan_error("%s: %s", files[i], strerror(errno));
      rc = -2;
    } else if (!S_ISREG(st.st_mode) || !has_suffix(files[i], ".cu")) {
      scan_error("%s: --files takes .cu files", files[i]);
      rc = -2;
    } else if (!(abs[i] = simC_join_path(sc->cwd, files[i]))) {
      rc = -1;
    }
  }
  unsigned kept = 0;
  for (unsigned t = 0; t < sc->ntu; t++) {
    int keep = 0;
    for (unsigned i = 0; i < n && rc == 0 && !keep; i++)
      if (!strcmp(sc->tus[t].abs, abs[i])) keep = found[i] = 1;
    if (keep) sc->tus[kept++] = sc->tus[t];
    else scan_tu_free(&sc->tus[t]);
  }
  sc->ntu = kept;
  if (rc == 0 && !kept) {
    scan_error("scan: --files: none of the files is one that %s gives (a skipped folder?)",
               path);
    rc = -2;
  }
  for (unsigned i = 0; i < n && rc == 0; i++)
    if (!found[i])
      simC_message("warning", "%s: not one of the files of the scanned path, "
                      "not checked", files[i]);
  for (unsigned i = 0; abs && i < n; i++) free(abs[i]);
  free(abs);
  free(found);
  return rc;
}

static int cmp_tu_abs(const void *a, const void *b) {
  return strcmp(((const tu *)a)->abs, ((const tu *)b)->abs);
}

/* --max-files: keep the first max_files files in path order, count the rest
 * (a note says how many and the first). 0 or -1 (out of memory). */
static int limit_files(scan *sc) {
  if (!sc->max_files || sc->ntu <= sc->max_files) return 0;
  qsort(sc->tus, sc->ntu, sizeof *sc->tus, cmp_tu_abs);
  sc->over_files = sc->ntu - sc->max_files;
  sc->first_over = rel_to(sc->root, sc->tus[sc->max_files].abs);
  for (unsigned i = sc->max_files; i < sc->ntu; i++) scan_tu_free(&sc->tus[i]);
  sc->ntu = sc->max_files;
  return sc->first_over ? 0 : -1;
}

/* Does the text hold anything a kernel or a launch needs: "global" in any
 * case (__global__, __attribute__((global)), a FOO_GLOBAL macro), "launch"
 * (cudaLaunchKernel and friends) or launch chevrons (<<< or << <)? */
static int kernel_marker(const char *s, size_t n) {
  for (size_t i = 0; i + 3 <= n; i++) {
    char c = (char)(s[i] | 0x20);
    if (c == 'g' && i + 6 <= n && !strncasecmp(s + i, "global", 6)) return 1;
    if (c == 'l' && i + 6 <= n && !strncasecmp(s + i, "launch", 6)) return 1;
    if (s[i] == '<' && s[i + 1] == '<') {
      size_t j = i + 2;
      while (j < n && (s[j] == ' ' || s[j] == '\t')) j++;
      if (j < n && s[j] == '<') return 1;
    }
  }
  return 0;
}

/* Does the file (a regular file, read whole: at most 1 GiB) have a kernel
 * marker? -1 when it cannot be read (then it is compiled, and clang says). */
static int file_has_marker(const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > SIMC_MAX_INPUT_BYTES) {
    close(fd);
    return -1;
  }
  int found = 0;
  char buf[65536 + 8];
  size_t keep = 0;
  for (;;) {
    ssize_t r = read(fd, buf + keep, sizeof buf - 8 - keep);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    size_t n = keep + (size_t)r;
    if (kernel_marker(buf, n)) {
      found = 1;
      break;
    }
    keep = n < 8 ? n : 8; /* a marker across the chunk boundary */
    memmove(buf, buf + n - keep, keep);
  }
  close(fd);
  return found;
}

/* Files with no kernel marker in their text nor in the project headers
 * they include (simC_project_headers with their -I folders) have no kernel
 * and no launch: they are not compiled (an empty or host-only .cu file
 * costs a second of clang otherwise) and get the note of a file without
 * kernels (tu.no_marker). 0 or -1. */
int scan_prefilter(scan *sc) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    int keep = file_has_marker(t->abs) != 0;
    if (!keep) {
      char **idirs = calloc(t->nflags + 1, sizeof *idirs), **hdrs = NULL;
      unsigned ni = 0, nh = 0;
      int bad = !idirs;
      for (unsigned f = 0; !bad && f < t->nflags; f++)
        if (!strncmp(t->flags[f], "-I", 2) && !(idirs[ni++] = simC_join_path(sc->cwd, t->flags[f] + 2)))
          bad = 1;
      if (!bad && simC_project_headers(t->abs, idirs, ni, &hdrs, &nh) < 0) bad = 1;
      for (unsigned h = 0; h < nh && !keep; h++) keep = file_has_marker(hdrs[h]) != 0;
      for (unsigned h = 0; h < nh; h++) free(hdrs[h]);
      free(hdrs);
      for (unsigned k = 0; k < ni; k++) free(idirs[k]);
      free(idirs);
      if (bad) return -1;
    }
    t->no_marker = !keep;
  }
  return 0;
}

/* ------------------------------------------ device and FIFO includes */

/* The largest file special_includes reads for its #include lines. */
#define INCLUDE_SCAN_MAX_BYTES ((uint64_t)16 << 20)

/* The #include (or #include_next, #import) name of line s (up to n
 * bytes), into name; its delimiter ('"' or '<'), or 0 when the line is no
 * such directive (a macro name is not followed). */
static int include_name(const char *s, size_t n, char *name, size_t len) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i >= n || s[i] != '#') return 0;
  i++;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  static const char *const kw[] = {"include_next", "include", "import"};
  size_t k = 0;
  for (unsigned j = 0; j < 3 && !k; j++) {
    size_t l = strlen(kw[j]);
    if (i + l <= n && !strncmp(s + i, kw[j], l)) k = l;
  }
  if (!k) return 0;
  i += k;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i >= n || (s[i] != '"' && s[i] != '<')) return 0;
  char close = s[i] == '"' ? '"' : '>', open = s[i];
  size_t b = ++i;
  while (i < n && s[i] != close) i++;
  if (i >= n || i == b || i - b >= len) return 0;
  memcpy(name, s + b, i - b);
  name[i - b] = 0;
  return open;
}

/* What kind of file mode m is, for a message ("a device"), or NULL for a
 * regular file or a folder. */
static const char *special_kind(mode_t m) {
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m) || S_ISBLK(m)) return "a device";
  if (S_ISSOCK(m)) return "a socket";
  return NULL;
}

/* Follow the #include lines of file and of the project headers (under the
 * root, by real path) they reach, as the compiler finds them (a quoted
 * name in the including file's folder, then the -I folders idirs; an
 * absolute name as it is): the first that names a device, a FIFO or a
 * socket sets msg and returns 1 (clang would read /dev/zero as an empty
 * file, block on a FIFO). 0 none, -1 out of memory. seen: the real paths
 * followed. */
static int include_walk(const scan *sc, const char *file, char *const *idirs, unsigned ni,
                        char ***seen, unsigned *nseen, unsigned *capseen, int depth, char *msg,
                        size_t len) {
  if (depth > 64) return 0;
  int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return 0;
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > INCLUDE_SCAN_MAX_BYTES) {
    close(fd);
    return 0;
  }
  size_t n = (size_t)st.st_size, got = 0;
  char *text = malloc(n + 1);
  if (!text) {
    close(fd);
    return -1;
  }
  while (got < n) {
    ssize_t r = read(fd, text + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  text[got] = 0;
  char *here = strdup(file);
  if (!here) {
    free(text);
    return -1;
  }
  char *slash = strrchr(here, '/');
  if (slash) *slash = 0;
  int rc = 0;
  unsigned line = 1;
  for (const char *p = text; rc == 0 && p < text + got; line++) {
    const char *e = memchr(p, '\n', (size_t)(text + got - p));
    size_t ln = e ? (size_t)(e - p) : (size_t)(text + got - p);
    char name[PATH_MAX];
    int kind = include_name(p, ln, name, sizeof name);
    p += ln + 1;
    if (!kind) continue;
    /* the candidates in the compiler's order, the first that exists: a
     * quoted name in the including file's folder, the -I folders, and
     * (clang's fallback for an <...> name found nowhere else, a system
     * header aside) the including file's folder again */
    for (int c = -1; rc == 0 && c <= (int)ni; c++) {
      char *cand = NULL;
      if (name[0] == '/') {
        if (c >= 0) break;
        cand = strdup(name);
      } else if (c < 0 || c == (int)ni) {
        if ((c < 0) != (kind == '"')) continue;
        cand = simC_join_path(here[0] ? here : "/", name);
      } else {
        cand = simC_join_path(idirs[c], name);
      }
      if (!cand) {
        rc = -1;
        break;
      }
      struct stat cs;
      if (stat(cand, &cs) < 0 || S_ISDIR(cs.st_mode)) {
        free(cand);
        continue;
      }
      const char *what = special_kind(cs.st_mode);
      if (what) {
        char *fr = rel_to(sc->root, file), *cr = rel_to(sc->root, cand);
        snprintf(msg, len, "%s:%u: #include %c%s%c names %s (%s), not a regular file: not "
                 "compiled", fr ? fr : file, line, kind, name, kind == '"' ? '"' : '>', what,
                 cr ? cr : cand);
        free(fr);
        free(cr);
        free(cand);
        rc = 1;
        break;
      }
      /* a project header: its own includes, once */
      char rp[PATH_MAX];
      if (realpath(cand, rp) && sc->root_real && under(sc->root_real, rp)) {
        int dup = 0;
        for (unsigned k = 0; k < *nseen && !dup; k++) dup = !strcmp((*seen)[k], rp);
        if (!dup) {
          if (simC_push_str(seen, nseen, capseen, strdup(rp)) < 0) rc = -1;
          else rc = include_walk(sc, cand, idirs, ni, seen, nseen, capseen, depth + 1, msg, len);
        }
      }
      free(cand);
      break;
    }
  }
  free(here);
  free(text);
  return rc;
}

/* Each file's #include lines (and its -include files) checked for a
 * device, a FIFO or a socket (include_walk): such a file is an error
 * naming it, not compiled. 0 or -1 (out of memory). */
int scan_special_includes(scan *sc) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    char **idirs = calloc(t->nflags + 1, sizeof *idirs), **seen = NULL;
    unsigned ni = 0, nseen = 0, capseen = 0;
    int rc = idirs ? 0 : -1;
    char msg[PATH_MAX * 2 + 256];
    for (unsigned f = 0; rc == 0 && f < t->nflags; f++) {
      const char *fl = t->flags[f];
      if (!strncmp(fl, "-I", 2) && !(idirs[ni++] = simC_join_path(sc->cwd, fl + 2))) rc = -1;
      if (rc == 0 && !strncmp(fl, "--include=", 10)) {
        struct stat st;
        char *pre = simC_join_path(sc->cwd, fl + 10);
        const char *what = pre && stat(pre, &st) == 0 ? special_kind(st.st_mode) : NULL;
        if (what) {
          snprintf(msg, sizeof msg, "-include %s names %s, not a regular file: not compiled",
                   fl + 10, what);
          rc = 1;
        }
        free(pre);
      }
    }
    if (rc == 0) rc = include_walk(sc, t->abs, idirs, ni, &seen, &nseen, &capseen, 0, msg,
                                   sizeof msg);
    if (rc == 1 && !(t->bad_include = strdup(msg))) rc = -1;
    for (unsigned k = 0; k < ni; k++) free(idirs[k]);
    free(idirs);
    for (unsigned k = 0; k < nseen; k++) free(seen[k]);
    free(seen);
    if (rc < 0) return -1;
  }
  return 0;
}

/* The notes of what the scan left out: --max-files, --scan-time-limit.
 * 0 or -1. */
int scan_left_out_notes(scan *sc, const scan_limits_t *lim) {
  char msg[1200];
  int first = !sc->nshards || sc->shard == 1;
  if (sc->over_files && first) {
    char e[600];
    snprintf(msg, sizeof msg, "%u .cu file%s not scanned: --max-files %u reached (the first %u "
             "in path order were; the first left out: %s)", sc->over_files,
             sc->over_files == 1 ? "" : "s", lim->max_files, lim->max_files,
             simD_text_esc(sc->first_over, SIMD_ESC_PATH, e, sizeof e));
    if (simD_report_add_note(&sc->rep, ".", 0, msg) < 0) return -1;
  }
  if (sc->late_files || sc->late_kernels) {
    snprintf(msg, sizeof msg, "--scan-time-limit %g s reached: %u file%s not compiled, %u "
             "kernel%s not checked (the first: %s)", lim->time_limit, sc->late_files,
             sc->late_files == 1 ? "" : "s", sc->late_kernels, sc->late_kernels == 1 ? "" : "s",
             sc->first_late);
    if (simD_report_add_note(&sc->rep, ".", 0, msg) < 0) return -1;
  }
  return 0;
}

/* Does replay line r name a path in folder dir (dir, then '/' or the end
 * of a word)? */
static int names_folder(const char *r, const char *dir) {
  size_t n = strlen(dir);
  for (const char *p = r ? strstr(r, dir) : NULL; p; p = strstr(p + 1, dir))
    if (p[n] == '/' || p[n] == ' ' || p[n] == '\'' || p[n] == 0) return 1;
  return 0;
}

/* A temporary build folder (configured here, removed at the end) that a
 * finding's replay line names (a generated header's folder: -I BUILD/...):
 * a note says the line needs --configure=keep to run. */
int scan_replay_build_notes(scan *sc) {
  if (sc->configure == 2 || !sc->nbuilt) return 0;
  for (unsigned b = 0; b < sc->nbuilt; b++) {
    unsigned n = 0;
    for (unsigned i = 0; i < sc->rep.n; i++) {
      const simD_record *r = &sc->rep.v[i];
      if (!r->findings.n) continue;
      int named = names_folder(r->replay, sc->built[b]);
      for (unsigned f = 0; !named && r->witnesses && f < r->findings.n; f++)
        named = names_folder(r->witnesses[f].replay, sc->built[b]);
      n += named;
    }
    if (!n) continue;
    char msg[1200], e[600];
    snprintf(msg, sizeof msg,
             "the replay lines of %u kernel%s name the temporary build folder %s, removed after "
             "the scan (the project's configured flags name it): scan with --configure=keep "
             "to run them",
             n, n == 1 ? "" : "s", simD_text_esc(sc->built[b], SIMD_ESC_PATH, e, sizeof e));
    if (simD_report_add_note(&sc->rep, ".", 0, msg) < 0) return -1;
  }
  return 0;
}

/* Discover the files. Returns 0, -1 out of memory, -2 input error (said). */
int scan_discover(scan *sc, const char *path, const char *root_opt) {
  struct stat st;
  if (stat(path, &st) < 0) {
    scan_error("%s: %s", path, strerror(errno));
    return -2;
  }
  int rc = 0;
  if (S_ISDIR(st.st_mode)) {
    sc->root = simC_join_path(sc->cwd, root_opt ? root_opt : path);
    char *abs = simC_join_path(sc->cwd, path);
    if (!sc->root || !abs) rc = -1;
    if (rc == 0) {
      if (!strcmp(strrchr(abs, '/') + 1, "include") &&
          simC_push_str(&sc->incs, &sc->nincs, &sc->capincs, strdup(abs)) < 0)
        rc = -1;
      if (rc == 0 && !(sc->tree_real = realpath(abs, NULL))) {
        scan_error("%s: %s", path, strerror(errno));
        rc = -2;
      }
      if (rc == 0) rc = walk(sc, abs, 0);
    }
    free(abs);
    if (rc == 0) rc = limit_files(sc);
    if (rc == 0) rc = scan_tree_dbs(sc);
    if (rc == 0) rc = scan_folder_flags(sc);
  } else if (has_suffix(path, ".json")) {
    rc = read_db(sc, path, root_opt);
    if (rc == 0) rc = limit_files(sc);
  } else if (has_suffix(path, ".cu")) {
    char *abs = simC_join_path(sc->cwd, path);
    if (!abs) return -1;
    char *dir = strdup(abs);
    if (!dir) {
      free(abs);
      return -1;
    }
    *strrchr(dir, '/') = 0;
    sc->root = root_opt ? simC_join_path(sc->cwd, root_opt) : strdup(dir[0] ? dir : "/");
    tu *t = scan_add_tu(sc, abs);
    char *s = scan_shown(sc, dir[0] ? dir : "/");
    if (!sc->root || !t || !s || scan_tu_flag(t, "-I", s) < 0) rc = -1;
    free(s);
    free(dir);
  } else {
    scan_error("%s: expected a folder, a compile_commands.json or a .cu file", path);
    return -2;
  }
  if (rc < 0) return rc;
  if (name_files(sc) < 0) return -1;
  if (!S_ISDIR(st.st_mode) && has_suffix(path, ".json")) return 0;
  /* no database: the include folders a build would give, looked for in the
   * scanned folder (the repository of a single file) */
  char *dir = NULL;
  if (S_ISDIR(st.st_mode)) {
    dir = simC_join_path(sc->cwd, path);
  } else if ((dir = strdup(sc->tus[0].abs))) {
    *strrchr(dir, '/') = 0;
    if (!dir[0]) strcpy(dir, "/");
  }
  char *repo = dir ? simC_repo_root(dir) : NULL;
  simC_tree **trees = calloc(2 + sc->nbuilt, sizeof *trees);
  unsigned ntrees = 0;
  /* a folder scan: the folder, then its repository; a file: its repository */
  if (trees && repo && S_ISDIR(st.st_mode) && strcmp(repo, dir)) trees[ntrees++] = simC_tree_new(dir);
  if (trees && repo) trees[ntrees++] = simC_tree_new(repo);
  /* then the build folders of configured projects: headers they generated
   * for a file their database does not list */
  for (unsigned i = 0; trees && repo && i < sc->nbuilt; i++) trees[ntrees++] = simC_tree_new(sc->built[i]);
  /* the scanned folder's vendored CCCL wins over Debian's */
  if (S_ISDIR(st.st_mode) && trees && ntrees && trees[0]) simC_tree_set_vendors(trees[0]);
  free(dir);
  free(repo);
  int ok = ntrees > 0;
  for (unsigned i = 0; i < ntrees; i++) ok &= trees[i] != NULL;
  rc = ok ? scan_find_includes(sc, trees, ntrees) : -1;
  for (unsigned i = 0; i < ntrees; i++) simC_tree_free(trees[i]);
  free(trees);
  return rc;
}
