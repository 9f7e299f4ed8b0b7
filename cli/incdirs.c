/*
 * simulee cli: headers found like a build finds them. Without a compilation
 * database simulee does not know a project's -I folders; this follows the
 * #include lines of a .cu file (and of the project headers they reach) as
 * the preprocessor would look them up, and for an include found nowhere
 * looks for the path as written in an index of the project's files, adding
 * the folder that holds it. The same walk tells which .cu files a file
 * includes (simulee scan checks those through their includer).
 *
 * The walk is textual: conditional blocks are not evaluated, so an include
 * in an #if branch that the compile does not take can add a folder too
 * (harmless: a folder that holds no header the file reaches changes nothing).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <glob.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

#ifndef SIMULEE_CUDA_DIR
#define SIMULEE_CUDA_DIR "cuda"
#endif

/* ---------------------------------------------------------------- paths */

char *simC_norm_path(const char *p) {
  size_t n = strlen(p);
  char *out = malloc(n + 2);
  if (!out) return NULL;
  size_t o = 0;
  out[o++] = '/';
  const char *s = p;
  while (*s) {
    while (*s == '/') s++;
    if (!*s) break;
    const char *e = strchr(s, '/');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == 1 && s[0] == '.') {
      /* skip */
    } else if (len == 2 && s[0] == '.' && s[1] == '.') {
      if (o > 1) {
        o--; /* the '/' after the last part */
        while (o > 1 && out[o - 1] != '/') o--;
      }
    } else {
      memcpy(out + o, s, len);
      o += len;
      out[o++] = '/';
    }
    s += len;
  }
  if (o > 1) o--;
  out[o] = 0;
  return out;
}

char *simC_join_path(const char *dir, const char *p) {
  if (p[0] == '/') return simC_norm_path(p);
  size_t n = strlen(dir) + strlen(p) + 2;
  char *t = malloc(n);
  if (!t) return NULL;
  snprintf(t, n, "%s/%s", dir, p);
  char *r = simC_norm_path(t);
  free(t);
  return r;
}

int simC_skip_dir(const char *name) {
  return name[0] == '.' || !strcmp(name, "CMakeFiles") || !strcmp(name, "node_modules") ||
         !strncmp(name, "build", 5) || !strncmp(name, "cmake-build", 11) ||
         !strcmp(name, "_build");
}

