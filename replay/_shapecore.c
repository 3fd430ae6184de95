/* replay._shapecore: the compiled shape core (issue #33).
 *
 * The same answers as the pure-Python functions of replay/shape.py (the reference), from the
 * same shipped tables laid out as flat arrays indexed by a base-5 shape code (rank 0 the least
 * significant digit): 5^9 entries per suit table, 5^7 for the honours, two bytes each. Python
 * (replay/shape_core.py) reads the shipped table files and hands the raw sections to init(); nothing
 * here reads a file. A case this file does not handle (a fifth copy asked about, a count list
 * longer than 34, an argument of an odd type) is handed to the pure function given to init(),
 * so every answer and every error is the reference's own.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NSUIT 1953125 /* 5^9 */
#define NHON 4096     /* honour shapes by their count histogram (hcode) */
#define MISSING 0xFFFFu
#define IMPOSSIBLE 7
#define NONE_NEED (7 | 7 << 3 | 7 << 6)
#define NKINDS 34

typedef struct {
    int s, nh;
    uint16_t *j, *k;
    uint8_t *f;
    Py_ssize_t nj, nk, nf;
} Rule;

static uint16_t *suit_cls;  /* 将 class | any class << 8, MISSING: not a shape of <= 14 tiles */
static uint16_t *hon_cls;   /* the same, indexed by hcode: honours make no sequences */
static uint16_t *suit_need; /* melds | any pair << 3 | 将 pair << 6 (replay.tables), NONE_NEED */
static Rule rules[2];
static int ready;
static PyObject *pure; /* name -> the pure-Python function */
static PyObject *jiang_str; /* "jiang", the default pair */

static const int TRIPLET_NEED[5] = {0, 2, 1, 0, 2};
static const int PAIR_EXTRA[5] = {2, -1, -1, 2, -1};
static const int B_TRIPLET_NEED[5] = {0, IMPOSSIBLE, IMPOSSIBLE, 0, IMPOSSIBLE};
static const int B_PAIR_EXTRA[5] = {0, 0, -IMPOSSIBLE, IMPOSSIBLE, 0};
static const int JIANG_KINDS[9] = {1, 4, 7, 10, 13, 16, 19, 22, 25};

static inline int tn(int c) { return c <= 4 ? TRIPLET_NEED[c] : IMPOSSIBLE; }
static inline int pe(int c) { return c <= 4 ? PAIR_EXTRA[c] : 0; }
static inline int btn(int c) { return c <= 4 ? B_TRIPLET_NEED[c] : IMPOSSIBLE; }
static inline int bpe(int c) { return c <= 4 ? B_PAIR_EXTRA[c] : 0; }
static inline int imin(int a, int b) { return a < b ? a : b; }

/* ---- arguments ------------------------------------------------------------------------- */

/* Fill out[0..n) from positional args then keywords; 0 on success, -1: not handled here. */
static int take_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *const *names,
                     int n, PyObject **out) {
    if (nargs > n) return -1;
    for (int i = 0; i < n; i++) out[i] = i < nargs ? args[i] : NULL;
    if (kwnames) {
        Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t i = 0; i < nk; i++) {
            PyObject *kw = PyTuple_GET_ITEM(kwnames, i);
            int found = 0;
            for (int p = 0; p < n; p++) {
                if (PyUnicode_CompareWithASCIIString(kw, names[p]) == 0) {
                    if (out[p]) return -1;
                    out[p] = args[nargs + i];
                    found = 1;
                    break;
                }
            }
            if (!found) return -1;
        }
    }
    return 0;
}

static Py_ssize_t handed_back; /* calls handed to the pure functions (handed_back()) */

static PyObject *delegate(const char *name, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    handed_back++;
    PyObject *fn = pure ? PyDict_GetItemString(pure, name) : NULL;
    if (!fn) {
        PyErr_Format(PyExc_RuntimeError, "replay._shapecore: no pure fallback for %s", name);
        return NULL;
    }
    return PyObject_Vectorcall(fn, args, nargs, kwnames);
}

#define DELEGATE(name) return delegate(name, args, nargs, kwnames)

/* Counts into b[34] (zero-padded); 1 ok, 0 not handled here (odd type, length, value). */
static int read_counts(PyObject *o, uint8_t *b, int *total) {
    memset(b, 0, NKINDS);
    int sum = 0;
    if (PyBytes_Check(o) || PyByteArray_Check(o)) {
        Py_ssize_t n = PyBytes_Check(o) ? PyBytes_GET_SIZE(o) : PyByteArray_GET_SIZE(o);
        const char *p = PyBytes_Check(o) ? PyBytes_AS_STRING(o) : PyByteArray_AS_STRING(o);
        if (n > NKINDS) return 0;
        for (Py_ssize_t i = 0; i < n; i++) sum += b[i] = (uint8_t)p[i];
    } else if (PyList_Check(o) || PyTuple_Check(o)) {
        Py_ssize_t n = PySequence_Fast_GET_SIZE(o);
        PyObject **items = PySequence_Fast_ITEMS(o);
        if (n > NKINDS) return 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (!PyLong_CheckExact(items[i])) return 0;
            long v = PyLong_AsLong(items[i]);
            if (v < 0 || v > 255) {
                PyErr_Clear();
                return 0;
            }
            sum += b[i] = (uint8_t)v;
        }
    } else {
        return 0;
    }
    *total = sum;
    return 1;
}

/* 0 将, 1 any, 2 another string (complete reads it as any pair without an honour pair), -1 not a str */
static int pair_mode(PyObject *o) {
    if (!o) return 0;
    if (!PyUnicode_Check(o)) return -1;
    if (PyUnicode_CompareWithASCIIString(o, "jiang") == 0) return 0;
    if (PyUnicode_CompareWithASCIIString(o, "any") == 0) return 1;
    return 2;
}

/* a small int argument (|v| <= 64: wildcards, sizes, tiles kept, a kind), or 0 with *ok = 0 */
static long small_int(PyObject *o, long dflt, int *ok) {
    if (!o) return dflt;
    if (!PyLong_CheckExact(o)) {
        *ok = 0;
        return 0;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (overflow || v < -64 || v > 64) *ok = 0;
    return v;
}

/* blocked kinds as a bit mask of kinds 0..33 (others never matter); 0 with *ok = 0 if odd */
static uint64_t blocked_mask(PyObject *o, int *ok) {
    if (!o) return 0;
    if (!(PyList_Check(o) || PyTuple_Check(o))) {
        *ok = 0;
        return 0;
    }
    uint64_t m = 0;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(o);
    PyObject **items = PySequence_Fast_ITEMS(o);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_CheckExact(items[i])) {
            *ok = 0;
            return 0;
        }
        int overflow = 0;
        long k = PyLong_AsLongAndOverflow(items[i], &overflow);
        if (!overflow && k >= 0 && k < NKINDS) m |= (uint64_t)1 << k;
    }
    return m;
}

/* ---- shape codes ----------------------------------------------------------------------- */

static inline int code9(const uint8_t *c) {
    int code = 0;
    for (int r = 8; r >= 0; r--) {
        if (c[r] > 4) return -1;
        code = code * 5 + c[r];
    }
    return code;
}

/* The honours' index: how many kinds hold one, two, three and four tiles, three bits each
 * (HW[count]). Honours form no sequences, so a shape's classes depend on those counts only
 * (init checks it against every shipped key): 4,096 entries instead of 5^7 = 78,125, which
 * keeps the tables under 8 MiB. One more tile of a kind holding c moves the index by
 * HW[c + 1] - HW[c]. */
