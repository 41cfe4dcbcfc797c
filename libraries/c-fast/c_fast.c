/*
 * c-fast: the fast resolver's design in C99, loaded by FoldBench through
 * foldbench_variant.h like any user's library. It is the bound for the algorithm: what
 * the fast variant's work costs without Swift.
 *
 * As in the Swift variant, prepare flattens the tree into one step per arrangement in
 * level order (every parent before its children, so a nested arrangement's bounds are
 * its pane's frame, already written when the loop reaches it), and decides once what
 * does not depend on the context: which view is sized first on each axis, which wins a
 * collapse, which takes the leading region of a separated overlay, and each view's
 * lo/hi/ideal as constant + ratio x length. A relayout is one loop, with no recursion
 * and no allocation. It does not copy the Swift variant's specialisations by tree shape
 * and region list; docs/c-interface.md says what that leaves out.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foldbench_variant.h"

/* One view's bounds along one axis: lo = max(lo_const, lo_ratio * L),
 * hi = max(hi_const + hi_ratio * L, lo), ideal = ideal_const + ideal_ratio * L. Each form
 * gives the reference's numbers exactly: the unused term adds or multiplies by zero. */
typedef struct axis_range {
    double lo_const, lo_ratio;
    double hi_const, hi_ratio;
    double ideal_const, ideal_ratio;
    int has_ideal;
} axis_range;

typedef struct step {
    uint32_t primary, secondary; /* output pane indices */
    int32_t parent;              /* the pane whose frame is the bounds, -1 for the root */
    uint8_t overlay;
    uint8_t axes;
    uint8_t primary_wins_collapse;
    uint8_t primary_first[2];          /* per axis: the primary is sized first */
    uint8_t primary_takes_first[2];    /* per axis: a separated overlay's primary leads (or tops) */
    axis_range range[2][2];            /* [axis][0 primary, 1 secondary] */
} step;

typedef struct prepared {
    uint32_t count;
    uint32_t pane_count;
    step steps[];
} prepared;

uint32_t foldbench_variant_interface_version(void) { return FOLDBENCH_VARIANT_INTERFACE_VERSION; }
const char *foldbench_variant_name(void) { return "c-fast"; }
const char *foldbench_variant_summary(void) {
    return "the fast resolver's design in C99 (level-order steps, prepared decisions), through the C interface";
}
uint32_t foldbench_variant_frame_memory(void) { return 0; }

static axis_range range_of(const foldbench_tree_pane *pane, int axis) {
    const foldbench_preference *preference = &pane->split[axis];
    double minimum = axis == FOLDBENCH_AXIS_HORIZONTAL ? pane->min_width : pane->min_height;
    double ideal_length = axis == FOLDBENCH_AXIS_HORIZONTAL ? pane->ideal_width : pane->ideal_height;
    axis_range r = {minimum, 0, INFINITY, 0, 0, 0, 0};
    switch (preference->kind) {
    case FOLDBENCH_PREFERENCE_RATIO:
        r.lo_ratio = isnan(preference->min) ? 0 : preference->min;
        if (!isnan(preference->max)) {
            r.hi_const = 0;
            r.hi_ratio = preference->max;
        }
        if (!isnan(preference->ideal)) {
            r.has_ideal = 1;
            r.ideal_ratio = preference->ideal;
        }
        break;
    case FOLDBENCH_PREFERENCE_LENGTH:
        r.lo_const = fmax(minimum, isnan(preference->min) ? 0 : preference->min);
        if (!isnan(preference->max)) r.hi_const = preference->max;
        if (!isnan(preference->ideal)) {
            r.has_ideal = 1;
            r.ideal_const = preference->ideal;
        }
        break;
    case FOLDBENCH_PREFERENCE_FIXED:
        r.lo_const = fmax(minimum, ideal_length);
        r.hi_const = r.lo_const;
        r.has_ideal = 1;
        r.ideal_const = r.lo_const;
        break;
    default:
        break;
    }
    return r;
}

/* Contract 2.3.1: which view of a separated overlay takes the leading (or top) region. */
static uint8_t takes_first(uint8_t primary, uint8_t secondary) {
    if (primary == FOLDBENCH_EDGE_NONE) return secondary == FOLDBENCH_EDGE_NONE ? 0 : secondary != 1;
    return primary == 1;
}