static int is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The folder of an absolute normalised path (malloc'd; "/" for "/x"). */
static char *dir_of(const char *abs) {
  char *d = strdup(abs);
  if (!d) return NULL;
  char *s = strrchr(d, '/');
  if (s == d) s[1] = 0;
  else if (s) *s = 0;
  return d;
}

char *simC_repo_root(const char *dir) {
  char *d = strdup(dir);
  while (d) {
    size_t n = strlen(d) + 6;
    char *g = malloc(n);
    if (!g) break;
    snprintf(g, n, "%s/.git", d);
    struct stat st;
    int found = stat(g, &st) == 0; /* a folder, or a file in a worktree */
    free(g);
    if (found) return d;
    if (!strcmp(d, "/")) break;
    char *up = dir_of(d);
    free(d);
    d = up;
  }
  free(d);
  return strdup(dir);
}

/* ---------------------------------------------------------------- index */

/* A string-keyed hash table (open addressing, FNV-1a): keys malloc'd and
 * owned, values opaque. */
typedef struct strtab {
  char **keys;
  void **vals;
  size_t cap, n;
} strtab;

static size_t str_hash(const char *s) {
  size_t h = (size_t)1469598103934665603ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * (size_t)1099511628211ull;
  return h;
}

/* The value slot of key: found, or (insert) added with a NULL value; NULL
 * when absent and not inserted, or out of memory (*oom set). */
static void **strtab_slot(strtab *t, const char *key, int insert, int *oom) {
  if (insert && (t->n + 1) * 2 > t->cap) {
    size_t nc = t->cap ? t->cap * 2 : 64;
    char **nk = calloc(nc, sizeof *nk);
    void **nv = calloc(nc, sizeof *nv);
    if (!nk || !nv) {
      free(nk);
      free(nv);
      *oom = 1;
      return NULL;
    }
    for (size_t i = 0; i < t->cap; i++) {
      if (!t->keys[i]) continue;
      size_t j = str_hash(t->keys[i]) & (nc - 1);
      while (nk[j]) j = (j + 1) & (nc - 1);
      nk[j] = t->keys[i];
      nv[j] = t->vals[i];
    }
    free(t->keys);
    free(t->vals);
    t->keys = nk;
    t->vals = nv;
    t->cap = nc;
  }
  if (!t->cap) return NULL;
  size_t j = str_hash(key) & (t->cap - 1);
  for (; t->keys[j]; j = (j + 1) & (t->cap - 1))
    if (!strcmp(t->keys[j], key)) return &t->vals[j];
  if (!insert) return NULL;
  if (!(t->keys[j] = strdup(key))) {
    *oom = 1;
    return NULL;
  }
  t->vals[j] = NULL;
  t->n++;
  return &t->vals[j];
}

/* Free the keys (and each value with free_val, if given). */
static void strtab_free(strtab *t, void (*free_val)(void *)) {
  for (size_t i = 0; i < t->cap; i++) {
    if (t->keys[i] && free_val) free_val(t->vals[i]);
    free(t->keys[i]);
  }
  free(t->keys);
  free(t->vals);
  memset(t, 0, sizeof *t);
}

/* One #include of a file: kind '"' or '<', the path written. */
typedef struct incl {
  char kind;
  unsigned line;
  char *path; /* malloc'd */
} incl;

/* The #include lines of one file, read once per tree (simC_tree.parsed). */
typedef struct incls {
  incl *v;
  unsigned n;
} incls;

static void incls_free(void *p) {
  incls *l = p;
  if (!l) return;
  for (unsigned i = 0; i < l->n; i++) free(l->v[i].path);
  free(l->v);
  free(l);
}

struct simC_tree {
  char *root;       /* absolute, normalised */
  int built;        /* the index is made (on the first lookup) */
  int truncated;    /* SIMC_TREE_MAX_FILES reached */
  char **rel;       /* every file, relative to root, sorted by (base name, path) */
  unsigned n, cap;
  strtab parsed;    /* absolute path -> incls *: the #include lines of the
                       files walked so far (a file is read once per tree) */
  int vendors;      /* its CUB/Thrust/libcu++ copies win over the system's */
};

void simC_tree_set_vendors(simC_tree *t) { t->vendors = 1; }

simC_tree *simC_tree_new(const char *root) {
  simC_tree *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->root = strdup(root);
  if (!t->root) {
    free(t);
    return NULL;
  }
  return t;
}

void simC_tree_free(simC_tree *t) {
  if (!t) return;
  for (unsigned i = 0; i < t->n; i++) free(t->rel[i]);
  free(t->rel);
  free(t->root);
  strtab_free(&t->parsed, incls_free);
  free(t);
}

const char *simC_tree_root(const simC_tree *t) { return t->root; }

static const char *base_of(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

static int cmp_rel(const void *a, const void *b) {
  const char *x = *(char *const *)a, *y = *(char *const *)b;
  int c = strcmp(base_of(x), base_of(y));
  return c ? c : strcmp(x, y);
}

/* Walk dir (rel: its path under the root, "" for the root). */
static int index_walk(simC_tree *t, const char *dir, const char *rel, int depth) {
  if (depth > 64) return 0;
  DIR *d = opendir(dir);
  if (!d) return 0;
  int rc = 0;
  struct dirent *e;
  while (rc == 0 && !t->truncated && (e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    size_t pl = strlen(dir) + strlen(e->d_name) + 2, rl = strlen(rel) + strlen(e->d_name) + 2;
    char *p = malloc(pl), *r = malloc(rl);
    if (!p || !r) {
      free(p);
      free(r);
      rc = -1;
      break;
    }
    snprintf(p, pl, "%s/%s", strcmp(dir, "/") ? dir : "", e->d_name);
    snprintf(r, rl, "%s%s%s", rel, *rel ? "/" : "", e->d_name);
    struct stat st;
    if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
      if (!simC_skip_dir(e->d_name)) rc = index_walk(t, p, r, depth + 1);
      free(r);
    } else if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) { /* files may be links */
      if (t->n == SIMC_TREE_MAX_FILES) {
        t->truncated = 1;
        free(r);
      } else {
        if (t->n == t->cap) {
          unsigned nc = t->cap ? t->cap * 2 : 256;
          char **nv = realloc(t->rel, nc * sizeof *nv);
          if (!nv) {
            free(r);
            free(p);
            rc = -1;
            break;
          }
          t->rel = nv;
          t->cap = nc;
        }
        t->rel[t->n++] = r;
      }
    } else {
      free(r); /* symlinked folders are not entered: no loops */
    }
    free(p);
  }
  closedir(d);
  return rc;
}

static int tree_build(simC_tree *t) {
  if (t->built) return 0;
  t->built = 1;
  if (index_walk(t, t->root, "", 0) < 0) return -1;
  if (t->n > 1) qsort(t->rel, t->n, sizeof *t->rel, cmp_rel);
  return 0;
}

unsigned simC_tree_size(simC_tree *t) {
  tree_build(t);
  return t->n;
}

/* ---------------------------------------------------------------- walk */

/* The folders where <...> headers of the system are (clang's own, the C and
 * C++ libraries): an include found there is no project header. */
static char *sysdirs[32];
static unsigned nsysdirs;
static pthread_once_t sysdirs_once = PTHREAD_ONCE_INIT;

static void sys_dirs_init(void) {
  char **dirs = sysdirs;
  unsigned nd = 0;
  const char *pats[] = {"/usr/lib/llvm-19/lib/clang/*/include", "/usr/include/c++/*",
                        "/usr/include/*-linux-gnu/c++/*", "/usr/local/include",
                        "/usr/include/*-linux-gnu/mpi", "/usr/include/*-linux-gnu",
                        "/usr/include"};
  for (unsigned i = 0; i < sizeof pats / sizeof pats[0]; i++) {
    glob_t g;
    if (glob(pats[i], 0, NULL, &g) != 0) continue;
    for (size_t k = 0; k < g.gl_pathc && nd < 32; k++)
      if (is_dir(g.gl_pathv[k])) dirs[nd] = strdup(g.gl_pathv[k]), nd += dirs[nd] != NULL;
    globfree(&g);
  }
  nsysdirs = nd;
}

char *const *simC_system_include_dirs(unsigned *n) {
  pthread_once(&sysdirs_once, sys_dirs_init);
  *n = nsysdirs;
  return sysdirs;
}

const char *simC_mpi_include_dir(void) {
  pthread_once(&sysdirs_once, sys_dirs_init);
  for (unsigned i = 0; i < nsysdirs; i++) {
    size_t l = strlen(sysdirs[i]);
    if (l > 4 && !strcmp(sysdirs[i] + l - 4, "/mpi")) return sysdirs[i];
  }
  return NULL;
}

static char **sys_dirs(unsigned *n) { return (char **)simC_system_include_dirs(n); }

typedef struct walk {
  simC_tree *const *trees; /* searched in order, the first that holds it */
  unsigned ntrees;
  char **dirs;          /* -I folders: the caller's, then the ones added */
  unsigned ndirs, capdirs, ncaller;
  strtab seen;          /* files walked */
  strtab *parsed;       /* the #include lines read (a tree's, or private) */
  int any;              /* walk every file found, not only the trees' */
  simC_incfind *r;
  const char *cudadir;
} walk;

int simC_push_str(char ***v, unsigned *n, unsigned *cap, char *s) {
  if (!s) return -1;
  if (*n == *cap) {
    unsigned nc = *cap ? *cap * 2 : 16;
    char **nv = realloc(*v, nc * sizeof *nv);
    if (!nv) {
      free(s);
      return -1;
    }
    *v = nv;
    *cap = nc;
  }
  (*v)[(*n)++] = s;
  return 0;
}

static int in_list(char *const *v, unsigned n, const char *s) {
  for (unsigned i = 0; i < n; i++)
    if (!strcmp(v[i], s)) return 1;
  return 0;
}

/* Steps from folder a to folder b (both normalised absolute): the parts of
 * each below their common ancestor. */
static unsigned path_distance(const char *a, const char *b) {
  unsigned na = 0, nb = 0, common = 0;
  for (const char *p = a; *p; p++) na += *p == '/' && p[1];
  for (const char *p = b; *p; p++) nb += *p == '/' && p[1];
  const char *x = a, *y = b;
  for (;;) {
    while (*x == '/') x++;
    while (*y == '/') y++;
    size_t lx = strcspn(x, "/"), ly = strcspn(y, "/");
    if (!lx || lx != ly || strncmp(x, y, lx)) break;
    common++;
    x += lx;
    y += ly;
  }
  return (na - common) + (nb - common);
}

/* dir/inc if it is a file: malloc'd, else NULL (*oom on failure). */
static char *try_in(const char *dir, const char *inc, int *oom) {
  char *p = simC_join_path(dir, inc);
  if (!p) {
    *oom = 1;
    return NULL;
  }
  if (is_file(p)) return p;
  free(p);
  return NULL;
}

/* The tree's folder that holds inc (a relative path) nearest to from (a
 * folder), then first in name order; malloc'd, or NULL. *ncand: how many
 * folders hold it. */
static char *tree_find1(simC_tree *t, const char *inc, const char *from, unsigned *ncand,
                        int *oom) {
  *ncand = 0;
  if (tree_build(t) < 0) {
    *oom = 1;
    return NULL;
  }
  const char *b = base_of(inc);
  size_t il = strlen(inc);
  /* first entry with this base name */
  unsigned lo = 0, hi = t->n;
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2;
    if (strcmp(base_of(t->rel[mid]), b) < 0) lo = mid + 1;
    else hi = mid;
  }
  char *best = NULL;
  unsigned bestd = 0;
  for (unsigned i = lo; i < t->n && !strcmp(base_of(t->rel[i]), b); i++) {
    const char *r = t->rel[i];
    size_t rl = strlen(r);
    if (rl < il || strcmp(r + rl - il, inc) || (rl > il && r[rl - il - 1] != '/')) continue;
    char *folder_rel = strndup(r, rl > il ? rl - il - 1 : 0);
    char *folder = folder_rel ? simC_join_path(t->root, folder_rel) : NULL;
    free(folder_rel);
    if (!folder) {
      *oom = 1;
      free(best);
      return NULL;
    }
    ++*ncand;
    unsigned d = path_distance(from, folder);
    if (!best || d < bestd || (d == bestd && strcmp(folder, best) < 0)) {
      free(best);
      best = folder;
      bestd = d;
    } else {
      free(folder);
    }
  }
  return best;
}

