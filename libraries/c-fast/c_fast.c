/*
 * c-fast: the fast resolver's design in C99, loaded by FoldBench through
 * foldbench_variant.h like any user's library: what the fast variant's algorithm costs
 * without Swift, the bound its Swift code is measured against.
 *
 * As in the Swift variant:
 *  - flat storage: one step per arrangement in level order (a subtree an edit inserts
 *    after the rest), every parent before its children, so a nested arrangement's bounds are its pane's frame, already written
 *    when the loop reaches it; one loop, no recursion, no allocation;
 *  - prepared decisions, per layout direction: which pane is near (leading, or on top)
 *    along each axis, which view is sized first, which wins a collapse, which takes the
 *    leading region of a separated overlay, each view's bounds as points + fraction x L;
 *  - kernels: a split whose bounds can never bind (a proportional split) costs one
 *    multiply and one subtract; one whose bounds may bind runs the contract's clamp
 *    chain (without the maximums when there are none); a split or overlay divided by a
 *    region, out of line, takes the two regions; a tree of proportional splits only,
 *    in a frame without regions, gets a loop without the hidden-pane test or dispatch.
 * Edits (interface version 2), every kind, are taken in place: the arrangements whose
 * values changed have their steps built again; a subtree inserted, removed or replaced
 * is spliced into the steps, only its own built (several a call).
 * Not ported: the Swift variant's loops specialised by tree size and region list, and
 * its blocks of levels. docs/c-interface.md has the comparison.
 *
 * The arithmetic is the reference's, operation for operation: the unused terms add 0
 * or multiply by 0, and max/min are Swift's (no NaN reaches them).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foldbench_variant.h"

/* The placement is inlined into the loop, as the Swift variant's is: a call per
 * arrangement costs a quarter of its instructions (gcc does not inline it alone). */
#if defined(__GNUC__)
#define ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define ALWAYS_INLINE inline
#endif

/* Swift's max and min, which the reference uses: inline, where fmax and fmin are calls. */
static inline double max2(double a, double b) { return b >= a ? b : a; }
static inline double min2(double a, double b) { return b < a ? b : a; }

/* The contract's arithmetic (docs/contract.md, "Numbers"): the tolerance in bounds b,
 * and the length from an edge to a farther one that, added to the first, does not pass
 * the second. */
static inline double tolerance(const foldbench_rect *b) {
    return 1e-9 * (1 + fabs(b->x) + fabs(b->y) + b->width + b->height);
}
static inline double span(double start, double end) {
    double length = end - start;
    return start + length > end ? max2(nextafter(length, -INFINITY), 0) : length;
}

/* Contract 2.2.4-2.2.7 along one axis, the views in solving order (first, second). */
typedef struct plan {
    double first_lo_points, first_lo_fraction, second_lo_points, second_lo_fraction;
    double first_hi_points, first_hi_fraction, second_hi_points, second_hi_fraction;
    double first_ideal_points, first_ideal_fraction, second_ideal_points, second_ideal_fraction;
    int second_is_explicit;
    int has_maximum;
    int primary_first;
} plan;

/* How an arrangement is placed along an axis when no region divides it. */
enum kernel {
    KERNEL_NEAR_SHARE = 0, /* proportional: near = fraction x L, far = L - near */
    KERNEL_FAR_SHARE = 1,  /* proportional: far = fraction x L, near = L - far */
    KERNEL_CHAIN = 2,      /* the clamp chain of the plan */
    KERNEL_ALONE = 3,      /* the axis is not permitted: the primary alone */
    KERNEL_LAYERED = 4     /* an overlay: both views layered, the primary in front */
};

typedef struct pair {
    uint32_t near, far; /* output pane indices: leading (or top), then the other */
    uint32_t kernel;
    uint32_t near_is_primary;
    double fraction;
} pair;

typedef struct step {
    int32_t parent; /* the pane whose frame is the bounds; -1 for the root */
    uint32_t primary, secondary;
    uint8_t overlay, axes, primary_wins_collapse;
    uint8_t primary_takes_first[2]; /* per axis: a separated overlay's primary leads (or tops) */
    pair along[2];                  /* per axis */
    const plan *plans;              /* [axis], for the clamp chain */
} step;