static const int HW[5] = {0, 1, 8, 64, 512};

static inline int code7(const uint8_t *c) {
    int code = 0;
    for (int r = 0; r < 7; r++) {
        if (c[r] > 4) return -1;
        code += HW[c[r]];
    }
    return code;
}

/* ---- complete (replay.tables' needs) ----------------------------------------------------- */

static const int PAIR_RANKS[3] = {0, 0x1FF, 0x92}; /* none, any rank, a 2/5/8 */

/* shape._need: least wildcards (none at a mask rank) making c melds plus the pair asked */
static int need_rec(uint8_t *c, unsigned mask, int pair) {
    int low = -1;
    for (int r = 0; r < 9; r++)
        if (c[r]) {
            low = r;
            break;
        }
    if (low < 0) {
        if (!pair) return 0;
        return (PAIR_RANKS[pair] & ~mask & 0x1FF) ? 2 : IMPOSSIBLE;
    }
    int free_ = !(mask >> low & 1);
    int best = IMPOSSIBLE;
    int cnt = c[low];
    for (int k = 1; k <= 3; k++) {
        if (cnt >= k && (k == 3 || free_)) {
            c[low] -= k;
            best = imin(best, 3 - k + need_rec(c, mask, pair));
            c[low] += k;
        }
    }
    if (pair && (PAIR_RANKS[pair] >> low & 1)) {
        for (int k = 1; k <= 2; k++) {
            if (cnt >= k && (k == 2 || free_)) {
                c[low] -= k;
                best = imin(best, 2 - k + need_rec(c, mask, 0));
                c[low] += k;
            }
        }
    }
    for (int start = low - 2; start <= low; start++) {
        if (start < 0 || start > 6) continue;
        int take[3], nt = 0, used = 0, ok = 1;
        take[nt++] = low;
        for (int r = start; r < start + 3; r++) {
            if (r == low) continue;
            if (r > low && c[r])
                take[nt++] = r;
            else if (mask >> r & 1) {
                ok = 0;
                break;
            } else
                used++;
        }
        if (ok) {
            for (int i = 0; i < nt; i++) c[take[i]]--;
            best = imin(best, used + need_rec(c, mask, pair));
            for (int i = 0; i < nt; i++) c[take[i]]++;
        }
    }
    return best;
}

/* shape.blocked_needs, with a direct-mapped cache */
#define BCACHE 4096
static uint64_t bcache_hi[BCACHE]; /* (code << 9 | mask) + 1, so 0 is empty */
static uint16_t bcache_val[BCACHE];

static int blocked_need(const uint8_t *key, unsigned mask) {
    int code = code9(key);
    if (code < 0) return NONE_NEED;
    uint64_t full = ((uint64_t)code << 9 | mask) + 1;
    unsigned slot = (unsigned)((full * 0x9E3779B97F4A7C15ull) >> 52) & (BCACHE - 1);
    if (bcache_hi[slot] == full) return bcache_val[slot];
    uint8_t c[9];
    memcpy(c, key, 9);
    int melds = imin(need_rec(c, mask, 0), IMPOSSIBLE);
    int anyp = imin(need_rec(c, mask, 1), IMPOSSIBLE);
    int jiang = imin(need_rec(c, mask, 2), IMPOSSIBLE);
    int v = melds | anyp << 3 | jiang << 6;
    bcache_hi[slot] = full;
    bcache_val[slot] = (uint16_t)v;
    return v;
}

static inline int plain_need(const uint8_t *key) {
    int code = code9(key);
    return code < 0 ? NONE_NEED : suit_need[code];
}

static inline int group_need(const uint8_t *b, int g, uint64_t blocked) {
    unsigned mask = (unsigned)(blocked >> (9 * g)) & 0x1FF;
    return mask ? blocked_need(b + 9 * g, mask) : plain_need(b + 9 * g);
}

/* pm: 0 将, 1 any, 2 other; wild >= 0 */
static int complete_core(const uint8_t *b, int total, int wild, int pm, uint64_t blocked) {
    if (wild == 0) blocked = 0; /* the laizi-free path never reads blocked */
    if ((total + wild) % 3 != 2) return 0;
    int v0 = group_need(b, 0, blocked), v1 = group_need(b, 1, blocked), v2 = group_need(b, 2, blocked);
    int m0 = v0 & 7, m1 = v1 & 7, m2 = v2 & 7;
    int hm = 0, hp = IMPOSSIBLE;
    for (int k = 27; k < NKINDS; k++) {
        int c = b[k];
        if (!c) continue;
        if (blocked >> k & 1) {
            hm += btn(c);
            hp = imin(hp, bpe(c));
        } else {
            hm += tn(c);
            hp = imin(hp, pe(c));
        }
    }
    int base = m0 + m1 + m2 + hm;
    int shift = pm == 0 ? 6 : 3;
    int best = base + 2;
    best = imin(best, base - m0 + (v0 >> shift & 7));
    best = imin(best, base - m1 + (v1 >> shift & 7));
    best = imin(best, base - m2 + (v2 >> shift & 7));
    if (pm == 1) best = imin(best, base + hp);
    return best <= wild;
}

static int melds_cost_core(const uint8_t *b, uint64_t blocked) {
    int cost = (group_need(b, 0, blocked) & 7) + (group_need(b, 1, blocked) & 7) + (group_need(b, 2, blocked) & 7);
    for (int k = 27; k < NKINDS; k++) {
        int c = b[k];
        if (c) cost += (blocked >> k & 1) ? btn(c) : tn(c);
    }
    return cost;
}

static PyObject *py_complete(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"counts", "wild", "pair", "blocked"};
    PyObject *a[4];
    uint8_t b[NKINDS];
    int total, ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 4, a) < 0 || !a[0] || !read_counts(a[0], b, &total))
        DELEGATE("complete");
    long wild = small_int(a[1], 0, &ok);
    int pm = pair_mode(a[2]);
    uint64_t blocked = blocked_mask(a[3], &ok);
    if (!ok || pm < 0 || wild < 0) DELEGATE("complete");
    return PyBool_FromLong(complete_core(b, total, (int)wild, pm, blocked));
}

static PyObject *py_melds_cost(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"counts", "blocked"};
    PyObject *a[2];
    uint8_t b[NKINDS];
    int total, ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 2, a) < 0 || !a[0] || !read_counts(a[0], b, &total))
        DELEGATE("melds_cost");
    uint64_t blocked = blocked_mask(a[1], &ok);
    if (!ok) DELEGATE("melds_cost");
    return PyLong_FromLong(melds_cost_core(b, blocked));
}