static char *tree_find(walk *w, const char *inc, const char *from, unsigned *ncand, int *oom) {
  *ncand = 0;
  if (inc[0] == '/' || strstr(inc, "..")) return NULL;
  char *best = NULL;
  for (unsigned i = 0; i < w->ntrees && !best && !*oom; i++)
    best = tree_find1(w->trees[i], inc, from, ncand, oom);
  return best;
}

/* The #include lines of a file (comments skipped; at most 4 MiB read).
 * Malloc'd array, count in *n; NULL with *n = 0 when unreadable or empty. */
static incl *read_includes(const char *path, unsigned *n, int *oom) {
  *n = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  incl *v = NULL;
  unsigned cap = 0;
  char line[4096];
  int in_comment = 0;
  unsigned lineno = 0;
  size_t total = 0;
  while (fgets(line, sizeof line, f) && total < ((size_t)4 << 20)) {
    total += strlen(line);
    lineno++;
    char *p = line;
    if (in_comment) {
      char *e = strstr(p, "*/");
      if (!e) continue;
      in_comment = 0;
      p = e + 2;
    }
    while (*p == ' ' || *p == '\t') p++;
    /* a block comment opened on this line and not closed */
    for (char *c = p; (c = strstr(c, "/*"));) {
      char *e = strstr(c + 2, "*/");
      if (!e) {
        in_comment = 1;
        break;
      }
      c = e + 2;
    }
    if (*p != '#') continue;
    p++;
    while (*p == ' ' || *p == '\t') p++;
    if (strncmp(p, "include", 7) || (p[7] != ' ' && p[7] != '\t' && p[7] != '"' && p[7] != '<'))
      continue;
    p += 7;
    while (*p == ' ' || *p == '\t') p++;
    char close = *p == '"' ? '"' : *p == '<' ? '>' : 0;
    if (!close) continue; /* a macro: not followed */
    char *e = strchr(p + 1, close);
    if (!e || e == p + 1) continue;
    if (*n == cap) {
      unsigned nc = cap ? cap * 2 : 16;
      incl *nv = realloc(v, nc * sizeof *nv);
      if (!nv) {
        *oom = 1;
        break;
      }
      v = nv;
      cap = nc;
    }
    v[*n].kind = p[0];
    v[*n].line = lineno;
    if (!(v[*n].path = strndup(p + 1, (size_t)(e - p - 1)))) {
      *oom = 1;
      break;
    }
    ++*n;
  }
  fclose(f);
  return v;
}