typedef struct prepared {
    uint32_t count;
    int proportional;   /* every arrangement a proportional split along both axes */
    step *steps[2];     /* [0] left-to-right, [1] right-to-left */
    plan *plans;        /* two per arrangement */
    uint32_t *position; /* the tree's arrangement index -> its step's index, for edits */
    uint32_t *owner;    /* room for the inverse of position, while a subtree is spliced */
    uint32_t capacity;  /* the arrangements the arrays have room for */
    step *storage;      /* both directions' steps, allocated apart so that an edit can
                           change their count without moving the prepared value */
} prepared;

/* Built with -DC_FAST_VERSION_1 it speaks interface version 1, as a library built before
 * version 2 did: FoldBench then never calls its edit entry point and prepares anew. */
#ifdef C_FAST_VERSION_1
#define C_FAST_INTERFACE 1u
#define C_FAST_NAME "c-fast-v1"
#else
#define C_FAST_INTERFACE FOLDBENCH_VARIANT_INTERFACE_VERSION
#define C_FAST_NAME "c-fast"
#endif

uint32_t foldbench_variant_interface_version(void) { return C_FAST_INTERFACE; }
const char *foldbench_variant_name(void) { return C_FAST_NAME; }
const char *foldbench_variant_summary(void) {
    return "the fast resolver's design in C99 (level-order steps, prepared kernels), through the C interface";
}
uint32_t foldbench_variant_frame_memory(void) { return 0; }

/* One view's terms along an axis (contract 2.2.4). */
typedef struct terms {
    double lo_points, lo_fraction, hi_points, hi_fraction, ideal_points, ideal_fraction;
    int is_explicit;
} terms;

static terms terms_of(const foldbench_tree_pane *pane, int axis) {
    const foldbench_preference *preference = &pane->split[axis];
    double minimum = axis == FOLDBENCH_AXIS_HORIZONTAL ? pane->min_width : pane->min_height;
    double ideal_length = axis == FOLDBENCH_AXIS_HORIZONTAL ? pane->ideal_width : pane->ideal_height;
    terms t = {minimum, 0, INFINITY, 0, 0, 0, 0};
    switch (preference->kind) {
    case FOLDBENCH_PREFERENCE_RATIO:
        t.lo_fraction = isnan(preference->min) ? 0 : preference->min;
        if (!isnan(preference->max)) {
            t.hi_points = 0;
            t.hi_fraction = preference->max;
        }
        if (!isnan(preference->ideal)) {
            t.ideal_fraction = preference->ideal;
            t.is_explicit = 1;
        }
        break;
    case FOLDBENCH_PREFERENCE_LENGTH:
        t.lo_points = max2(minimum, isnan(preference->min) ? 0 : preference->min);
        if (!isnan(preference->max)) t.hi_points = preference->max;
        if (!isnan(preference->ideal)) {
            t.ideal_points = preference->ideal;
            t.is_explicit = 1;
        }
        break;
    case FOLDBENCH_PREFERENCE_FIXED:
        t.lo_points = max2(minimum, ideal_length);
        t.hi_points = t.lo_points;
        t.ideal_points = t.lo_points;
        t.is_explicit = 1;
        break;
    default:
        break;
    }
    return t;
}

static plan plan_of(const foldbench_tree_pane *primary, const foldbench_tree_pane *secondary, int axis) {
    terms p = terms_of(primary, axis), s = terms_of(secondary, axis);
    plan a;
    a.primary_first =
        p.is_explicit != s.is_explicit ? p.is_explicit : primary->layout_priority >= secondary->layout_priority;
    terms first = a.primary_first ? p : s, second = a.primary_first ? s : p;
    a.first_lo_points = first.lo_points;
    a.first_lo_fraction = first.lo_fraction;
    a.second_lo_points = second.lo_points;
    a.second_lo_fraction = second.lo_fraction;
    a.first_hi_points = first.hi_points;
    a.first_hi_fraction = first.hi_fraction;
    a.second_hi_points = second.hi_points;
    a.second_hi_fraction = second.hi_fraction;
    /* A flexible first view aims at L / 2, which is 0.5 x L exactly. */
    a.first_ideal_points = first.is_explicit ? first.ideal_points : 0;
    a.first_ideal_fraction = first.is_explicit ? first.ideal_fraction : 0.5;
    a.second_ideal_points = second.ideal_points;
    a.second_ideal_fraction = second.ideal_fraction;
    a.second_is_explicit = second.is_explicit;
    a.has_maximum = !(first.hi_points == INFINITY && first.hi_fraction == 0 && second.hi_points == INFINITY &&
                      second.hi_fraction == 0);
    return a;
}