static PyObject *py_complete_real_jiang(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                        PyObject *kwnames) {
    static const char *const names[] = {"counts", "wild", "blocked"};
    PyObject *a[3];
    uint8_t b[NKINDS];
    int total, ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 3, a) < 0 || !a[0] || !read_counts(a[0], b, &total))
        DELEGATE("complete_real_jiang");
    long wild = small_int(a[1], 0, &ok);
    uint64_t blocked = blocked_mask(a[2], &ok);
    if (!ok || wild < 0) DELEGATE("complete_real_jiang");
    if (wild == 0) return PyBool_FromLong(complete_core(b, total, 0, 0, 0));
    if ((total + wild) % 3 != 2) Py_RETURN_FALSE;
    for (int k = 0; k < NKINDS; k++)
        if (b[k] > 4) Py_RETURN_FALSE;
    for (int i = 0; i < 9; i++) {
        int k = JIANG_KINDS[i];
        int c = b[k];
        if (!c) continue;
        if (!(blocked >> k & 1)) {
            b[k] = (uint8_t)(c - 1);
            if (melds_cost_core(b, blocked) <= wild - 1) Py_RETURN_TRUE;
        }
        if (c >= 2) {
            b[k] = (uint8_t)(c - 2);
            if (melds_cost_core(b, blocked) <= wild) Py_RETURN_TRUE;
        }
        b[k] = (uint8_t)c;
    }
    Py_RETURN_FALSE;
}

static PyObject *py_suit_values(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"b", "blocked"};
    PyObject *a[2];
    uint8_t b[NKINDS];
    int total, ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 2, a) < 0 || !a[0] || !read_counts(a[0], b, &total))
        DELEGATE("suit_values");
    uint64_t blocked = blocked_mask(a[1], &ok);
    if (!ok) DELEGATE("suit_values");
    return Py_BuildValue("(iii)", group_need(b, 0, blocked), group_need(b, 1, blocked), group_need(b, 2, blocked));
}

/* ---- shanten ---------------------------------------------------------------------------- */

static PyObject *too_big(int size) {
    PyErr_Format(PyExc_ValueError, "shanten is for hands of at most 14 tiles and 4 of a kind, not %d tiles",
                 size);
    return NULL;
}

static inline int kept_of(const Rule *t, int c0, int c1, int c2, int c3, int melds) {
    return t->f[(t->k[t->j[c0 * t->s + c1] * t->s + c2] * t->nh + c3) * 5 + melds];
}

/* the four groups' classes under rule pm; 0 if a group is outside the tables */
static inline int classes_of(const uint8_t *b, int pm, int *c) {
    int shift = pm * 8;
    for (int g = 0; g < 3; g++) {
        int code = code9(b + 9 * g);
        if (code < 0 || suit_cls[code] == MISSING) return 0;
        c[g] = suit_cls[code] >> shift & 255;
    }
    int code = code7(b + 27);
    if (code < 0 || hon_cls[code] == MISSING) return 0;
    c[3] = hon_cls[code] >> shift & 255;
    return 1;
}

/* shanten of b (size tiles with the wildcards, size <= 14); INT32_MIN: outside the tables */
static inline int shanten_core(const uint8_t *b, int size, int wild, int pm) {
    int c[4];
    if (!classes_of(b, pm, c)) return INT32_MIN;
    int melds = size / 3;
    return 3 * melds + 1 - wild - kept_of(&rules[pm], c[0], c[1], c[2], c[3], melds);
}

static PyObject *bad_pair(PyObject *o) {
    PyErr_Format(PyExc_ValueError, "pair must be 'jiang' or 'any', not %R", o);
    return NULL;
}

static PyObject *py_shanten(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"counts", "wild", "pair"};
    PyObject *a[3];
    uint8_t b[NKINDS];
    int total, ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 3, a) < 0 || !a[0] || !read_counts(a[0], b, &total))
        DELEGATE("shanten");
    long wild = small_int(a[1], 0, &ok);
    int pm = pair_mode(a[2]);
    if (!ok || pm < 0 || wild < 0) DELEGATE("shanten");
    if (pm == 2) return bad_pair(a[2]);
    int size = total + (int)wild;
    if (size > 14) return too_big(size);
    int v = shanten_core(b, size, (int)wild, pm);
    if (v == INT32_MIN) return too_big(size); /* a count above four: no other shape is missing */
    return PyLong_FromLong(v);
}

static PyObject *call_fifth(const uint8_t *b, int wild, PyObject *pairobj, int *out) {
    PyObject *fn = pure ? PyDict_GetItemString(pure, "_fifth") : NULL;
    if (!fn) {
        PyErr_SetString(PyExc_RuntimeError, "replay._shapecore: no pure _fifth");
        return NULL;
    }
    PyObject *r = PyObject_CallFunction(fn, "y#iO", (const char *)b, (Py_ssize_t)NKINDS, wild, pairobj);
    if (!r) return NULL;
    long v = PyLong_AsLong(r);
    Py_DECREF(r);
    if (v == -1 && PyErr_Occurred()) return NULL;
    *out = (int)v;
    return Py_None;
}