void *foldbench_variant_prepare(const foldbench_tree *tree, char *message, size_t capacity) {
    uint32_t count = tree->arrangement_count;
    prepared *p = malloc(sizeof(prepared) + (size_t)count * sizeof(step));
    uint32_t *order = malloc((size_t)count * sizeof(uint32_t));
    if (p == NULL || order == NULL) {
        free(p);
        free(order);
        snprintf(message, capacity, "c-fast: out of memory for %u arrangements", count);
        return NULL;
    }
    p->count = count;
    p->pane_count = tree->pane_count;
    /* Level order: a queue of arrangement indices, the root first. */
    uint32_t head = 0, tail = 0;
    order[tail++] = 0;
    while (head < tail) {
        const foldbench_tree_arrangement *a = &tree->arrangements[order[head++]];
        const uint32_t sides[2] = {a->primary, a->secondary};
        for (int side = 0; side < 2; side++) {
            int32_t nested = tree->panes[sides[side]].arrangement;
            if (nested >= 0) order[tail++] = (uint32_t)nested;
        }
    }
    for (uint32_t i = 0; i < count; i++) {
        const foldbench_tree_arrangement *a = &tree->arrangements[order[i]];
        const foldbench_tree_pane *primary = &tree->panes[a->primary];
        const foldbench_tree_pane *secondary = &tree->panes[a->secondary];
        step *s = &p->steps[i];
        s->primary = a->primary;
        s->secondary = a->secondary;
        s->parent = a->parent;
        s->overlay = a->style == FOLDBENCH_STYLE_OVERLAY;
        s->axes = (uint8_t)a->axes;
        s->primary_wins_collapse = primary->layout_priority >= secondary->layout_priority;
        for (int axis = 0; axis < 2; axis++) {
            s->range[axis][0] = range_of(primary, axis);
            s->range[axis][1] = range_of(secondary, axis);
            int pe = s->range[axis][0].has_ideal, se = s->range[axis][1].has_ideal;
            s->primary_first[axis] = pe != se ? (uint8_t)pe : s->primary_wins_collapse;
            s->primary_takes_first[axis] = takes_first(primary->overlay_edge[axis], secondary->overlay_edge[axis]);
        }
    }
    free(order);
    return p;
}

void foldbench_variant_release(void *p) { free(p); }

static inline uint32_t compact_along(uint32_t size_class, int axis) {
    return size_class | (axis == FOLDBENCH_AXIS_HORIZONTAL ? FOLDBENCH_PANE_HORIZONTAL_COMPACT
                                                           : FOLDBENCH_PANE_VERTICAL_COMPACT);
}

static inline void put(foldbench_pane_layout *pane, double x, double y, double w, double h, uint32_t bits) {
    pane->frame.x = x;
    pane->frame.y = y;
    pane->frame.width = w;
    pane->frame.height = h;
    pane->bits = bits;
}

static inline double clamp(double value, double lo, double hi) { return fmin(fmax(value, lo), hi); }

/* Contract 2.1: the region nearest the bounds' centre that divides them, as an index,
 * or -1; *vertical says which way it runs (1: it divides the width). Ties go to a
 * vertical divider, then to the earlier region. */
static int find_divider(const foldbench_rect *b, const foldbench_rect *regions, uint32_t count, int *vertical) {
    int best = -1;
    double best_distance = 0;
    int best_vertical = 0;
    double max_x = b->x + b->width, max_y = b->y + b->height;
    for (uint32_t i = 0; i < count; i++) {
        const foldbench_rect *r = &regions[i];
        double distance;
        int is_vertical;
        if (r->y <= b->y && r->y + r->height >= max_y && b->x < r->x && r->x + r->width < max_x) {
            is_vertical = 1;
            distance = fabs((r->x + r->width / 2) - (b->x + b->width / 2)) / b->width;
        } else if (r->x <= b->x && r->x + r->width >= max_x && b->y < r->y && r->y + r->height < max_y) {
            is_vertical = 0;
            distance = fabs((r->y + r->height / 2) - (b->y + b->height / 2)) / b->height;
        } else {
            continue;
        }
        if (best < 0 || distance < best_distance || (distance == best_distance && is_vertical && !best_vertical)) {
            best = (int)i;
            best_distance = distance;
            best_vertical = is_vertical;
        }
    }
    *vertical = best_vertical;
    return best;
}

/* The two regions either side of a divider: leading then trailing (or top then bottom). */
static void divide(const foldbench_rect *b, const foldbench_rect *r, int vertical, int rtl, foldbench_rect *first,
                   foldbench_rect *second) {
    if (vertical) {
        foldbench_rect left = {b->x, b->y, r->x - b->x, b->height};
        foldbench_rect right = {r->x + r->width, b->y, (b->x + b->width) - (r->x + r->width), b->height};
        *first = rtl ? right : left;
        *second = rtl ? left : right;
    } else {
        foldbench_rect top = {b->x, b->y, b->width, r->y - b->y};
        foldbench_rect bottom = {b->x, r->y + r->height, b->width, (b->y + b->height) - (r->y + r->height)};
        *first = top;
        *second = bottom;
    }
}

