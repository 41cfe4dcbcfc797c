#ifndef FOLDBENCH_CWORKER_H
#define FOLDBENCH_CWORKER_H
/* The worker and its supervisor, the parts that must be C: starting the worker in a
 * process group of its own with its channel on a fixed descriptor, the
 * crumb (what the worker is doing, in memory both processes attach), the signal handler
 * that says where a fault landed, and the guarded memory a library is handed.
 *
 * A worker's descriptors: 0 /dev/null, 1 and 2 pipes its supervisor reads apart (a
 * library must print nothing), 3 the channel (a socket: the request in, the replies
 * out, one JSON value a line). The crumb is a page of System V shared memory whose id
 * is in FOLDBENCH_CRUMB. */

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define FOLDBENCH_CHANNEL_FD 3
#define FOLDBENCH_CRUMB_MAGIC 0x46424352u /* "FBCR" */

/* What a worker is doing (foldbench_crumb.phase). */
enum {
    FOLDBENCH_PHASE_STARTING = 0,
    FOLDBENCH_PHASE_LOADING = 1,   /* dlopen, the library's constructors, its name and version */
    FOLDBENCH_PHASE_PREPARING = 2, /* the trees, the workloads, the reference's answers */
    FOLDBENCH_PHASE_CHECKING = 3,  /* every frame and history step against the reference */
    FOLDBENCH_PHASE_TIMING = 4,    /* batches of frames under the clock */
    FOLDBENCH_PHASE_RECHECKING = 5,/* every frame again after timing */
    FOLDBENCH_PHASE_COUNTING = 6,  /* instructions under callgrind */
    FOLDBENCH_PHASE_ANSWERING = 7, /* fixtures' frames, or a one-off resolution */
    FOLDBENCH_PHASE_FINISHING = 8, /* the replies written */
    FOLDBENCH_PHASE_SAMPLING = 9   /* the run's time samples: the batches its report totals */
};

/* What foldbench_crumb.step counts. */
enum {
    FOLDBENCH_STEP_NONE = 0,
    FOLDBENCH_STEP_FRAME = 1,         /* a frame of the timeline */
    FOLDBENCH_STEP_SECOND_PASS = 2,   /* a frame of the second pass (a variant that remembers) */
    FOLDBENCH_STEP_HISTORY = 3,       /* a step of the adversarial history */
    FOLDBENCH_STEP_BATCH = 4,         /* a timed batch (a round) */
    FOLDBENCH_STEP_PREPARE = 5,       /* the library's prepare */
    FOLDBENCH_STEP_EDIT = 6,          /* the library's edit (interface version 2) */
    FOLDBENCH_STEP_EDIT_HISTORY = 7,  /* a frame of the edit history */
    FOLDBENCH_STEP_HISTORY_EDIT = 8   /* the library's edit at a frame of the edit history */
};

/* Where a fault landed (foldbench_crumb.fault_kind). */
enum {
    FOLDBENCH_FAULT_ELSEWHERE = 0,
    FOLDBENCH_FAULT_BEFORE_PANES = 1, /* offset: bytes before the first pane */
    FOLDBENCH_FAULT_AFTER_PANES = 2,  /* offset: bytes after the last pane's end */
    FOLDBENCH_FAULT_CONTEXT = 3,      /* the context or its regions (read-only) */
    FOLDBENCH_FAULT_TREE = 4,         /* the tree during prepare or edit (read-only) */
    FOLDBENCH_FAULT_TREE_AFTER = 5,   /* the tree after prepare or edit returned (rule 3) */
    FOLDBENCH_FAULT_PANES = 6         /* the panes themselves: only a library can have made them unwritable */
};

/* Written by the worker, read by its supervisor. Plain stores; the supervisor reads a
 * field at a time and only trusts what is consistent (the magic, indices in range). */
typedef struct foldbench_crumb {
    uint32_t magic;
    uint32_t phase;
    int32_t scenario;     /* index in the request's scenarios, -1 none */
    int32_t variant;      /* index in the request's variants, -1 none */
    int32_t library;      /* index in the request's libraries whose code runs now, -1 none */
    int32_t last_library; /* the library called last, -1 none */
    uint32_t step_kind;   /* FOLDBENCH_STEP_* */
    uint32_t limit_ms;    /* how long the current step may take; 0: the request's general limit */
    int64_t step;         /* the frame, history step or batch last begun */
    uint64_t tick;        /* bumped at every begin and end */
    int32_t fault_signal; /* the signal that ended the worker, 0 none */
    uint32_t fault_kind;  /* FOLDBENCH_FAULT_* */
    int64_t fault_offset;
    /* The edits that landed on the frame a checked step is at, in words (NUL-terminated,
     * cut at a character), while the library takes them and until its next relayout on
     * that frame returns: a failure there names them. Empty otherwise. */
    char edits[512];
    /* FOLDBENCH_WORKER_MARK=...: the entry the supervisor put in the worker's environment,
     * which every process a library starts inherits (unless it clears it). */
    char mark[64];
} foldbench_crumb;

/* --- The supervisor's side -------------------------------------------------------- */