/* No bound can bind whatever L: both lows 0, both highs infinite, the first view aims at
 * a share f (0 <= f <= 1) and the second takes the rest. The chain then gives exactly
 * first = f x L, second = L - first, and never collapses. */
static int is_proportional(const plan *a) {
    return a->first_lo_points == 0 && a->first_lo_fraction == 0 && a->second_lo_points == 0 &&
           a->second_lo_fraction == 0 && !a->has_maximum && a->first_ideal_points == 0 &&
           a->first_ideal_fraction >= 0 && a->first_ideal_fraction <= 1 && !a->second_is_explicit;
}

/* Contract 2.3.1: which view of a separated overlay takes the leading (or top) region. */
static uint8_t takes_first(uint8_t primary, uint8_t secondary) {
    if (primary == FOLDBENCH_EDGE_NONE) return secondary == FOLDBENCH_EDGE_NONE ? 0 : secondary != 1;
    return primary == 1;
}

static pair pair_of(const foldbench_tree_arrangement *a, const plan *plan, int axis, int rtl) {
    pair p;
    /* Horizontally the primary leads in left-to-right; vertically it is on top. */
    p.near_is_primary = axis == FOLDBENCH_AXIS_VERTICAL || !rtl;
    p.near = p.near_is_primary ? a->primary : a->secondary;
    p.far = p.near_is_primary ? a->secondary : a->primary;
    p.fraction = plan->first_ideal_fraction;
    if (a->style == FOLDBENCH_STYLE_OVERLAY) {
        p.kernel = KERNEL_LAYERED;
    } else if (!(a->axes & (1u << axis))) {
        p.kernel = KERNEL_ALONE;
    } else if (is_proportional(plan)) {
        /* The first view is near when it is the primary and the primary is near. */
        p.kernel = (uint32_t)plan->primary_first == p.near_is_primary ? KERNEL_NEAR_SHARE : KERNEL_FAR_SHARE;
    } else {
        p.kernel = KERNEL_CHAIN;
    }
    return p;
}

/* The plans and both directions' steps of step i, from the tree's arrangement a. */
static void build_step(prepared *p, const foldbench_tree *tree, uint32_t arrangement, uint32_t i) {
    const foldbench_tree_arrangement *a = &tree->arrangements[arrangement];
    const foldbench_tree_pane *primary = &tree->panes[a->primary];
    const foldbench_tree_pane *secondary = &tree->panes[a->secondary];
    plan *axis_plans = &p->plans[2 * i];
    for (int axis = 0; axis < 2; axis++) axis_plans[axis] = plan_of(primary, secondary, axis);
    for (int rtl = 0; rtl < 2; rtl++) {
        step *s = &p->steps[rtl][i];
        s->parent = a->parent;
        s->primary = a->primary;
        s->secondary = a->secondary;
        s->overlay = a->style == FOLDBENCH_STYLE_OVERLAY;
        s->axes = (uint8_t)a->axes;
        s->primary_wins_collapse = primary->layout_priority >= secondary->layout_priority;
        s->plans = axis_plans;
        for (int axis = 0; axis < 2; axis++) {
            s->primary_takes_first[axis] = takes_first(primary->overlay_edge[axis], secondary->overlay_edge[axis]);
            s->along[axis] = pair_of(a, &axis_plans[axis], axis, rtl);
        }
    }
}

/* The same for both directions: a kernel's share does not depend on which pane is near. */
static int all_proportional(const prepared *p) {
    for (uint32_t i = 0; i < p->count; i++)
        for (int axis = 0; axis < 2; axis++)
            if (p->steps[0][i].along[axis].kernel > KERNEL_FAR_SHARE) return 0;
    return 1;
}