static void place(const step *s, const foldbench_rect *b, uint32_t size_class, const foldbench_context *c,
                  foldbench_pane_layout *panes) {
    foldbench_pane_layout *primary = &panes[s->primary];
    foldbench_pane_layout *secondary = &panes[s->secondary];
    const uint32_t alone = FOLDBENCH_PANE_VISIBLE | size_class;
    int vertical = 0;
    int divider = c->region_count ? find_divider(b, c->regions, c->region_count, &vertical) : -1;
    if (s->overlay) {
        int axis = vertical ? FOLDBENCH_AXIS_HORIZONTAL : FOLDBENCH_AXIS_VERTICAL;
        if (divider < 0 || !(s->axes & (1u << axis))) {
            put(primary, b->x, b->y, b->width, b->height, alone | FOLDBENCH_PANE_FRONT);
            put(secondary, b->x, b->y, b->width, b->height, alone);
            return;
        }
        foldbench_rect first, second;
        divide(b, &c->regions[divider], vertical, c->right_to_left, &first, &second);
        uint32_t bits = FOLDBENCH_PANE_VISIBLE | compact_along(size_class, axis);
        int leads = s->primary_takes_first[axis];
        foldbench_rect *p = leads ? &first : &second, *q = leads ? &second : &first;
        put(primary, p->x, p->y, p->width, p->height, bits);
        put(secondary, q->x, q->y, q->width, q->height, bits);
        return;
    }
    int axis = divider >= 0 ? (vertical ? FOLDBENCH_AXIS_HORIZONTAL : FOLDBENCH_AXIS_VERTICAL)
                            : (b->width >= b->height ? FOLDBENCH_AXIS_HORIZONTAL : FOLDBENCH_AXIS_VERTICAL);
    if (!(s->axes & (1u << axis))) {
        put(primary, b->x, b->y, b->width, b->height, alone);
        put(secondary, 0, 0, 0, 0, 0);
        return;
    }
    uint32_t bits = FOLDBENCH_PANE_VISIBLE | compact_along(size_class, axis) |
                    (axis == FOLDBENCH_AXIS_HORIZONTAL ? FOLDBENCH_PANE_SPLIT_HORIZONTAL : FOLDBENCH_PANE_SPLIT_VERTICAL);
    if (divider >= 0) {
        foldbench_rect first, second;
        divide(b, &c->regions[divider], vertical, c->right_to_left, &first, &second);
        put(primary, first.x, first.y, first.width, first.height, bits);
        put(secondary, second.x, second.y, second.width, second.height, bits);
        return;
    }
    double length = axis == FOLDBENCH_AXIS_HORIZONTAL ? b->width : b->height;
    const axis_range *pr = &s->range[axis][0], *sr = &s->range[axis][1];
    double p_lo = fmax(pr->lo_const, pr->lo_ratio * length);
    double s_lo = fmax(sr->lo_const, sr->lo_ratio * length);
    if (p_lo + s_lo > length) {
        foldbench_pane_layout *shown = s->primary_wins_collapse ? primary : secondary;
        foldbench_pane_layout *hidden = s->primary_wins_collapse ? secondary : primary;
        put(shown, b->x, b->y, b->width, b->height, alone);
        put(hidden, 0, 0, 0, 0, 0);
        return;
    }
    int primary_first = s->primary_first[axis];
    const axis_range *fr = primary_first ? pr : sr, *sc = primary_first ? sr : pr;
    double first_lo = primary_first ? p_lo : s_lo, second_lo = primary_first ? s_lo : p_lo;
    double first_hi = fmax(fr->hi_const + fr->hi_ratio * length, first_lo);
    double second_hi = fmax(sc->hi_const + sc->hi_ratio * length, second_lo);
    double first_ideal = fr->has_ideal ? fr->ideal_const + fr->ideal_ratio * length : length / 2;
    double first_length = clamp(first_ideal, first_lo, fmin(first_hi, length - second_lo));
    double remaining = length - first_length;
    double second_ideal = sc->has_ideal ? sc->ideal_const + sc->ideal_ratio * length : remaining;
    double second_length = clamp(second_ideal, second_lo, fmin(second_hi, remaining));
    first_length += length - first_length - second_length;
    double p_len = primary_first ? first_length : second_length;
    double s_len = primary_first ? second_length : first_length;
    if (axis == FOLDBENCH_AXIS_HORIZONTAL) {
        double px = c->right_to_left ? b->x + s_len : b->x;
        double sx = c->right_to_left ? b->x : b->x + p_len;
        put(primary, px, b->y, p_len, b->height, bits);
        put(secondary, sx, b->y, s_len, b->height, bits);
    } else {
        put(primary, b->x, b->y, b->width, p_len, bits);
        put(secondary, b->x, b->y + p_len, b->width, s_len, bits);
    }
}

void foldbench_variant_relayout(void *prepared_value, const foldbench_context *c, foldbench_pane_layout *panes) {
    const prepared *p = prepared_value;
    uint32_t root_class = (c->horizontal_compact ? FOLDBENCH_PANE_HORIZONTAL_COMPACT : 0) |
                          (c->vertical_compact ? FOLDBENCH_PANE_VERTICAL_COMPACT : 0);
    place(&p->steps[0], &c->bounds, root_class, c, panes);
    for (uint32_t i = 1; i < p->count; i++) {
        const step *s = &p->steps[i];
        const foldbench_pane_layout *holder = &panes[s->parent];
        if (!(holder->bits & FOLDBENCH_PANE_VISIBLE)) {
            /* Contract 3: every pane below a hidden view is hidden. */
            put(&panes[s->primary], 0, 0, 0, 0, 0);
            put(&panes[s->secondary], 0, 0, 0, 0, 0);
            continue;
        }
        place(s, &holder->frame, holder->bits & (FOLDBENCH_PANE_HORIZONTAL_COMPACT | FOLDBENCH_PANE_VERTICAL_COMPACT),
              c, panes);
    }
}