static PyObject *py_shanten_after_draws(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                        PyObject *kwnames) {
    static const char *const names[] = {"counts", "wild", "pair", "kinds"};
    PyObject *a[4];
    uint8_t b[NKINDS];
    int total, ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 4, a) < 0 || !a[0] || !read_counts(a[0], b, &total))
        DELEGATE("shanten_after_draws");
    long wild = small_int(a[1], 0, &ok);
    int pm = pair_mode(a[2]);
    if (!ok || pm < 0 || pm == 2 || wild < 0) DELEGATE("shanten_after_draws");
    uint64_t wanted = 0;
    if (a[3] && a[3] != Py_None) {
        if (!(PyList_Check(a[3]) || PyTuple_Check(a[3]) || PyAnySet_Check(a[3]) || PyFrozenSet_Check(a[3])))
            DELEGATE("shanten_after_draws");
        PyObject *it = PyObject_GetIter(a[3]);
        if (!it) return NULL;
        PyObject *x;
        while ((x = PyIter_Next(it))) {
            int overflow = 0;
            long k = PyLong_CheckExact(x) ? PyLong_AsLongAndOverflow(x, &overflow) : -1;
            Py_DECREF(x);
            if (overflow || k < 0 || k >= NKINDS) {
                Py_DECREF(it);
                DELEGATE("shanten_after_draws");
            }
            wanted |= (uint64_t)1 << k;
        }
        Py_DECREF(it);
        if (PyErr_Occurred()) return NULL;
    } else {
        wanted = ((uint64_t)1 << NKINDS) - 1;
    }
    for (int k = 0; k < NKINDS; k++)
        if ((wanted >> k & 1) && b[k] == 255) DELEGATE("shanten_after_draws"); /* bytearray's own error */
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    int size = total + (int)wild + 1;
    for (int k = 0; k < NKINDS; k++) {
        if (!(wanted >> k & 1)) continue;
        int v;
        b[k]++;
        if (b[k] <= 4) {
            if (size > 14) {
                Py_DECREF(out);
                return too_big(size);
            }
            v = shanten_core(b, size, (int)wild, pm);
            if (v == INT32_MIN) {
                Py_DECREF(out);
                return too_big(size);
            }
        } else if (!call_fifth(b, (int)wild, a[2] ? a[2] : jiang_str, &v)) {
            Py_DECREF(out);
            return NULL;
        }
        b[k]--;
        PyObject *key = PyLong_FromLong(k), *val = PyLong_FromLong(v);
        int err = !key || !val || PyDict_SetItem(out, key, val) < 0;
        Py_XDECREF(key);
        Py_XDECREF(val);
        if (err) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static const int STEP_GROUP[NKINDS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                       1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3};

/* the class of group g of b under pm, or -1 outside the tables */
static inline int group_class(const uint8_t *b, int g, int pm) {
    int code = g < 3 ? code9(b + 9 * g) : code7(b + 27);
    if (code < 0) return -1;
    uint16_t v = g < 3 ? suit_cls[code] : hon_cls[code];
    return v == MISSING ? -1 : (v >> (pm * 8) & 255);
}

static inline int kept_c(const Rule *t, const int *c, int melds) { return kept_of(t, c[0], c[1], c[2], c[3], melds); }

static PyObject *frozenset_of_mask(uint64_t mask) {
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (int k = 0; k < NKINDS; k++) {
        if (mask >> k & 1) {
            PyObject *x = PyLong_FromLong(k);
            if (!x || PyList_Append(list, x) < 0) {
                Py_XDECREF(x);
                Py_DECREF(list);
                return NULL;
            }
            Py_DECREF(x);
        }
    }
    PyObject *fs = PyFrozenSet_New(list);
    Py_DECREF(list);
    return fs;
}

static PyObject *improving_draws_seq(PyObject **a, PyObject *seq, int *handed) {
    uint8_t b[NKINDS];
    int total, ok = 1;
    *handed = 1;
    if (!read_counts(a[0], b, &total)) return NULL;
    long wild = small_int(a[1], 0, &ok);
    int pm = pair_mode(a[2]);
    long below = 0;
    if (!PyLong_CheckExact(a[4]))
        ok = 0;
    else {
        int overflow = 0;
        below = PyLong_AsLongAndOverflow(a[4], &overflow);
        if (overflow) ok = 0;
    }
    if (!ok || pm < 0 || wild < 0) return NULL;
    *handed = 0;
    if (pm == 2) return bad_pair(a[2]);
    Py_ssize_t nk = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int size = total + (int)wild + 1;
    int maxc = 0;
    for (int k = 0; k < NKINDS; k++) maxc = b[k] > maxc ? b[k] : maxc;
    if (size > 14 || maxc > 4) return too_big(size);
    for (Py_ssize_t i = 0; i < nk; i++) {
        int overflow = 0;
        long k = PyLong_CheckExact(items[i]) ? PyLong_AsLongAndOverflow(items[i], &overflow) : -1;
        if (overflow || k < 0 || k >= NKINDS) {
            *handed = 1;
            return NULL;
        }
    }
    const Rule *t = &rules[pm];
    int melds = size / 3, base = 3 * melds + 1 - (int)wild;
    int c[4];
    if (!classes_of(b, pm, c)) {
        *handed = 1;
        return NULL;
    }
    uint64_t out = 0;
    for (Py_ssize_t i = 0; i < nk; i++) {
        int x = (int)PyLong_AsLong(items[i]);
        int value;
        b[x]++;
        if (b[x] > 4) {
            if (!call_fifth(b, (int)wild, a[2], &value)) return NULL;
        } else {
            int g = STEP_GROUP[x];
            int y = group_class(b, g, pm);
            if (y < 0) {
                *handed = 1;
                return NULL;
            }
            int cc[4] = {c[0], c[1], c[2], c[3]};
            cc[g] = y;
            value = base - kept_c(t, cc, melds);
        }
        b[x]--;
        if (value < below) out |= (uint64_t)1 << x;
    }
    return frozenset_of_mask(out);
}

static PyObject *py_improving_draws(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"counts", "wild", "pair", "kinds", "below"};
    PyObject *a[5];
    if (!ready || take_args(args, nargs, kwnames, names, 5, a) < 0 || !a[0] || !a[1] || !a[2] || !a[3] || !a[4])
        DELEGATE("improving_draws");
    /* kinds: any collection read without consuming it (a set, a range ...), so that a call
     * handed back still has it */
    if (!(PyList_Check(a[3]) || PyTuple_Check(a[3]) || PyAnySet_Check(a[3]) || PyRange_Check(a[3])))
        DELEGATE("improving_draws");
    PyObject *seq = PySequence_Fast(a[3], "kinds");
    if (!seq) return NULL;
    int handed = 0;
    PyObject *out = improving_draws_seq(a, seq, &handed);
    Py_DECREF(seq);
    if (!out && handed && !PyErr_Occurred()) DELEGATE("improving_draws");
    return out;
}

/* ukeire's work for one hand: shanten after each discard, and its 进张 as a mask */
static int ukeire_core(uint8_t *b, int total, int wild, int pm, int draws, int *sh, uint64_t *mine) {
    const Rule *t = &rules[pm];
    int size = total + wild;
    int melds = (size - 1) / 3, base = 3 * melds + 1 - wild;
    int now[4];
    if (!classes_of(b, pm, now)) return -1;
    /* per kind: the class of its group with one more of it, or -1 (a fifth copy, or no change) */
    int plus[NKINDS];
    for (int x = 0; x < NKINDS; x++) {
        plus[x] = -1;
        if (!draws || b[x] >= 4) continue;
        int g = STEP_GROUP[x];
        b[x]++;
        int y = group_class(b, g, pm);
        b[x]--;
        if (y >= 0 && y != now[g]) plus[x] = y;
    }
    int kept14 = kept_c(t, now, melds);
    for (int kind = 0; kind < NKINDS; kind++) {
        if (!b[kind]) continue;
        int g = STEP_GROUP[kind], lo = 9 * g, hi = g < 3 ? lo + 9 : NKINDS;
        b[kind]--;
        int c[4] = {now[0], now[1], now[2], now[3]};
        c[g] = group_class(b, g, pm);
        if (c[g] < 0) {
            b[kind]++;
            return -1;
        }
        int kept = kept_c(t, c, melds);
        sh[kind] = base - kept;
        uint64_t m = 0;
        if (draws) {
            for (int x = 0; x < NKINDS; x++) { /* draws in the other groups */
                int h = STEP_GROUP[x];
                if (h == g || plus[x] < 0) continue;
                int cc[4] = {c[0], c[1], c[2], c[3]};
                cc[h] = plus[x];
                if (kept_c(t, cc, melds) > kept) m |= (uint64_t)1 << x;
            }
            if (kept14 > kept) m |= (uint64_t)1 << kind;
            for (int x = lo; x < hi; x++) { /* draws in the discard's own group */
                if (x == kind || b[x] >= 4) continue; /* b[x]: the hand's own count */
                b[x]++;
                int cc[4] = {c[0], c[1], c[2], c[3]};
                cc[g] = group_class(b, g, pm);
                b[x]--;
                if (cc[g] >= 0 && kept_c(t, cc, melds) > kept) m |= (uint64_t)1 << x;
            }
        }
        mine[kind] = m;
        b[kind]++;
    }
    return 0;
}