/* The tree's arrangements in level order, the root first, into order (count of them). */
static void level_order(const foldbench_tree *tree, uint32_t *order) {
    uint32_t head = 0, tail = 0;
    order[tail++] = 0;
    while (head < tail) {
        const foldbench_tree_arrangement *a = &tree->arrangements[order[head++]];
        int32_t nested = tree->panes[a->primary].arrangement;
        if (nested >= 0) order[tail++] = (uint32_t)nested;
        nested = tree->panes[a->secondary].arrangement;
        if (nested >= 0) order[tail++] = (uint32_t)nested;
    }
}

/* Room for `count` arrangements in p, what it holds (p->count of each) kept where it is
 * or moved to larger arrays (their capacity doubled, so that a timeline inserting
 * subtrees allocates rarely); 0 when out of memory, having changed nothing. */
static int reserve(prepared *p, uint32_t count) {
    if (count <= p->capacity) return 1;
    uint32_t capacity = count > 2 * p->capacity ? count : 2 * p->capacity;
    step *storage = malloc(2 * (size_t)capacity * sizeof(step));
    plan *plans = malloc(2 * (size_t)capacity * sizeof(plan));
    uint32_t *position = malloc((size_t)capacity * sizeof(uint32_t));
    uint32_t *owner = malloc((size_t)capacity * sizeof(uint32_t));
    if (storage == NULL || plans == NULL || position == NULL || owner == NULL) {
        free(storage);
        free(plans);
        free(position);
        free(owner);
        return 0;
    }
    if (p->count > 0) {
        memcpy(storage, p->steps[0], p->count * sizeof(step));
        memcpy(storage + capacity, p->steps[1], p->count * sizeof(step));
        memcpy(plans, p->plans, 2 * (size_t)p->count * sizeof(plan));
        memcpy(position, p->position, p->count * sizeof(uint32_t));
    }
    for (uint32_t i = 0; i < p->count; i++) storage[i].plans = storage[capacity + i].plans = &plans[2 * i];
    free(p->storage);
    free(p->plans);
    free(p->position);
    free(p->owner);
    p->capacity = capacity;
    p->storage = storage;
    p->plans = plans;
    p->position = position;
    p->owner = owner;
    p->steps[0] = storage;
    p->steps[1] = storage + capacity;
    return 1;
}

void *foldbench_variant_prepare(const foldbench_tree *tree, char *message, size_t capacity) {
    uint32_t count = tree->arrangement_count;
    prepared *p = calloc(1, sizeof(prepared));
    uint32_t *order = malloc((size_t)count * sizeof(uint32_t));
    if (p == NULL || order == NULL || !reserve(p, count)) {
        free(p);
        free(order);
        snprintf(message, capacity, "c-fast: out of memory for %u arrangements", count);
        return NULL;
    }
    p->count = count;
    level_order(tree, order);
    for (uint32_t i = 0; i < count; i++) {
        p->position[order[i]] = i;
        build_step(p, tree, order[i], i);
    }
    p->proportional = all_proportional(p);
    free(order);
    return p;
}

/* Whether pane index `parent` lies in the run of `k` arrangements' panes after pane `at`. */
static int within(int32_t parent, uint32_t at, uint32_t k) {
    return parent > (int32_t)at && parent <= (int32_t)(at + 2 * k);
}

/* Pane indices past `end` moved by `shift` (a subtree ending at pane `end` was replaced). */
static void move_panes(step *s, uint32_t end, int32_t shift) {
    if (s->parent > (int32_t)end) s->parent += shift;
    if (s->primary > end) s->primary = (uint32_t)((int32_t)s->primary + shift);
    if (s->secondary > end) s->secondary = (uint32_t)((int32_t)s->secondary + shift);
    for (int axis = 0; axis < 2; axis++) {
        pair *q = &s->along[axis];
        if (q->near > end) q->near = (uint32_t)((int32_t)q->near + shift);
        if (q->far > end) q->far = (uint32_t)((int32_t)q->far + shift);
    }
}

/* The subtree pane `at` holds (none, for an insert) replaced by the one it holds in the
 * edited tree (none, for a removal), in place: the old subtree's steps taken out and the
 * others moved down in their order, their pane indices past the old subtree moved, the
 * new subtree's steps built at the end, depth first. Every parent stays before its
 * children, which is all the loop needs (the order drifts from level order as edits
 * come; a tree prepared anew is in level order again). The prepared value must number
 * every pane up to `at` as the edited tree does: in the interface's numbering a pane's
 * subtree is a run of panes right after it and a run of arrangements from the one it
 * holds, so the edit cuts one run out of each and puts another in. Returns the
 * arrangements inserted plus one, or 0 when the subtree does not fit or memory is out. */
