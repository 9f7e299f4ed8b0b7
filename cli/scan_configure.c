/*
 * simulee scan, stage 2 (a folder scan): the compilation databases of the
 * tree. Those found in it and its build folders are read; CMake projects
 * without one are configured (cli/configure.c's sandbox) to write one; files
 * no database names get the folder's include flags.
 */
#define _GNU_SOURCE
#include "cli/scan_int.h"

#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------- databases of a folder scan */

/* At most this many CMake projects of one tree are configured (a folder
 * of many sample projects); a note names the first left out. */
#define SCAN_MAX_CONFIGURE 8u

static int cmp_ent(const void *a, const void *b) {
  return strcmp(((const struct db_ent *)a)->abs, ((const struct db_ent *)b)->abs);
}

/* The command words of a database entry (its "arguments", else its
 * "command" split), malloc'd and NULL-terminated, count in *nw; NULL when
 * out of memory or it has neither. */
static char **entry_words(json_object *e, unsigned *nw) {
  json_object *ja = NULL, *jc = NULL;
  *nw = 0;
  if (json_object_object_get_ex(e, "arguments", &ja) && json_object_is_type(ja, json_type_array)) {
    unsigned n = (unsigned)json_object_array_length(ja);
    char **w = calloc(n + 1, sizeof *w);
    for (unsigned k = 0; w && k < n; k++) {
      const char *a = json_object_get_string(json_object_array_get_idx(ja, k));
      if (!(w[k] = strdup(a ? a : ""))) {
        for (unsigned j = 0; j < k; j++) free(w[j]);
        free(w);
        return NULL;
      }
    }
    if (w) *nw = n;
    return w;
  }
  if (json_object_object_get_ex(e, "command", &jc) && json_object_is_type(jc, json_type_string))
    return scan_split_command(json_object_get_string(jc), nw);
  return NULL;
}

/* Load a compilation database that a folder scan found or configured
 * (path absolute) for the files under scope: its .cu entries of the right
 * shape (the others are skipped without a word: the database was not
 * named). An unreadable one is a warning. 0 or -1 (out of memory). */
static int db_load(scan *sc, const char *path, const char *scope) {
  char ferr[1024];
  json_object *db = simC_check_input_file(path, ferr, sizeof ferr) == 0
                        ? json_object_from_file(path) : NULL;
  if (!db || !json_object_is_type(db, json_type_array)) {
    simC_message("warning", "%s: not a JSON compilation database, not used", path);
    json_object_put(db);
    return 0;
  }
  scan_db *nv = realloc(sc->dbs, (sc->ndbs + 1) * sizeof *nv);
  if (!nv) {
    json_object_put(db);
    return -1;
  }
  sc->dbs = nv;
  scan_db *d = &sc->dbs[sc->ndbs++];
  memset(d, 0, sizeof *d);
  d->json = db;
  d->path = strdup(path);
  d->scope = strdup(scope);
  char *dbdir = strdup(path);
  if (!d->path || !d->scope || !dbdir) {
    free(dbdir);
    return -1;
  }
  *strrchr(dbdir, '/') = 0;
  size_t n = json_object_array_length(db);
  d->ents = calloc(n + 1, sizeof *d->ents);
  if (!d->ents) {
    free(dbdir);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    json_object *e = json_object_array_get_idx(db, i), *jf = NULL, *jd = NULL;
    if (!json_object_is_type(e, json_type_object) ||
        !json_object_object_get_ex(e, "file", &jf) || !json_object_is_type(jf, json_type_string))
      continue;
    const char *file = json_object_get_string(jf);
    if (!has_suffix(file, ".cu") || strlen(file) != (size_t)json_object_get_string_len(jf))
      continue;
    const char *dir = json_object_object_get_ex(e, "directory", &jd) &&
                              json_object_is_type(jd, json_type_string)
                          ? json_object_get_string(jd) : ".";
    struct db_ent *t = &d->ents[d->nents];
    t->dir = simC_join_path(dbdir, *dir ? dir : ".");
    t->abs = t->dir ? simC_join_path(t->dir, file) : NULL;
    t->e = e;
    if (!t->abs) {
      free(t->dir);
      free(dbdir);
      return -1;
    }
    d->nents++;
  }
  free(dbdir);
  if (d->nents > 1) qsort(d->ents, d->nents, sizeof *d->ents, cmp_ent);
  return 0;
}