static int under_root(const char *root, const char *p) {
  size_t rl = strlen(root);
  if (rl == 1) return 1;
  return !strncmp(p, root, rl) && (p[rl] == '/' || !p[rl]);
}

static int has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n > m && !strcmp(s + n - m, suf);
}

/* Is inc a header of the CUDA C++ core libraries (CUB, Thrust, libcu++ and
 * its nv/target), which projects vendor in newer versions than Debian's? */
static int vendorable(const char *inc) {
  return !strncmp(inc, "cub/", 4) || !strncmp(inc, "thrust/", 7) || !strncmp(inc, "cuda/", 5) ||
         !strncmp(inc, "nv/", 3);
}

static int walk_file(walk *w, const char *file, int depth) {
  int oom = 0;
  if (depth > 100 || strtab_slot(&w->seen, file, 0, &oom)) return 0;
  if (!strtab_slot(&w->seen, file, 1, &oom)) return -1;
  /* the file's includes, read once per tree */
  void **slot = strtab_slot(w->parsed, file, 1, &oom);
  if (!slot) return -1;
  if (!*slot) {
    incls *l = calloc(1, sizeof *l);
    if (!l) return -1;
    l->v = read_includes(file, &l->n, &oom);
    *slot = l;
    if (oom) return -1;
  }
  const incls *parsed = *slot;
  const incl *v = parsed->v;
  unsigned n = parsed->n;
  char *here = dir_of(file);
  if (!here) oom = 1;
  for (unsigned i = 0; i < n && !oom; i++) {
    const char *inc = v[i].path;
    char *found = NULL;
    if (inc[0] == '/') {
      found = is_file(inc) ? simC_norm_path(inc) : NULL;
    } else {
      if (v[i].kind == '"') found = try_in(here, inc, &oom);
      for (unsigned d = 0; !found && !oom && d < w->ndirs; d++) found = try_in(w->dirs[d], inc, &oom);
    }
    /* a CUB/Thrust/libcu++ header the scanned tree vendors wins over
     * Debian's (and simulee's cuda/ stand-ins): the project builds with its
     * copy (simC_tree_set_vendors) */
    unsigned vcand = 0;
    char *vendored = NULL;
    for (unsigned k = 0; !found && !vendored && !oom && k < w->ntrees && vendorable(inc); k++)
      if (w->trees[k]->vendors && inc[0] != '/' && !strstr(inc, ".."))
        vendored = tree_find1(w->trees[k], inc, here, &vcand, &oom);
    if (!found && !vendored && !oom && inc[0] != '/') {
      /* simulee's CUDA headers, then the system's: not project headers */
      char *c = try_in(w->cudadir, inc, &oom);
      unsigned ns = 0;
      char **sd = c ? NULL : sys_dirs(&ns);
      for (unsigned d = 0; !c && !oom && d < ns; d++) c = try_in(sd[d], inc, &oom);
      if (c) {
        free(c);
        continue;
      }
    }
    if (!found && !oom) {
      unsigned ncand = vcand;
      char *folder = vendored ? vendored : tree_find(w, inc, here, &ncand, &oom);
      if (folder) {
        found = try_in(folder, inc, &oom);
        simC_incdir a = {folder, NULL, NULL, v[i].line, ncand};
        a.header = strdup(inc);
        a.from = strdup(file);
        if (!a.header || !a.from || simC_push_str(&w->dirs, &w->ndirs, &w->capdirs, strdup(folder)) < 0) {
          oom = 1;
          free(a.header);
          free(a.from);
          free(folder);
        } else {
          simC_incdir *nv = realloc(w->r->dirs, (w->r->ndirs + 1) * sizeof *nv);
          if (!nv) {
            oom = 1;
            free(a.header);
            free(a.from);
            free(folder);
          } else {
            w->r->dirs = nv;
            w->r->dirs[w->r->ndirs++] = a;
          }
        }
      } else {
        w->r->nmissing++;
      }
    }
    if (found && !oom) {
      if (has_suffix(found, ".cu") && !in_list(w->r->cu, w->r->ncu, found) &&
          simC_push_str(&w->r->cu, &w->r->ncu, &w->r->capcu, strdup(found)) < 0)
        oom = 1;
      int ours = w->any;
      for (unsigned k = 0; k < w->ntrees; k++) ours |= under_root(w->trees[k]->root, found);
      if (!oom && ours && walk_file(w, found, depth + 1) < 0) oom = 1;
    }
    free(found);
  }
  free(here);
  return oom ? -1 : 0;
}