static PyObject *ukeire_common(const char *name, int draws_default, int with_draws_arg, PyObject *const *args,
                               Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"counts", "wild", "pair", "draws"};
    PyObject *a[4];
    uint8_t b[NKINDS];
    int total, ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, with_draws_arg ? 4 : 3, a) < 0 || !a[0] ||
        !read_counts(a[0], b, &total))
        return delegate(name, args, nargs, kwnames);
    long wild = small_int(a[1], 0, &ok);
    int pm = pair_mode(a[2]);
    int draws = draws_default;
    if (with_draws_arg && a[3]) {
        int tr = PyObject_IsTrue(a[3]);
        if (tr < 0) return NULL;
        draws = tr;
    }
    if (!ok || pm < 0 || wild < 0) return delegate(name, args, nargs, kwnames);
    if (pm == 2) return bad_pair(a[2]);
    int size = total + (int)wild;
    int maxc = 0;
    for (int k = 0; k < NKINDS; k++) maxc = b[k] > maxc ? b[k] : maxc;
    if (size > 15 || size < 1 || maxc > 4) return too_big(size);
    int sh[NKINDS];
    uint64_t mine[NKINDS];
    if (ukeire_core(b, total, (int)wild, pm, draws, sh, mine) < 0) return delegate(name, args, nargs, kwnames);
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    PyObject *empty = NULL;
    for (int kind = 0; kind < NKINDS; kind++) {
        if (!b[kind]) continue;
        PyObject *key = PyLong_FromLong(kind), *val;
        if (with_draws_arg) {
            PyObject *fs;
            if (draws)
                fs = frozenset_of_mask(mine[kind]);
            else {
                if (!empty) empty = PyFrozenSet_New(NULL);
                fs = empty;
                Py_XINCREF(fs);
            }
            val = fs ? Py_BuildValue("(iN)", sh[kind], fs) : NULL;
        } else {
            val = PyLong_FromLong(sh[kind]);
        }
        int err = !key || !val || PyDict_SetItem(out, key, val) < 0;
        Py_XDECREF(key);
        Py_XDECREF(val);
        if (err) {
            Py_XDECREF(empty);
            Py_DECREF(out);
            return NULL;
        }
    }
    Py_XDECREF(empty);
    return out;
}

static PyObject *py_ukeire(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    return ukeire_common("ukeire", 1, 1, args, nargs, kwnames);
}

static PyObject *py_shanten_after_discards(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                           PyObject *kwnames) {
    return ukeire_common("shanten_after_discards", 0, 0, args, nargs, kwnames);
}

/* ---- group keys (shape.group_keys' ints) ------------------------------------------------- */

/* a key int (little-endian counts) into width bytes; 0 if it is not one (negative, too wide) */
static int key_bytes(PyObject *o, uint8_t *out, int width) {
    if (!PyLong_Check(o)) return 0;
    if (_PyLong_AsByteArray((PyLongObject *)o, out, (size_t)width, 1, 0) < 0) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

static PyObject *py_shanten_of_keys(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"keys", "size", "wild", "pair"};
    PyObject *a[4];
    int ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 4, a) < 0 || !a[0] || !a[1] || !a[2] ||
        !(PyList_Check(a[0]) || PyTuple_Check(a[0])) || PySequence_Fast_GET_SIZE(a[0]) != 4)
        DELEGATE("shanten_of_keys");
    long size = small_int(a[1], 0, &ok), wild = small_int(a[2], 0, &ok);
    int pm = pair_mode(a[3]);
    if (!ok || pm < 0 || size < 0 || size > 14) DELEGATE("shanten_of_keys");
    if (pm == 2) return bad_pair(a[3]);
    PyObject **items = PySequence_Fast_ITEMS(a[0]);
    uint8_t b[NKINDS];
    for (int g = 0; g < 4; g++)
        if (!key_bytes(items[g], b + 9 * g, g < 3 ? 9 : 7)) DELEGATE("shanten_of_keys");
    int c[4];
    if (!classes_of(b, pm, c)) DELEGATE("shanten_of_keys"); /* the reference's KeyError */
    int melds = (int)size / 3;
    return PyLong_FromLong(3 * melds + 1 - wild - kept_c(&rules[pm], c, melds));
}


/* ---- the best-discard walk (shape.py's per-group 进张), without caches ------------------- */

static const int POW5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};
static unsigned NEAR9[9];

/* _suit_mask: the ranks of a suit of counts cnt whose draw keeps more tiles, beside the other
 * two suits' J class rest and the honours' class c3; -1: the shape is outside the tables */
static int suit_mask_c(const uint8_t *cnt, int rest, int c3, int melds, int near, int pm) {
    const Rule *t = &rules[pm];
    int shift = pm * 8;
    int code = code9(cnt);
    if (code < 0 || suit_cls[code] == MISSING) return -1;
    int c = suit_cls[code] >> shift & 255;
    int row = rest * t->s;
    int kept = t->f[(t->k[row + c] * t->nh + c3) * 5 + melds];
    unsigned nearm = 0;
    for (int r = 0; r < 9; r++)
        if (cnt[r]) nearm |= NEAR9[r];
    int mask = 0;
    for (int r = 0; r < 9; r++) {
        if (cnt[r] >= 4 || (near && !(nearm >> r & 1))) continue;
        uint16_t v = suit_cls[code + POW5[r]];
        if (v == MISSING) continue;
        int y = v >> shift & 255;
        if (t->f[(t->k[row + y] * t->nh + c3) * 5 + melds] > kept) mask |= 1 << r;
    }
    return mask;
}

/* _honours_mask: the same for the honours, beside the three suits' K class rest */
static int honours_mask_c(const uint8_t *cnt, int rest, int melds, int near, int pm) {
    const Rule *t = &rules[pm];
    int shift = pm * 8;
    int code = code7(cnt);
    if (code < 0 || hon_cls[code] == MISSING) return -1;
    int c = hon_cls[code] >> shift & 255;
    int row = rest * t->nh;
    int kept = t->f[(row + c) * 5 + melds];
    int mask = 0;
    for (int r = 0; r < 7; r++) {
        if (cnt[r] >= 4 || (near && !cnt[r])) continue;
        uint16_t v = hon_cls[code + HW[cnt[r] + 1] - HW[cnt[r]]];
        if (v == MISSING) continue;
        int y = v >> shift & 255;
        if (t->f[(row + y) * 5 + melds] > kept) mask |= 1 << r;
    }
    return mask;
}

/* keys (four ints), size and pair, and optionally near and classes, parsed; 0: hand back */
typedef struct {
    uint8_t b[NKINDS];
    int c[4];
    int size, pm;
} Walk;

static int read_walk(Walk *w, PyObject *keys, PyObject *size, PyObject *pair, PyObject *classes) {
    int ok = 1;
    if (!keys || !size || !(PyList_Check(keys) || PyTuple_Check(keys)) || PySequence_Fast_GET_SIZE(keys) != 4)
        return 0;
    long n = small_int(size, 0, &ok);
    w->pm = pair_mode(pair);
    if (!ok || n < 0 || n > 14 || w->pm < 0 || w->pm == 2) return 0;
    w->size = (int)n;
    PyObject **items = PySequence_Fast_ITEMS(keys);
    for (int g = 0; g < 4; g++)
        if (!key_bytes(items[g], w->b + 9 * g, g < 3 ? 9 : 7)) return 0;
    if (!classes_of(w->b, w->pm, w->c)) return 0; /* the reference's KeyError */
    if (classes && classes != Py_None) {
        if (!(PyList_Check(classes) || PyTuple_Check(classes)) || PySequence_Fast_GET_SIZE(classes) != 4) return 0;
        PyObject **cs = PySequence_Fast_ITEMS(classes);
        for (int g = 0; g < 4; g++) {
            int overflow = 0;
            long v = PyLong_CheckExact(cs[g]) ? PyLong_AsLongAndOverflow(cs[g], &overflow) : -1;
            if (overflow || v < 0 || v > 255 || v >= (g < 3 ? rules[w->pm].s : rules[w->pm].nh)) return 0;
            w->c[g] = (int)v;
        }
    }
    return 1;
}

static inline int group_empty(const Walk *w, int g) {
    int n = g < 3 ? 9 : 7;
    for (int r = 0; r < n; r++)
        if (w->b[9 * g + r]) return 0;
    return 1;
}