/* Give file t the flags of its entry in the nearest database whose scope
 * holds it (the deepest scope; of equal ones, the first found). 0 or -1. */
static int tu_from_dbs(scan *sc, tu *t) {
  const struct db_ent *best = NULL;
  size_t bestlen = 0;
  for (unsigned i = 0; i < sc->ndbs; i++) {
    const scan_db *d = &sc->dbs[i];
    size_t l = strlen(d->scope);
    if (!under(d->scope, t->abs) || (best && l <= bestlen)) continue;
    struct db_ent key = {t->abs, NULL, NULL};
    const struct db_ent *hit = d->nents ? bsearch(&key, d->ents, d->nents, sizeof key, cmp_ent)
                                        : NULL;
    if (hit) best = hit, bestlen = l;
  }
  if (!best) return 0;
  unsigned nw = 0;
  char **w = entry_words(best->e, &nw);
  if (!w) return 0; /* neither form: discovery gives its flags */
  int rc = scan_db_flags(sc, t, w, nw, best->dir);
  if (rc == 0) t->arch = scan_db_arch(w, nw, t->arch_note, sizeof t->arch_note);
  for (unsigned k = 0; k < nw; k++) free(w[k]);
  free(w);
  t->from_db = 1;
  return rc;
}

/* Is the folder of a found database a build folder (build/,
 * cmake-build-debug/...: a folder the walk skips)? */
static int build_folder(const char *dir) {
  const char *b = strrchr(dir, '/');
  b = b ? b + 1 : dir;
  return b[0] != '.' && simC_skip_dir(b);
}

/* Configure the CMake project folder c (cli/configure.c) and load its
 * database for the files under c; a failure is one note line. 0 or -1. */
static int configure_project(scan *sc, const char *c) {
  char build[PATH_MAX], why[1024];
  char *sh = scan_shown(sc, c);
  if (!sh) return -1;
  double t0 = simU_now_s();
  /* --time-limit, and no later than --scan-time-limit allows */
  simC_options co = *sc->o;
  if (sc->configure_until > 0) {
    double left = sc->configure_until - t0;
    if (left <= 0) {
      simC_message("note", "%s: not configured: --scan-time-limit reached; scanning without a "
                   "compilation database", sh);
      free(sh);
      return 0;
    }
    if (!(co.time_limit > 0) || co.time_limit > left) co.time_limit = left;
  }
  int r = simC_cmake_configure(c, &co, sc->cmake_args, sc->ncmake_args, !sc->unsafe, build,
                               sizeof build, why, sizeof why);
  int rc = r == -2 ? -1 : 0;
  if (build[0] && simC_push_str(&sc->built, &sc->nbuilt, &sc->capbuilt, strdup(build)) < 0) {
    simC_cmake_remove(build);
    rc = -1;
  }
  if (r == -1) {
    simC_message("note", "%s: configuring with CMake failed (%s); scanning without a "
                 "compilation database", sh, why);
    if (sc->configure == 2 && build[0])
      simC_message("note", "%s: the build folder is kept: %s", sh, build);
  } else if (r == 1 && rc == 0) {
    simC_message("note", "%s: configured with CMake, but %s (FindCUDA's cuda_add_* targets are "
                 "not in it): scanning without a compilation database, headers it generated "
                 "looked for in its build folder", sh, why);
    if (sc->configure == 2) simC_message("note", "%s: the build folder is kept: %s", sh, build);
  } else if (r == 0 && rc == 0) {
    char *db = simC_join_path(build, "compile_commands.json");
    unsigned before = sc->ndbs;
    rc = db ? db_load(sc, db, c) : -1;
    if (rc == 0 && sc->ndbs > before && !sc->dbs[before].nents)
      simC_message("note", "%s: configured with CMake, but its compile_commands.json lists no "
                   ".cu file (FindCUDA's cuda_add_* targets are not in it): scanning without "
                   "a compilation database, headers it generated looked for in its build "
                   "folder", sh);
    if (sc->configure == 2)
      simC_message("note", "%s: configured with CMake in %.1f s; the build folder is kept: %s",
                   sh, simU_now_s() - t0, build);
    else if (rc == 0 && sc->o->stats)
      simC_message("stats", "%s: configured with CMake in %.1f s (%u .cu file%s in its "
                   "compile_commands.json)", sh, simU_now_s() - t0,
                   sc->ndbs > before ? sc->dbs[before].nents : 0,
                   sc->ndbs > before && sc->dbs[before].nents == 1 ? "" : "s");
    free(db);
  }
  free(sh);
  return rc;
}