int simC_find_includes(simC_tree *const *trees, unsigned ntrees, const char *file,
                       char *const *idirs, unsigned nidirs, simC_incfind *r) {
  memset(r, 0, sizeof *r);
  walk w;
  memset(&w, 0, sizeof w);
  w.trees = trees;
  w.ntrees = ntrees;
  w.parsed = &trees[ntrees - 1]->parsed;
  w.r = r;
  const char *cd = getenv("SIMULEE_CUDA_DIR");
  w.cudadir = cd && *cd ? cd : SIMULEE_CUDA_DIR;
  int rc = 0;
  for (unsigned i = 0; i < nidirs && rc == 0; i++)
    rc = simC_push_str(&w.dirs, &w.ndirs, &w.capdirs, strdup(idirs[i]));
  if (rc == 0) rc = walk_file(&w, file, 0);
  for (unsigned i = 0; i < w.ndirs; i++) free(w.dirs[i]);
  free(w.dirs);
  strtab_free(&w.seen, NULL);
  if (rc < 0) simC_incfind_free(r);
  return rc;
}

void simC_incfind_free(simC_incfind *r) {
  for (unsigned i = 0; i < r->ndirs; i++) {
    free(r->dirs[i].dir);
    free(r->dirs[i].header);
    free(r->dirs[i].from);
  }
  free(r->dirs);
  for (unsigned i = 0; i < r->ncu; i++) free(r->cu[i]);
  free(r->cu);
  memset(r, 0, sizeof *r);
}