/* improving_mask's groups: suits beside the other two's J class and the honours' class c3 */
static int64_t improving_mask_core(const Walk *w, const int *c, int melds, int near) {
    const Rule *t = &rules[w->pm];
    int s = t->s;
    int rests[3] = {t->j[c[1] * s + c[2]], t->j[c[0] * s + c[2]], t->j[c[0] * s + c[1]]};
    int64_t out = 0;
    for (int g = 0; g < 3; g++) {
        if (near && group_empty(w, g)) continue;
        int m = suit_mask_c(w->b + 9 * g, rests[g], c[3], melds, near, w->pm);
        if (m < 0) return -1;
        out |= (int64_t)m << (9 * g);
    }
    if (!near || !group_empty(w, 3)) {
        int m = honours_mask_c(w->b + 27, t->k[rests[2] * s + c[2]], melds, near, w->pm);
        if (m < 0) return -1;
        out |= (int64_t)m << 27;
    }
    return out;
}

static PyObject *py_improving_mask(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"keys", "size", "pair", "near", "classes"};
    PyObject *a[5];
    Walk w;
    if (!ready || take_args(args, nargs, kwnames, names, 5, a) < 0 || !read_walk(&w, a[0], a[1], a[2], a[4]))
        DELEGATE("improving_mask");
    int near = a[3] ? PyObject_IsTrue(a[3]) : 0;
    if (near < 0) return NULL;
    int64_t m = improving_mask_core(&w, w.c, (w.size + 1) / 3, near);
    if (m < 0) DELEGATE("improving_mask");
    return PyLong_FromLongLong(m);
}

static PyObject *py_improving_kinds(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"keys", "size", "pair", "near"};
    PyObject *a[4];
    Walk w;
    if (!ready || take_args(args, nargs, kwnames, names, 4, a) < 0 || !read_walk(&w, a[0], a[1], a[2], NULL))
        DELEGATE("improving_kinds");
    int near = a[3] ? PyObject_IsTrue(a[3]) : 0;
    if (near < 0) return NULL;
    int64_t m = improving_mask_core(&w, w.c, (w.size + 1) / 3, near);
    if (m < 0) DELEGATE("improving_kinds");
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int k = 0; k < NKINDS; k++) {
        if (!(m >> k & 1)) continue;
        PyObject *x = PyLong_FromLong(k);
        if (!x || PyList_Append(out, x) < 0) {
            Py_XDECREF(x);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(x);
    }
    return out;
}

/* the tiles kept after discarding each natural kind held (-1: not held), melds slots */
static void discards_core(Walk *w, const int *c, int melds, int *kept) {
    const Rule *t = &rules[w->pm];
    int s = t->s, nh = t->nh;
    int rests[3] = {t->j[c[1] * s + c[2]], t->j[c[0] * s + c[2]], t->j[c[0] * s + c[1]]};
    for (int k = 0; k < NKINDS; k++) kept[k] = -1;
    for (int g = 0; g < 4; g++) {
        int lo = 9 * g, n = g < 3 ? 9 : 7;
        for (int r = 0; r < n; r++) {
            if (!w->b[lo + r]) continue;
            w->b[lo + r]--;
            int y = group_class(w->b, g, w->pm);
            w->b[lo + r]++;
            if (g < 3)
                kept[lo + r] = t->f[(t->k[rests[g] * s + y] * nh + c[3]) * 5 + melds];
            else
                kept[lo + r] = t->f[(t->k[rests[2] * s + c[2]] * nh + y) * 5 + melds];
        }
    }
}

static PyObject *py_discard_kept(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"keys", "size", "pair"};
    PyObject *a[3];
    Walk w;
    if (!ready || take_args(args, nargs, kwnames, names, 3, a) < 0 || !read_walk(&w, a[0], a[1], a[2], NULL))
        DELEGATE("discard_kept");
    int kept[NKINDS];
    discards_core(&w, w.c, (w.size - 1) / 3, kept);
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int k = 0; k < NKINDS; k++) {
        if (kept[k] < 0) continue;
        PyObject *x = Py_BuildValue("(ii)", k, kept[k]);
        if (!x || PyList_Append(out, x) < 0) {
            Py_XDECREF(x);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(x);
    }
    return out;
}

static PyObject *py_discards_keeping(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    static const char *const names[] = {"keys", "size", "kept", "pair"};
    PyObject *a[4];
    Walk w;
    int ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 4, a) < 0 || !a[2] || !read_walk(&w, a[0], a[1], a[3], NULL))
        DELEGATE("discards_keeping");
    long want = small_int(a[2], 0, &ok);
    if (!ok) DELEGATE("discards_keeping");
    int kept[NKINDS];
    discards_core(&w, w.c, (w.size - 1) / 3, kept);
    int64_t out = 0;
    for (int k = 0; k < NKINDS; k++)
        if (kept[k] >= 0 && kept[k] == want) out |= (int64_t)1 << k;
    return PyLong_FromLongLong(out);
}

/* best_discard_draws: (kind, 进张 mask of the hand without it) of each natural discard that
 * keeps ``kept`` tiles, in kind order */
static PyObject *py_best_discard_draws(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                       PyObject *kwnames) {
    static const char *const names[] = {"keys", "size", "kept", "near", "pair", "alone", "classes"};
    PyObject *a[7];
    Walk w;
    int ok = 1;
    if (!ready || take_args(args, nargs, kwnames, names, 7, a) < 0 || !a[2] || !a[3] ||
        !read_walk(&w, a[0], a[1], a[4], a[6]))
        DELEGATE("best_discard_draws");
    long want = small_int(a[2], 0, &ok);
    long alone = small_int(a[5], -1, &ok);
    int near = PyObject_IsTrue(a[3]);
    if (near < 0) return NULL;
    if (!ok) DELEGATE("best_discard_draws");
    const Rule *t = &rules[w.pm];
    int s = t->s;
    int dmelds = (w.size - 1) / 3, imelds = w.size / 3;
    int kept[NKINDS];
    discards_core(&w, w.c, dmelds, kept);
    int kinds[NKINDS], classes_after[NKINDS], n = 0, groups = 0, last_group = -1;
    for (int k = 0; k < NKINDS; k++) {
        if (kept[k] < 0 || kept[k] != want) continue;
        int g = STEP_GROUP[k];
        if (g != last_group) groups++, last_group = g;
        w.b[k]--;
        classes_after[n] = group_class(w.b, g, w.pm);
        w.b[k]++;
        kinds[n++] = k;
    }
    if (n == 1 && groups == 1 && kinds[0] == alone) return PyList_New(0);
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        int k = kinds[i], g = STEP_GROUP[k];
        int m[4] = {w.c[0], w.c[1], w.c[2], w.c[3]};
        m[g] = classes_after[i];
        /* the draws in the discard's own group, beside the others' classes */
        int64_t own = 0;
        w.b[k]--;
        if (!(near && group_empty(&w, g))) {
            int rest, mask;
            if (g < 3) {
                rest = g == 0 ? t->j[w.c[1] * s + w.c[2]] : g == 1 ? t->j[w.c[0] * s + w.c[2]] : t->j[w.c[0] * s + w.c[1]];
                mask = suit_mask_c(w.b + 9 * g, rest, w.c[3], imelds, near, w.pm);
            } else {
                rest = t->k[t->j[w.c[0] * s + w.c[1]] * s + w.c[2]];
                mask = honours_mask_c(w.b + 27, rest, imelds, near, w.pm);
            }
            own = mask < 0 ? 0 : mask;
        }
        w.b[k]++;
        /* the draws in the other groups, beside this group's new class */
        int64_t other = 0;
        int j = t->j[m[0] * s + m[1]];
        for (int h = 0; h < 4; h++) {
            if (h == g || (near && group_empty(&w, h))) continue;
            int mask;
            if (h < 3) {
                int rest = h == 0 ? t->j[m[1] * s + m[2]] : h == 1 ? t->j[m[0] * s + m[2]] : j;
                mask = suit_mask_c(w.b + 9 * h, rest, m[3], imelds, near, w.pm);
            } else {
                mask = honours_mask_c(w.b + 27, t->k[j * s + m[2]], imelds, near, w.pm);
            }
            if (mask > 0) other |= (int64_t)mask << (9 * h);
        }
        PyObject *x = Py_BuildValue("(iL)", k, (long long)(own << (9 * g) | other));
        if (!x || PyList_Append(out, x) < 0) {
            Py_XDECREF(x);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(x);
    }
    return out;
}