/* A folder scan's compilation databases: those the walk found (in a folder
 * of the tree: for the files under it; in a build folder: for the files of
 * the project above it), then, with --configure, the outermost CMake
 * projects of the tree (a CMakeLists.txt with project()) that no database
 * covers, configured; then each file with an entry in the nearest database
 * holding it takes that entry's flags instead of the discovered ones.
 * 0 or -1 (out of memory). */
int scan_tree_dbs(scan *sc) {
  for (unsigned i = 0; i < sc->ndbpaths; i++) {
    char *scope = strdup(sc->dbpaths[i]);
    if (!scope) return -1;
    *strrchr(scope, '/') = 0;
    if (build_folder(scope)) *strrchr(scope, '/') = 0;
    if (!scope[0]) strcpy(scope, "/");
    int rc = db_load(sc, sc->dbpaths[i], scope);
    free(scope);
    if (rc < 0) return -1;
  }
  if (sc->configure && sc->ncmakes) {
    qsort(sc->cmakes, sc->ncmakes, sizeof *sc->cmakes, cmp_str); /* parents first */
    char **projects = calloc(sc->ncmakes, sizeof *projects);
    unsigned np = 0, done = 0, over = 0;
    int sandbox_checked = 0, sandbox_ok = 0;
    const char *first_over = NULL;
    int rc = projects ? 0 : -1;
    for (unsigned i = 0; i < sc->ncmakes && rc == 0; i++) {
      const char *c = sc->cmakes[i];
      int inner = 0;
      for (unsigned k = 0; k < np && !inner; k++) inner = under(projects[k], c);
      if (inner) continue; /* a part of a project above it */
      int p = simC_cmake_project(c);
      if (p < 0) rc = -1;
      if (p <= 0) continue;
      projects[np++] = sc->cmakes[i];
      int covered = 0;
      for (unsigned k = 0; k < sc->ndbs && !covered; k++)
        covered = under(sc->dbs[k].scope, c) || under(c, sc->dbs[k].scope);
      if (covered) continue; /* it has a database: no need */
      if (!sc->unsafe && !sandbox_checked) {
        /* the tree's code runs only in the sandbox: without one, no
         * project is configured (one note says so) */
        char why[600];
        sandbox_checked = 1;
        sandbox_ok = simC_sandbox_probe(why, sizeof why);
        if (!sandbox_ok)
          simC_message("note", "CMake projects of the tree not configured: the sandbox that "
                       "configuring runs in cannot be set up here (%s); scanning without a "
                       "compilation database (--configure=unsafe configures without it, "
                       "running the tree's CMake code unconfined)", why);
      }
      if (!sc->unsafe && !sandbox_ok) continue;
      if (done == SCAN_MAX_CONFIGURE) {
        if (!over++) first_over = c;
        continue;
      }
      done++;
      rc = configure_project(sc, c);
    }
    if (rc == 0 && over) {
      char *sh = scan_shown(sc, first_over);
      if (!sh) rc = -1;
      else simC_message("note", "%u CMake project%s of the tree not configured (at most %u are; "
                        "the first left out: %s): %s scanned without a compilation database",
                        over, over == 1 ? "" : "s", SCAN_MAX_CONFIGURE, sh,
                        over == 1 ? "its files are" : "their files are");
      free(sh);
    }
    free(projects);
    if (rc < 0) return -1;
  }
  for (unsigned i = 0; i < sc->ntu; i++)
    if (tu_from_dbs(sc, &sc->tus[i]) < 0) return -1;
  return 0;
}

/* Free the databases and remove the temporary build folders (kept with
 * --configure=keep). */