/* abs relative to cwd when under it (and not cwd itself), else abs. */
static char *shown_from(const char *cwd, const char *abs) {
  size_t cl = strlen(cwd);
  if (strcmp(cwd, abs) && under_root(cwd, abs)) return strdup(abs + (cl == 1 ? 1 : cl + 1));
  return strdup(abs);
}

void simC_print_incdir(const simC_incdir *d, const char *cwd) {
  char *f = shown_from(cwd, d->from), *s = shown_from(cwd, d->dir);
  simC_message("stats",
          "%s:%u: #include \"%s\" found in %s (%u folder%s of the tree "
          "hold%s it): -I %s",
          f ? f : d->from, d->line, d->header, s ? s : d->dir, d->ncand,
          d->ncand == 1 ? "" : "s", d->ncand == 1 ? "s" : "", s ? s : d->dir);
  free(f);
  free(s);
}

int simC_add_found_includes(simC_options *o, const char *file, int stats, char *err,
                            size_t errlen) {
  char cwdbuf[4096];
  if (!getcwd(cwdbuf, sizeof cwdbuf)) {
    snprintf(err, errlen, "cannot get the working directory");
    return -1;
  }
  int rc = -1;
  char *cwd = simC_norm_path(cwdbuf), *abs = cwd ? simC_join_path(cwd, file) : NULL;
  char *dir = abs ? dir_of(abs) : NULL, *root = dir ? simC_repo_root(dir) : NULL;
  simC_tree *t = root ? simC_tree_new(root) : NULL;
  char **idirs = calloc(o->ncflags + 1, sizeof *idirs);
  unsigned ni = 0;
  simC_incfind r;
  memset(&r, 0, sizeof r);
  if (!t || !idirs) goto done;
  for (unsigned i = 0; i < o->ncflags; i++)
    if (!strncmp(o->cflags[i], "-I", 2) && !(idirs[ni++] = simC_join_path(cwd, o->cflags[i] + 2)))
      goto done;
  if (simC_find_includes(&t, 1, abs, idirs, ni, &r) < 0) goto done;
  for (unsigned i = 0; i < r.ndirs; i++) {
    char *s = shown_from(cwd, r.dirs[i].dir);
    size_t n = s ? strlen(s) + 3 : 0;
    char *flag = s ? malloc(n) : NULL;
    char **nv = flag ? realloc(o->cflags, (o->ncflags + 1) * sizeof *nv) : NULL;
    if (!nv) {
      free(s);
      free(flag);
      goto done;
    }
    snprintf(flag, n, "-I%s", s);
    free(s);
    o->cflags = nv;
    o->cflags[o->ncflags++] = flag;
    if (stats) simC_print_incdir(&r.dirs[i], cwd);
  }
  rc = 0;
done:
  if (rc < 0) snprintf(err, errlen, "out of memory");
  simC_incfind_free(&r);
  for (unsigned i = 0; i < ni; i++) free(idirs[i]);
  free(idirs);
  simC_tree_free(t);
  free(root);
  free(dir);
  free(abs);
  free(cwd);
  return rc;
}