static uint32_t splice(prepared *p, const foldbench_tree *tree, uint32_t at) {
    /* The subtree's first arrangement: the one `at` holds, or where it would be numbered. */
    uint32_t first = 1;
    for (uint32_t pane = 0; pane < at; pane++)
        if (tree->panes[pane].arrangement >= 0) first++;
    int32_t held = tree->panes[at].arrangement;
    if (held >= 0 && (uint32_t)held != first) return 0;
    uint32_t inserted = 0;
    if (held >= 0)
        while (first + inserted < tree->arrangement_count &&
               (inserted == 0 || within(tree->arrangements[first + inserted].parent, at, inserted)))
            inserted++;
    uint32_t removed = 0;
    while (first + removed < p->count) {
        int32_t parent = p->steps[0][p->position[first + removed]].parent;
        if (removed == 0 ? parent != (int32_t)at : !within(parent, at, removed)) break;
        removed++;
    }
    uint32_t count = p->count - removed + inserted;
    if (!reserve(p, count)) return 0;
    int32_t shift = 2 * ((int32_t)inserted - (int32_t)removed);
    uint32_t end = at + 2 * removed; /* the old subtree's panes: at+1 ... end */
    for (uint32_t a = 0; a < p->count; a++) p->owner[p->position[a]] = a;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < p->count; i++) {
        uint32_t a = p->owner[i];
        if (a >= first && a < first + removed) continue;
        if (kept != i) {
            p->steps[0][kept] = p->steps[0][i];
            p->steps[1][kept] = p->steps[1][i];
            p->plans[2 * kept] = p->plans[2 * i];
            p->plans[2 * kept + 1] = p->plans[2 * i + 1];
        }
        for (int rtl = 0; rtl < 2; rtl++) {
            p->steps[rtl][kept].plans = &p->plans[2 * kept];
            move_panes(&p->steps[rtl][kept], end, shift);
        }
        p->position[a < first ? a : a - removed + inserted] = kept++;
    }
    for (uint32_t k = 0; k < inserted; k++) {
        p->position[first + k] = kept + k;
        build_step(p, tree, first + k, kept + k);
    }
    p->count = count;
    return inserted + 1;
}

/* Interface version 2, every kind taken in place. Each pane a subtree edit names is
 * spliced (splice) in the order of the edited tree's panes, so that every pane before it
 * is already numbered as the edited tree numbers it; one inside a subtree spliced before
 * it comes with that subtree. Then each arrangement whose values an edit changed (a
 * pane's values, a style, the axes) has its steps built again, in both directions. 0
 * when the edits do not add up to the edited tree (after which the value is only
 * released). */
int foldbench_variant_edit(void *value, const foldbench_tree *tree, const foldbench_edit *edits, uint32_t count) {
    prepared *p = value;
    int64_t covered = -1; /* panes up to this one are spliced, or inside a subtree spliced */
    for (;;) {
        int64_t next = -1;
        for (uint32_t e = 0; e < count; e++)
            if (edits[e].kind >= FOLDBENCH_EDIT_INSERT && edits[e].pane > covered &&
                (next < 0 || edits[e].pane < next))
                next = edits[e].pane;
        if (next < 0) break;
        uint32_t spliced = splice(p, tree, (uint32_t)next);
        if (spliced == 0) return 0;
        covered = next + 2 * (int64_t)(spliced - 1);
    }
    if (tree->arrangement_count != p->count) return 0;
    for (uint32_t e = 0; e < count; e++) {
        if (edits[e].kind >= FOLDBENCH_EDIT_INSERT || edits[e].arrangement < 0) continue;
        uint32_t arrangement = (uint32_t)edits[e].arrangement;
        build_step(p, tree, arrangement, p->position[arrangement]);
    }
    p->proportional = all_proportional(p);
    return 1;
}

void foldbench_variant_release(void *value) {
    prepared *p = value;
    free(p->storage);
    free(p->plans);
    free(p->position);
    free(p->owner);
    free(p);
}

static inline void put(foldbench_pane_layout *pane, double x, double y, double w, double h, uint32_t bits) {
    pane->frame.x = x;
    pane->frame.y = y;
    pane->frame.width = w;
    pane->frame.height = h;
    pane->bits = bits;
}