void scan_tree_dbs_free(scan *sc) {
  for (unsigned i = 0; i < sc->ndbs; i++) {
    scan_db *d = &sc->dbs[i];
    for (unsigned k = 0; k < d->nents; k++) {
      free(d->ents[k].abs);
      free(d->ents[k].dir);
    }
    free(d->ents);
    free(d->path);
    free(d->scope);
    json_object_put(d->json);
  }
  free(sc->dbs);
  for (unsigned i = 0; i < sc->nbuilt; i++) {
    if (sc->configure != 2) simC_cmake_remove(sc->built[i]);
    free(sc->built[i]);
  }
  free(sc->built);
  for (unsigned i = 0; i < sc->ncmakes; i++) free(sc->cmakes[i]);
  free(sc->cmakes);
  for (unsigned i = 0; i < sc->ndbpaths; i++) free(sc->dbpaths[i]);
  free(sc->dbpaths);
}

/* Without a database: the -I folders found for each file's includes
 * (simC_find_includes over the scanned folder, then its repository), and the .cu files that another
 * scanned file includes left out (checked through their includer; of files
 * that include each other, the first in path order stays). */
int scan_find_includes(scan *sc, simC_tree *const *trees, unsigned ntrees) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    if (t->from_db) continue; /* its database gives its folders */
    char **idirs = calloc(t->nflags + 1, sizeof *idirs);
    unsigned ni = 0;
    int rc = idirs ? 0 : -1;
    for (unsigned f = 0; f < t->nflags && rc == 0; f++)
      if (!strncmp(t->flags[f], "-I", 2) && !(idirs[ni++] = simC_join_path(sc->cwd, t->flags[f] + 2)))
        rc = -1;
    if (rc == 0) rc = simC_find_includes(trees, ntrees, t->abs, idirs, ni, &t->inc);
    for (unsigned k = 0; k < ni; k++) free(idirs[k]);
    free(idirs);
    for (unsigned k = 0; k < t->inc.ndirs && rc == 0; k++) {
      char *s = scan_shown(sc, t->inc.dirs[k].dir);
      if (!s || scan_tu_flag(t, "-I", s) < 0) rc = -1;
      free(s);
      if (rc == 0 && sc->o->stats) simC_print_incdir(&t->inc.dirs[k], sc->cwd);
    }
    if (rc < 0) return -1;
  }
  for (unsigned i = 0; i < sc->ntu; i++)
    for (unsigned j = 0; j < sc->ntu && !sc->tus[i].skip; j++) {
      tu *by = &sc->tus[j], *t = &sc->tus[i];
      if (j == i) continue;
      int in = 0, back = 0;
      for (unsigned k = 0; k < by->inc.ncu; k++) in |= !strcmp(by->inc.cu[k], t->abs);
      for (unsigned k = 0; k < t->inc.ncu; k++) back |= !strcmp(t->inc.cu[k], by->abs);
      if (!in || (back && i < j)) continue;
      t->skip = 1;
      if (sc->o->stats)
        simC_message("stats", "%s: included by %s, checked through it", t->path,
                by->path);
    }
  unsigned n = 0;
  for (unsigned i = 0; i < sc->ntu; i++) {
    if (sc->tus[i].skip) scan_tu_free(&sc->tus[i]);
    else sc->tus[n++] = sc->tus[i];
  }
  sc->ntu = n;
  return 0;
}

/* The -I flags of a folder scan: each file's own folder, then every include/
 * folder found (sorted). Returns 0 or -1 (out of memory). */
int scan_folder_flags(scan *sc) {
  if (sc->nincs > 1) qsort(sc->incs, sc->nincs, sizeof *sc->incs, cmp_str);
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    if (t->from_db) continue; /* its database gives its folders */
    char *dir = strdup(t->abs);
    if (!dir) return -1;
    *strrchr(dir, '/') = 0;
    char *s = scan_shown(sc, dir[0] ? dir : "/");
    int bad = !s || scan_tu_flag(t, "-I", s) < 0;
    free(s);
    free(dir);
    if (bad) return -1;
    for (unsigned k = 0; k < sc->nincs; k++) {
      char *si = scan_shown(sc, sc->incs[k]);
      bad = !si || scan_tu_flag(t, "-I", si) < 0;
      free(si);
      if (bad) return -1;
    }
  }
  return 0;
}