int simC_project_headers(const char *file, char *const *idirs, unsigned nidirs, char ***out,
                         unsigned *nout) {
  *out = NULL;
  *nout = 0;
  simC_incfind r;
  memset(&r, 0, sizeof r);
  walk w;
  memset(&w, 0, sizeof w);
  strtab parsed;
  memset(&parsed, 0, sizeof parsed);
  w.parsed = &parsed;
  w.any = 1;
  w.r = &r;
  const char *cd = getenv("SIMULEE_CUDA_DIR");
  w.cudadir = cd && *cd ? cd : SIMULEE_CUDA_DIR;
  int rc = 0;
  for (unsigned i = 0; i < nidirs && rc == 0; i++)
    rc = simC_push_str(&w.dirs, &w.ndirs, &w.capdirs, strdup(idirs[i]));
  if (rc == 0) rc = walk_file(&w, file, 0);
  unsigned cap = 0;
  for (size_t i = 0; rc == 0 && i < w.seen.cap; i++)
    if (w.seen.keys[i] && strcmp(w.seen.keys[i], file) &&
        simC_push_str(out, nout, &cap, strdup(w.seen.keys[i])) < 0)
      rc = -1;
  if (rc < 0) {
    for (unsigned i = 0; i < *nout; i++) free((*out)[i]);
    free(*out);
    *out = NULL;
    *nout = 0;
  }
  for (unsigned i = 0; i < w.ndirs; i++) free(w.dirs[i]);
  free(w.dirs);
  strtab_free(&w.seen, NULL);
  strtab_free(&parsed, incls_free);
  simC_incfind_free(&r);
  return rc;
}