static inline void hide(foldbench_pane_layout *pane) { put(pane, 0, 0, 0, 0, 0); }

static inline uint32_t split_bits(uint32_t size_class, int axis) {
    return FOLDBENCH_PANE_VISIBLE | size_class |
           (axis == FOLDBENCH_AXIS_HORIZONTAL ? FOLDBENCH_PANE_HORIZONTAL_COMPACT | FOLDBENCH_PANE_SPLIT_HORIZONTAL
                                              : FOLDBENCH_PANE_VERTICAL_COMPACT | FOLDBENCH_PANE_SPLIT_VERTICAL);
}

/* Contract 2.1: the region nearest the bounds' centre that divides them, or -1;
 * *vertical says which way it runs (1: it divides the width). Ties go to a vertical
 * divider, then to the earlier region. */
static int find_divider(const foldbench_rect *b, const foldbench_rect *regions, uint32_t count, int *vertical) {
    int best = -1;
    double best_distance = 0;
    int best_vertical = 0;
    double max_x = b->x + b->width, max_y = b->y + b->height, t = tolerance(b);
    for (uint32_t i = 0; i < count; i++) {
        const foldbench_rect *r = &regions[i];
        double distance;
        int is_vertical;
        double r_max_x = r->x + r->width, r_max_y = r->y + r->height;
        if (r->y <= b->y + t && r_max_y >= max_y - t && b->x + t < r->x && r_max_x < max_x - t) {
            is_vertical = 1;
            distance = fabs((r->x + r->width / 2) - (b->x + b->width / 2)) / b->width;
        } else if (r->x <= b->x + t && r_max_x >= max_x - t && b->y + t < r->y && r_max_y < max_y - t) {
            is_vertical = 0;
            distance = fabs((r->y + r->height / 2) - (b->y + b->height / 2)) / b->height;
        } else {
            continue;
        }
        /* Distances within 1e-9 of each other tie. */
        int tie = best >= 0 && fabs(distance - best_distance) <= 1e-9;
        if (best < 0 || (!tie && distance < best_distance) || (tie && is_vertical && !best_vertical)) {
            best = (int)i;
            best_distance = distance;
            best_vertical = is_vertical;
        }
    }
    *vertical = best_vertical;
    return best;
}

/* An arrangement a region divides: split along the region's axis (or the primary alone
 * when the style forbids it), or an overlay separated by it (or layered). Out of line. */
static void place_divided(const step *s, const foldbench_rect *b, uint32_t size_class, const foldbench_context *c,
                          const foldbench_rect *r, int vertical, foldbench_pane_layout *panes) {
    int axis = vertical ? FOLDBENCH_AXIS_HORIZONTAL : FOLDBENCH_AXIS_VERTICAL;
    foldbench_pane_layout *primary = &panes[s->primary], *secondary = &panes[s->secondary];
    uint32_t alone = FOLDBENCH_PANE_VISIBLE | size_class;
    if (!(s->axes & (1u << axis))) {
        put(primary, b->x, b->y, b->width, b->height, s->overlay ? alone | FOLDBENCH_PANE_FRONT : alone);
        if (s->overlay)
            put(secondary, b->x, b->y, b->width, b->height, alone);
        else
            hide(secondary);
        return;
    }
    foldbench_rect first, second;
    if (vertical) {
        foldbench_rect left = {b->x, b->y, span(b->x, r->x), b->height};
        foldbench_rect right = {r->x + r->width, b->y, span(r->x + r->width, b->x + b->width), b->height};
        first = c->right_to_left ? right : left;
        second = c->right_to_left ? left : right;
    } else {
        foldbench_rect top = {b->x, b->y, b->width, span(b->y, r->y)};
        foldbench_rect bottom = {b->x, r->y + r->height, b->width, span(r->y + r->height, b->y + b->height)};
        first = top;
        second = bottom;
    }
    if (s->overlay) {
        uint32_t bits = FOLDBENCH_PANE_VISIBLE | size_class |
                        (axis == FOLDBENCH_AXIS_HORIZONTAL ? FOLDBENCH_PANE_HORIZONTAL_COMPACT
                                                           : FOLDBENCH_PANE_VERTICAL_COMPACT);
        int leads = s->primary_takes_first[axis];
        const foldbench_rect *p = leads ? &first : &second, *q = leads ? &second : &first;
        put(primary, p->x, p->y, p->width, p->height, bits);
        put(secondary, q->x, q->y, q->width, q->height, bits);
        return;
    }
    uint32_t bits = split_bits(size_class, axis);
    put(primary, first.x, first.y, first.width, first.height, bits);
    put(secondary, second.x, second.y, second.width, second.height, bits);
}