/* ---- ShapeTable: a read-only mapping over one flat array ----------------------------------- */

typedef struct {
    PyObject_HEAD const uint16_t *data;
    int width; /* 9: a suit, 7: the honours */
    Py_ssize_t size;
} ShapeTable;

static PyObject *value_objs[65536];

static PyObject *value_obj(unsigned v) {
    PyObject *o = value_objs[v];
    if (!o) o = value_objs[v] = PyLong_FromLong((long)v);
    Py_XINCREF(o);
    return o;
}

/* the entry's value, or MISSING (no error set) */
static unsigned table_lookup(ShapeTable *t, PyObject *key) {
    uint8_t b[9] = {0};
    if (PyLong_Check(key)) {
        if (!key_bytes(key, b, t->width)) return MISSING;
    } else if (PyBytes_Check(key) && PyBytes_GET_SIZE(key) == t->width) {
        memcpy(b, PyBytes_AS_STRING(key), (size_t)t->width);
    } else {
        return MISSING;
    }
    int code = t->width == 9 ? code9(b) : code7(b);
    return code < 0 ? MISSING : t->data[code];
}

static PyObject *table_subscript(PyObject *self, PyObject *key) {
    unsigned v = table_lookup((ShapeTable *)self, key);
    if (v == MISSING) {
        PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    return value_obj(v);
}

static PyObject *table_get(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "get expected 1 or 2 arguments");
        return NULL;
    }
    unsigned v = table_lookup((ShapeTable *)self, args[0]);
    if (v == MISSING) {
        PyObject *d = nargs == 2 ? args[1] : Py_None;
        Py_INCREF(d);
        return d;
    }
    return value_obj(v);
}

static int table_contains(PyObject *self, PyObject *key) { return table_lookup((ShapeTable *)self, key) != MISSING; }

static Py_ssize_t table_len(PyObject *self) { return ((ShapeTable *)self)->size; }

static PyMappingMethods table_mapping = {table_len, table_subscript, NULL};
static PySequenceMethods table_sequence = {.sq_contains = table_contains};
static PyMethodDef table_methods[] = {
    {"get", (PyCFunction)(void (*)(void))table_get, METH_FASTCALL, "get(key, default=None)"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject ShapeTableType = {
    .ob_base = PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "replay._shapecore.ShapeTable",
    .tp_basicsize = sizeof(ShapeTable),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A shape -> packed classes mapping over a flat array (key: the counts as a little-endian int, or bytes)",
    .tp_as_mapping = &table_mapping,
    .tp_as_sequence = &table_sequence,
    .tp_methods = table_methods,
};

static Py_ssize_t honour_keys; /* the honour shapes in the tables (hon_cls holds their histograms) */

static PyObject *new_table(const uint16_t *data, int width, Py_ssize_t n) {
    ShapeTable *t = PyObject_New(ShapeTable, &ShapeTableType);
    if (!t) return NULL;
    t->data = data;
    t->width = width;
    Py_ssize_t size = 0;
    for (Py_ssize_t i = 0; i < n; i++) size += data[i] != MISSING;
    t->size = width == 7 ? honour_keys : size;
    return (PyObject *)t;
}

/* ---- init ---------------------------------------------------------------------------------- */

static int get_buffer(PyObject *o, Py_buffer *view) { return PyObject_GetBuffer(o, view, PyBUF_SIMPLE); }

/* init(pure, suit_keys, honour_keys, need_keys, need_values, rules): rules is a pair (将, any) of
 * (suit_class bytes, honour_class bytes, s, nh, J bytes (uint16), K bytes (uint16), F bytes) */
static PyObject *py_init(PyObject *self, PyObject *args) {
    PyObject *pure_dict, *sk, *hk, *nk, *nv, *rule_pair;
    if (!PyArg_ParseTuple(args, "O!OOOOO", &PyDict_Type, &pure_dict, &sk, &hk, &nk, &nv, &rule_pair)) return NULL;
    if (ready) Py_RETURN_NONE;
    Py_buffer bsk, bhk, bnk, bnv;
    if (get_buffer(sk, &bsk) < 0) return NULL;
    if (get_buffer(hk, &bhk) < 0) return NULL;
    if (get_buffer(nk, &bnk) < 0) return NULL;
    if (get_buffer(nv, &bnv) < 0) return NULL;
    suit_cls = PyMem_RawMalloc(sizeof(uint16_t) * NSUIT);
    hon_cls = PyMem_RawMalloc(sizeof(uint16_t) * NHON);
    suit_need = PyMem_RawMalloc(sizeof(uint16_t) * NSUIT);
    if (!suit_cls || !hon_cls || !suit_need) return PyErr_NoMemory();
    memset(suit_cls, 0xFF, sizeof(uint16_t) * NSUIT);
    memset(hon_cls, 0xFF, sizeof(uint16_t) * NHON);
    for (int i = 0; i < NSUIT; i++) suit_need[i] = NONE_NEED;
    Py_ssize_t ns = bsk.len / 9, nh = bhk.len / 7;
    honour_keys = nh;
    for (int pm = 0; pm < 2; pm++) {
        PyObject *r = PyTuple_GetItem(rule_pair, pm);
        if (!r) return NULL;
        PyObject *scls, *hcls, *jb, *kb, *fb;
        int s, h;
        if (!PyArg_ParseTuple(r, "OOiiOOO", &scls, &hcls, &s, &h, &jb, &kb, &fb)) return NULL;
        Py_buffer bs, bh, bj, bk, bf;
        if (get_buffer(scls, &bs) < 0 || get_buffer(hcls, &bh) < 0 || get_buffer(jb, &bj) < 0 ||
            get_buffer(kb, &bk) < 0 || get_buffer(fb, &bf) < 0)
            return NULL;
        if (bs.len != ns || bh.len != nh) {
            PyErr_SetString(PyExc_ValueError, "class arrays do not match the shape keys");
            return NULL;
        }
        const uint8_t *keys = bsk.buf, *cls = bs.buf;
        for (Py_ssize_t i = 0; i < ns; i++) {
            int code = code9(keys + 9 * i);
            if (code < 0) {
                PyErr_SetString(PyExc_ValueError, "a suit shape with a count above four");
                return NULL;
            }
            uint16_t old = pm ? suit_cls[code] : 0;
            suit_cls[code] = (uint16_t)(pm ? ((old & 0xFF) | cls[i] << 8) : cls[i]);
        }
        keys = bhk.buf;
        cls = bh.buf;
        uint8_t seen[NHON] = {0};
        for (Py_ssize_t i = 0; i < nh; i++) {
            int code = code7(keys + 7 * i);
            if (code < 0) {
                PyErr_SetString(PyExc_ValueError, "an honour shape with a count above four");
                return NULL;
            }
            uint16_t old = hon_cls[code];
            if (seen[code] && (old >> (8 * pm) & 0xFF) != cls[i]) {
                PyErr_SetString(PyExc_ValueError, "two honour shapes with the same counts differ in class");
                return NULL;
            }
            seen[code] = 1;
            hon_cls[code] = (uint16_t)(pm ? ((old & 0xFF) | cls[i] << 8) : cls[i]);
        }
        Rule *t = &rules[pm];
        t->s = s;
        t->nh = h;
        t->nj = bj.len / 2;
        t->nk = bk.len / 2;
        t->nf = bf.len;
        t->j = PyMem_RawMalloc((size_t)bj.len);
        t->k = PyMem_RawMalloc((size_t)bk.len);
        t->f = PyMem_RawMalloc((size_t)bf.len);
        if (!t->j || !t->k || !t->f) return PyErr_NoMemory();
        memcpy(t->j, bj.buf, (size_t)bj.len);
        memcpy(t->k, bk.buf, (size_t)bk.len);
        memcpy(t->f, bf.buf, (size_t)bf.len);
        PyBuffer_Release(&bs);
        PyBuffer_Release(&bh);
        PyBuffer_Release(&bj);
        PyBuffer_Release(&bk);
        PyBuffer_Release(&bf);
    }
    Py_ssize_t nn = bnk.len / 9;
    if (bnv.len != 2 * nn) {
        PyErr_SetString(PyExc_ValueError, "need values do not match the need keys");
        return NULL;
    }
    const uint8_t *keys = bnk.buf;
    const uint16_t *vals = bnv.buf;
    for (Py_ssize_t i = 0; i < nn; i++) {
        int code = code9(keys + 9 * i);
        if (code >= 0) suit_need[code] = vals[i];
    }
    PyBuffer_Release(&bsk);
    PyBuffer_Release(&bhk);
    PyBuffer_Release(&bnk);
    PyBuffer_Release(&bnv);
    Py_INCREF(pure_dict);
    pure = pure_dict;
    ready = 1;
    Py_RETURN_NONE;
}

static PyObject *py_tables(PyObject *self, PyObject *unused) {
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "replay._shapecore: init() first");
        return NULL;
    }
    return Py_BuildValue("(NN)", new_table(suit_cls, 9, NSUIT), new_table(hon_cls, 7, NHON));
}