/* Starts `path` with `argv` and `envp` in a new process group, its descriptors as above.
 * On success returns 0 and fills pid and fds: [0] the channel, [1] its standard output,
 * [2] its standard error (all non-blocking, close-on-exec) and attaches the crumb at *crumb.
 * On failure returns an errno value. */
int foldbench_spawn_worker(const char *path, char *const argv[], char *const envp[], pid_t *pid, int fds[3],
                           foldbench_crumb **crumb);
/* Kills the worker's whole process group (SIGKILL) and reaps the worker. */
void foldbench_kill_group(pid_t pid);
/* Reaps the worker if it has ended: 1 and its wait status, or 0 while it runs. */
int foldbench_reap(pid_t pid, int *status);
/* Waits for one of fds to be readable, at most timeout_ms; a bit per readable or closed fd. */
int foldbench_poll(const int *fds, int count, int timeout_ms);
/* Milliseconds of the monotonic clock. */
int64_t foldbench_monotonic_ms(void);

/* --- The worker's side ------------------------------------------------------------ */

/* Attaches the crumb FOLDBENCH_CRUMB names and installs the fault handlers; makes this
 * process a subreaper, so that a process a library starts stays its child. Returns
 * the crumb, or NULL when this process was not started as a worker (then the functions
 * below that take a crumb are not to be called, and the guarded memory still works). */
foldbench_crumb *foldbench_worker_attach(void);
/* The crumb (NULL outside a worker). */
foldbench_crumb *foldbench_crumb_get(void);
/* Begins a step: its kind, number, the library whose code runs (-1 none) and its limit. */
static inline void foldbench_crumb_begin(foldbench_crumb *crumb, int32_t library, uint32_t kind, int64_t step,
                                         uint32_t limit_ms) {
    if (!crumb) return;
    crumb->step_kind = kind;
    crumb->step = step;
    crumb->limit_ms = limit_ms;
    crumb->library = library;
    if (library >= 0) crumb->last_library = library;
    __atomic_store_n(&crumb->tick, crumb->tick + 1, __ATOMIC_RELEASE);
}
/* Ends a library's call: FoldBench's own code runs again, under the general limit. */
static inline void foldbench_crumb_end(foldbench_crumb *crumb) {
    if (!crumb) return;
    crumb->library = -1;
    crumb->limit_ms = 0;
    __atomic_store_n(&crumb->tick, crumb->tick + 1, __ATOMIC_RELEASE);
}
/* 1 when a process this worker (or a library in it) started exists, reaping those that ended. */
int foldbench_worker_has_children(void);
/* Ends (SIGKILL) and reaps every process whose parent is this one, only those whose
 * environment holds `mark` (NAME=VALUE) unless it is NULL; the children of those it
 * ends come to this process too when it is a subreaper, and are ended in turn. Returns
 * how many it ended. */
int foldbench_end_children(const char *mark);
/* The first of the signals whose handler the worker installed that now has another, or 0. */
int foldbench_replaced_handler(void);
/* The first of the resource limits the worker started with (descriptors, address space,
 * data, stack, CPU time, file size, processes, locked memory, core size) that has changed
 * since, by name ("RLIMIT_NOFILE"), with its soft limit then and now (~0 for unlimited);
 * NULL when none has. */
const char *foldbench_changed_limit(unsigned long long *was, unsigned long long *now);

/* 1 when the floating-point control state (the rounding mode; on x86-64 also the SSE
 * control word's flush-to-zero, denormals-are-zero and exception masks) differs from the
 * worker's at attach, with both in `was` and `now`; 0 otherwise, or outside a worker. */
int foldbench_changed_float_control(unsigned *was, unsigned *now);
/* The resident memory of process `pid` in bytes (/proc/PID/statm), -1 when unknown. */
long long foldbench_resident_bytes(pid_t pid);
/* The threads of this process (its /proc/self/task entries), -1 when unknown. */
int foldbench_thread_count(void);
/* Makes this process a subreaper (PR_SET_CHILD_SUBREAPER): a process orphaned below it
 * becomes its child, not init's. */
int foldbench_become_subreaper(void);

/* Guarded panes: `bytes` of panes whose last byte ends a page, with `guard` bytes of
 * inaccessible pages on both sides; the bytes between the guard before and the first
 * pane (less than a page) hold FOLDBENCH_CANARY. Returns the first pane, or NULL. */
#define FOLDBENCH_CANARY 0xA5
void *foldbench_guarded_panes(size_t bytes, size_t guard);
void foldbench_guarded_panes_free(void *panes, size_t bytes, size_t guard);
/* The number of canary bytes before `panes` that changed, counting back from the first
 * pane: the distance of the farthest changed byte, or 0 when all hold. */
size_t foldbench_canary_damage(const void *panes, size_t bytes, size_t guard);
/* Whole pages for inputs: mapped writable; protect with foldbench_protect. A fault in
 * one is reported as `fault_kind` (CONTEXT, TREE or TREE_AFTER). */
void *foldbench_input_pages(size_t bytes, uint32_t fault_kind);
void foldbench_input_pages_free(void *pages, size_t bytes);
/* mode 0: read and write; 1: read only; 2: no access. The fault kind can change with it. */
int foldbench_protect(void *pages, size_t bytes, int mode, uint32_t fault_kind);
#endif