/* The clamp chain (contract 2.2.5-2.2.7): the near and far lengths, or 0 when the two
 * views do not fit (then the winner is shown alone). */
static inline int solve(const plan *a, double length, double t, int near_is_primary, double *near, double *far,
                        int *first_is_near_out) {
    double first_lo = max2(a->first_lo_points, a->first_lo_fraction * length);
    double second_lo = max2(a->second_lo_points, a->second_lo_fraction * length);
    if (first_lo + second_lo > length + t) return 0;
    double first_cap = length - second_lo;
    if (a->has_maximum) first_cap = min2(max2(a->first_hi_fraction * length + a->first_hi_points, first_lo), first_cap);
    double first = min2(max2(a->first_ideal_fraction * length + a->first_ideal_points, first_lo), first_cap);
    double remaining = length - first;
    double second_ideal =
        a->second_is_explicit ? a->second_ideal_fraction * length + a->second_ideal_points : remaining;
    double second_cap = remaining;
    if (a->has_maximum)
        second_cap = min2(max2(a->second_hi_fraction * length + a->second_hi_points, second_lo), second_cap);
    double second = min2(max2(second_ideal, second_lo), second_cap);
    first += length - first - second;
    int first_is_near = a->primary_first == near_is_primary;
    *first_is_near_out = first_is_near;
    *near = first_is_near ? first : second;
    *far = first_is_near ? second : first;
    return 1;
}

/* A split along `axis` showing both panes: the near one first, `near` long (at most the
 * whole), then the far one from the cut to the far edge. A length within the tolerance t
 * of zero is zero, the other the whole; the view solved first keeps the whole when both
 * are ("Numbers"). */
static ALWAYS_INLINE void split(const pair *p, const foldbench_rect *b, uint32_t size_class, int axis, double near,
                                double far, double t, int first_is_near, foldbench_pane_layout *panes) {
    uint32_t bits = split_bits(size_class, axis);
    double length = axis == FOLDBENCH_AXIS_HORIZONTAL ? b->width : b->height;
    if (near <= t || far <= t) {
        double first = first_is_near ? near : far, second = first_is_near ? far : near;
        if (second <= t) first = length, second = 0;
        else if (first <= t) first = 0, second = length;
        near = first_is_near ? first : second;
    }
    near = min2(near, length);
    if (axis == FOLDBENCH_AXIS_HORIZONTAL) {
        double cut = b->x + near;
        put(&panes[p->near], b->x, b->y, near, b->height, bits);
        put(&panes[p->far], cut, b->y, span(cut, b->x + b->width), b->height, bits);
    } else {
        double cut = b->y + near;
        put(&panes[p->near], b->x, b->y, b->width, near, bits);
        put(&panes[p->far], b->x, cut, b->width, span(cut, b->y + b->height), bits);
    }
}