static PyObject *py_rule(PyObject *self, PyObject *arg) {
    long pm = PyLong_AsLong(arg);
    if (pm == -1 && PyErr_Occurred()) return NULL;
    if (!ready || pm < 0 || pm > 1) {
        PyErr_SetString(PyExc_ValueError, "rule(0 | 1) after init()");
        return NULL;
    }
    Rule *t = &rules[pm];
    PyObject *j = PyList_New(t->nj), *k = PyList_New(t->nk), *f = PyList_New(t->nf);
    if (!j || !k || !f) return NULL;
    for (Py_ssize_t i = 0; i < t->nj; i++) PyList_SET_ITEM(j, i, PyLong_FromLong(t->j[i]));
    for (Py_ssize_t i = 0; i < t->nk; i++) PyList_SET_ITEM(k, i, PyLong_FromLong(t->k[i]));
    for (Py_ssize_t i = 0; i < t->nf; i++) PyList_SET_ITEM(f, i, PyLong_FromLong(t->f[i]));
    return Py_BuildValue("(iiNNN)", t->s, t->nh, j, k, f);
}

static PyObject *py_ready(PyObject *self, PyObject *unused) { return PyBool_FromLong(ready); }

static PyObject *py_handed_back(PyObject *self, PyObject *unused) { return PyLong_FromSsize_t(handed_back); }

static PyObject *py_table_bytes(PyObject *self, PyObject *unused) {
    Py_ssize_t n = (Py_ssize_t)sizeof(uint16_t) * (2 * NSUIT + NHON);
    for (int pm = 0; pm < 2; pm++) n += 2 * rules[pm].nj + 2 * rules[pm].nk + rules[pm].nf;
    return PyLong_FromSsize_t(ready ? n : 0);
}

#define FAST (METH_FASTCALL | METH_KEYWORDS)
#define FN(f) (PyCFunction)(void (*)(void))(f)

static PyMethodDef methods[] = {
    {"init", py_init, METH_VARARGS, "Load the tables (replay.shape_core does it)."},
    {"ready", py_ready, METH_NOARGS, "Are the tables loaded?"},
    {"handed_back", py_handed_back, METH_NOARGS, "How many calls were handed to the pure functions."},
    {"tables", py_tables, METH_NOARGS, "(suit, honour) ShapeTable mappings over the class arrays."},
    {"rule", py_rule, METH_O, "(s, nh, J, K, F) of rule 0 (将) or 1 (any pair), as lists."},
    {"table_bytes", py_table_bytes, METH_NOARGS, "Bytes held by the flat tables."},
    {"complete", FN(py_complete), FAST, "replay.shape.complete, compiled."},
    {"melds_cost", FN(py_melds_cost), FAST, "replay.shape.melds_cost, compiled."},
    {"complete_real_jiang", FN(py_complete_real_jiang), FAST, "replay.shape.complete_real_jiang, compiled."},
    {"suit_values", FN(py_suit_values), FAST, "replay.shape.suit_values, compiled."},
    {"shanten", FN(py_shanten), FAST, "replay.shape.shanten, compiled."},
    {"shanten_after_draws", FN(py_shanten_after_draws), FAST, "replay.shape.shanten_after_draws, compiled."},
    {"shanten_after_discards", FN(py_shanten_after_discards), FAST,
     "replay.shape.shanten_after_discards, compiled."},
    {"improving_draws", FN(py_improving_draws), FAST, "replay.shape.improving_draws, compiled."},
    {"ukeire", FN(py_ukeire), FAST, "replay.shape.ukeire, compiled."},
    {"shanten_of_keys", FN(py_shanten_of_keys), FAST, "replay.shape.shanten_of_keys, compiled."},
    {"improving_mask", FN(py_improving_mask), FAST, "replay.shape.improving_mask, compiled."},
    {"improving_kinds", FN(py_improving_kinds), FAST, "replay.shape.improving_kinds, compiled."},
    {"discard_kept", FN(py_discard_kept), FAST, "replay.shape.discard_kept, compiled."},
    {"discards_keeping", FN(py_discards_keeping), FAST, "replay.shape.discards_keeping, compiled."},
    {"best_discard_draws", FN(py_best_discard_draws), FAST, "replay.shape.best_discard_draws, compiled."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "replay._shapecore",
                                    "The compiled shape core (docs/shape-core.md).", -1, methods};

PyMODINIT_FUNC PyInit__shapecore(void) {
    if (PyType_Ready(&ShapeTableType) < 0) return NULL;
    for (int r = 0; r < 9; r++)
        for (int q = r - 2; q <= r + 2; q++)
            if (q >= 0 && q < 9) NEAR9[r] |= 1u << q;
    jiang_str = PyUnicode_InternFromString("jiang");
    if (!jiang_str) return NULL;
    return PyModule_Create(&module);
}