/* One arrangement in bounds b with size class bits size_class. */
static ALWAYS_INLINE void place(const step *s, const foldbench_rect *b, uint32_t size_class, const foldbench_context *c,
                         int may_divide, foldbench_pane_layout *panes) {
    if (may_divide) {
        int vertical;
        int divider = find_divider(b, c->regions, c->region_count, &vertical);
        if (divider >= 0) {
            place_divided(s, b, size_class, c, &c->regions[divider], vertical, panes);
            return;
        }
    }
    double t = tolerance(b);
    int axis = b->height <= b->width + t ? FOLDBENCH_AXIS_HORIZONTAL : FOLDBENCH_AXIS_VERTICAL;
    const pair *p = &s->along[axis];
    double length = axis == FOLDBENCH_AXIS_HORIZONTAL ? b->width : b->height;
    double near, far;
    int first_is_near = 1;
    switch (p->kernel) {
    case KERNEL_NEAR_SHARE:
        near = p->fraction * length;
        far = length - near;
        break;
    case KERNEL_FAR_SHARE:
        far = p->fraction * length;
        near = length - far;
        first_is_near = 0;
        break;
    case KERNEL_CHAIN:
        if (solve(&s->plans[axis], length, t, (int)p->near_is_primary, &near, &far, &first_is_near)) break;
        put(&panes[s->primary_wins_collapse ? s->primary : s->secondary], b->x, b->y, b->width, b->height,
            FOLDBENCH_PANE_VISIBLE | size_class);
        hide(&panes[s->primary_wins_collapse ? s->secondary : s->primary]);
        return;
    case KERNEL_ALONE:
        put(&panes[s->primary], b->x, b->y, b->width, b->height, FOLDBENCH_PANE_VISIBLE | size_class);
        hide(&panes[s->secondary]);
        return;
    default: /* KERNEL_LAYERED */
        put(&panes[s->primary], b->x, b->y, b->width, b->height,
            FOLDBENCH_PANE_VISIBLE | size_class | FOLDBENCH_PANE_FRONT);
        put(&panes[s->secondary], b->x, b->y, b->width, b->height, FOLDBENCH_PANE_VISIBLE | size_class);
        return;
    }
    split(p, b, size_class, axis, near, far, t, first_is_near, panes);
}

/* A tree of proportional splits only, in a frame without regions: no pane is ever hidden
 * (nothing collapses, every axis is permitted) and every arrangement takes its share, so
 * the loop needs neither the test for hidden panes nor the kernel's dispatch, as the
 * Swift variant's loop for such trees. */
static void proportional_frame(const prepared *p, const step *steps, uint32_t root_class,
                               const foldbench_context *c, foldbench_pane_layout *panes) {
    for (uint32_t i = 0; i < p->count; i++) {
        const step *s = &steps[i];
        const foldbench_rect *b = &c->bounds;
        uint32_t size_class = root_class;
        if (i > 0) {
            b = &panes[s->parent].frame;
            size_class = panes[s->parent].bits & (FOLDBENCH_PANE_HORIZONTAL_COMPACT | FOLDBENCH_PANE_VERTICAL_COMPACT);
        }
        double t = tolerance(b);
        int axis = b->height <= b->width + t ? FOLDBENCH_AXIS_HORIZONTAL : FOLDBENCH_AXIS_VERTICAL;
        const pair *q = &s->along[axis];
        double length = axis == FOLDBENCH_AXIS_HORIZONTAL ? b->width : b->height;
        double share = q->fraction * length;
        int near_shares = q->kernel == KERNEL_NEAR_SHARE;
        double near = near_shares ? share : length - share;
        double far = near_shares ? length - share : share;
        split(q, b, size_class, axis, near, far, t, near_shares, panes);
    }
}

void foldbench_variant_relayout(void *value, const foldbench_context *c, foldbench_pane_layout *panes) {
    const prepared *p = value;
    /* No region, nothing to test. (Whether a region may divide a nested arrangement
     * cannot be told from the root's bounds: a pane's far edge, x + width, may round
     * past the root's.) */
    int divides = c->region_count != 0;
    const step *steps = p->steps[c->right_to_left ? 1 : 0];
    uint32_t root_class = (c->horizontal_compact ? FOLDBENCH_PANE_HORIZONTAL_COMPACT : 0) |
                          (c->vertical_compact ? FOLDBENCH_PANE_VERTICAL_COMPACT : 0);
    if (p->proportional && !divides) {
        proportional_frame(p, steps, root_class, c, panes);
        return;
    }
    place(&steps[0], &c->bounds, root_class, c, divides, panes);
    for (uint32_t i = 1; i < p->count; i++) {
        const step *s = &steps[i];
        const foldbench_pane_layout *holder = &panes[s->parent];
        if (!(holder->bits & FOLDBENCH_PANE_VISIBLE)) {
            /* Contract 3: every pane below a hidden view is hidden. */
            hide(&panes[s->primary]);
            hide(&panes[s->secondary]);
            continue;
        }
        place(s, &holder->frame, holder->bits & (FOLDBENCH_PANE_HORIZONTAL_COMPACT | FOLDBENCH_PANE_VERTICAL_COMPACT),
              c, divides, panes);
    }
}
