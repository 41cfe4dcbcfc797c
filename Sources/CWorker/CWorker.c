#define _GNU_SOURCE
#include "CWorker.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fenv.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

/* --- The supervisor's side -------------------------------------------------------- */

/* A descriptor moved above the ones the worker is given, close-on-exec. */
static int high(int fd) {
    if (fd < 0) return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    close(fd);
    return moved;
}

int foldbench_spawn_worker(const char *path, char *const argv[], char *const envp[], pid_t *pid, int fds[3],
                           foldbench_crumb **crumb) {
    int channel[2], out[2], err[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, channel) != 0) return errno;
    if (pipe(out) != 0 || pipe(err) != 0) return errno;
    /* The crumb is System V shared memory, not a file: no file-size limit (ulimit -f, set
     * for the reports) applies to it. Marked for removal at once, so that it goes with
     * the last process that has it attached; Linux lets the worker attach it still. */
    int crumb_id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
    if (crumb_id < 0) return errno;
    foldbench_crumb *shared = shmat(crumb_id, NULL, 0);
    shmctl(crumb_id, IPC_RMID, NULL);
    if (shared == (void *)-1) return errno;
    int child[3] = {high(channel[1]), high(out[1]), high(err[1])};
    int mine[3] = {high(channel[0]), high(out[0]), high(err[0])};
    memset(shared, 0, sizeof *shared);
    shared->magic = FOLDBENCH_CRUMB_MAGIC;
    shared->scenario = shared->variant = shared->library = shared->last_library = -1;
    /* The environment, with the crumb's id. */
    size_t count = 0;
    while (envp[count]) count++;
    char **environment = calloc(count + 3, sizeof *environment);
    char crumb_variable[64];
    snprintf(crumb_variable, sizeof crumb_variable, "FOLDBENCH_CRUMB=%d", crumb_id);
    for (size_t i = 0; i < count; i++) environment[i] = envp[i];
    environment[count] = crumb_variable;
    /* Inherited by every process a library starts, which the supervisor ends by it. */
    snprintf(shared->mark, sizeof shared->mark, "FOLDBENCH_WORKER_MARK=%d-%d", (int)getpid(), crumb_id);
    environment[count + 1] = shared->mark;

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, child[1], 1);
    posix_spawn_file_actions_adddup2(&actions, child[2], 2);
    posix_spawn_file_actions_adddup2(&actions, child[0], FOLDBENCH_CHANNEL_FD);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    int failed = posix_spawn(pid, path, &actions, &attributes, argv, environment);
    free(environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    for (int i = 0; i < 3; i++) close(child[i]);
    if (failed) {
        for (int i = 0; i < 3; i++) close(mine[i]);
        shmdt(shared);
        return failed;
    }
    for (int i = 0; i < 3; i++) {
        fcntl(mine[i], F_SETFL, fcntl(mine[i], F_GETFL) | O_NONBLOCK);
        fds[i] = mine[i];
    }
    *crumb = shared;
    return 0;
}

void foldbench_kill_group(pid_t pid) {
    kill(-pid, SIGKILL);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

int foldbench_reap(pid_t pid, int *status) {
    pid_t done = waitpid(pid, status, WNOHANG);
    return done == pid;
}

int foldbench_poll(const int *fds, int count, int timeout_ms) {
    struct pollfd polled[8];
    if (count > 8) count = 8;
    for (int i = 0; i < count; i++) {
        polled[i].fd = fds[i];
        polled[i].events = POLLIN;
        polled[i].revents = 0;
    }
    if (poll(polled, (nfds_t)count, timeout_ms) <= 0) return 0;
    int ready = 0;
    for (int i = 0; i < count; i++)
        if (polled[i].revents) ready |= 1 << i;
    return ready;
}

int64_t foldbench_monotonic_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* --- The worker's side ------------------------------------------------------------ */

static foldbench_crumb *worker_crumb;

/* The memory whose faults have a name: guard pages around panes, read-only inputs. */
typedef struct named_range {
    uintptr_t start, end;
    uint32_t kind;
    uintptr_t origin; /* BEFORE: the first pane; AFTER: the end of the last pane */
} named_range;
#define RANGE_CAPACITY 512
static named_range ranges[RANGE_CAPACITY];
static volatile int range_count;

static void add_range(uintptr_t start, uintptr_t end, uint32_t kind, uintptr_t origin) {
    for (int i = 0; i < range_count; i++)
        if (ranges[i].end == 0) {
            ranges[i] = (named_range){start, end, kind, origin};
            return;
        }
    if (range_count < RANGE_CAPACITY) {
        ranges[range_count] = (named_range){start, end, kind, origin};
        range_count = range_count + 1;
    }
}

static void set_range_kind(uintptr_t start, uint32_t kind) {
    for (int i = 0; i < range_count; i++)
        if (ranges[i].start == start && ranges[i].end != 0) ranges[i].kind = kind;
}

static void remove_ranges(uintptr_t start, uintptr_t end) {
    for (int i = 0; i < range_count; i++)
        if (ranges[i].start >= start && ranges[i].end <= end) ranges[i].start = ranges[i].end = 0;
}

static void on_fault(int signal, siginfo_t *info, void *context) {
    (void)context;
    if (worker_crumb && worker_crumb->fault_signal == 0) {
        uintptr_t address = (uintptr_t)info->si_addr;
        uint32_t kind = FOLDBENCH_FAULT_ELSEWHERE;
        int64_t offset = 0;
        if (signal == SIGSEGV || signal == SIGBUS)
            for (int i = 0; i < range_count; i++) {
                if (address < ranges[i].start || address >= ranges[i].end) continue;
                kind = ranges[i].kind;
                if (kind == FOLDBENCH_FAULT_BEFORE_PANES) offset = (int64_t)(ranges[i].origin - address);
                if (kind == FOLDBENCH_FAULT_AFTER_PANES) offset = (int64_t)(address - ranges[i].origin);
                break;
            }
        worker_crumb->fault_kind = kind;
        worker_crumb->fault_offset = offset;
        worker_crumb->fault_signal = signal;
    }
    /* Die of the same signal: the supervisor reads it from the wait status. */
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(signal, &action, NULL);
    raise(signal);
}

static char alternate_stack[1 << 16];

/* The resource limits the worker started with: a library lowering one (descriptors, say)
 * leaves FoldBench's own code failing where it cannot say why, so the worker compares
 * them after every call it watches. */
static const int watched_limits[] = {RLIMIT_NOFILE, RLIMIT_AS,    RLIMIT_DATA,    RLIMIT_STACK, RLIMIT_CPU,
                                     RLIMIT_FSIZE,  RLIMIT_NPROC, RLIMIT_MEMLOCK, RLIMIT_CORE};
#define WATCHED_LIMIT_COUNT (sizeof watched_limits / sizeof watched_limits[0])
static const char *const watched_limit_names[] = {"RLIMIT_NOFILE", "RLIMIT_AS",    "RLIMIT_DATA",
                                                  "RLIMIT_STACK",  "RLIMIT_CPU",   "RLIMIT_FSIZE",
                                                  "RLIMIT_NPROC",  "RLIMIT_MEMLOCK", "RLIMIT_CORE"};
static struct rlimit started_limits[WATCHED_LIMIT_COUNT];

/* The floating-point control state every computation of the process shares: the rounding
 * mode, and on x86-64 the SSE control word (flush-to-zero, denormals-are-zero, masked
 * exceptions) without its sticky status flags, which any arithmetic sets. */
static unsigned float_control(void) {
#if defined(__x86_64__)
    return (_mm_getcsr() & ~0x3Fu) ^ (unsigned)fegetround() << 16;
#else
    return (unsigned)fegetround();
#endif
}
static unsigned started_float_control;

foldbench_crumb *foldbench_worker_attach(void) {
    if (worker_crumb) return worker_crumb;
    const char *id = getenv("FOLDBENCH_CRUMB");
    if (!id) return NULL;
    foldbench_crumb *crumb = shmat(atoi(id), NULL, 0);
    if (crumb == (void *)-1 || crumb->magic != FOLDBENCH_CRUMB_MAGIC) return NULL;
    /* A process the worker starts is not a worker. */
    unsetenv("FOLDBENCH_CRUMB");
    worker_crumb = crumb;
    stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0};
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_ONSTACK | SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    for (size_t i = 0; i < WATCHED_LIMIT_COUNT; i++) getrlimit(watched_limits[i], &started_limits[i]);
    started_float_control = float_control();
    /* What a library prints reaches the supervisor at once, not at exit (or never, at _exit). */
    setvbuf(stdout, NULL, _IONBF, 0);
    setvbuf(stderr, NULL, _IONBF, 0);
    return crumb;
}

foldbench_crumb *foldbench_crumb_get(void) { return worker_crumb; }

int foldbench_replaced_handler(void) {
    if (worker_crumb == NULL) return 0;
    const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0) continue;
        if (!(current.sa_flags & SA_SIGINFO) || current.sa_sigaction != on_fault) return signals[i];
    }
    return 0;
}

const char *foldbench_changed_limit(unsigned long long *was, unsigned long long *now) {
    if (worker_crumb == NULL) return NULL;
    for (size_t i = 0; i < WATCHED_LIMIT_COUNT; i++) {
        struct rlimit current;
        if (getrlimit(watched_limits[i], &current) != 0) continue;
        if (current.rlim_cur == started_limits[i].rlim_cur && current.rlim_max == started_limits[i].rlim_max) continue;
        *was = started_limits[i].rlim_cur == RLIM_INFINITY ? ~0ull : (unsigned long long)started_limits[i].rlim_cur;
        *now = current.rlim_cur == RLIM_INFINITY ? ~0ull : (unsigned long long)current.rlim_cur;
        return watched_limit_names[i];
    }
    return NULL;
}

int foldbench_changed_float_control(unsigned *was, unsigned *now) {
    if (worker_crumb == NULL) return 0;
    *was = started_float_control;
    *now = float_control();
    return *now != *was;
}

/* /proc/PID/FILE's first `size - 1` bytes into `text`, NUL-terminated: how many were
 * read, or -1 (the process is gone, or the file empty). */
static ssize_t read_proc(pid_t pid, const char *file, char *text, size_t size) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, file);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t count = read(fd, text, size - 1);
    close(fd);
    if (count <= 0) return -1;
    text[count] = 0;
    return count;
}

long long foldbench_resident_bytes(pid_t pid) {
    char text[128];
    if (read_proc(pid, "statm", text, sizeof text) < 0) return -1;
    long long size = 0, resident = 0;
    if (sscanf(text, "%lld %lld", &size, &resident) != 2) return -1;
    return resident * (long long)sysconf(_SC_PAGESIZE);
}

/* The parent of process `pid`, from /proc/PID/stat (its 4th field, after the name in
 * parentheses, which may itself hold spaces and parentheses); -1 when it is gone. */
static pid_t parent_of(pid_t pid, int *zombie) {
    char text[512];
    if (read_proc(pid, "stat", text, sizeof text) < 0) return -1;
    char *end = strrchr(text, ')');
    int parent = -1;
    char state = 0;
    if (end == NULL || sscanf(end + 1, " %c %d", &state, &parent) != 2) return -1;
    *zombie = state == 'Z';
    return (pid_t)parent;
}

/* Whether process `pid`'s environment holds the entry `mark` (NAME=VALUE). */
static int marked(pid_t pid, const char *mark) {
    static char environment[1 << 16];
    ssize_t count = read_proc(pid, "environ", environment, sizeof environment);
    if (count < 0) return 0;
    for (ssize_t at = 0; at < count; at += (ssize_t)strlen(environment + at) + 1)
        if (strcmp(environment + at, mark) == 0) return 1;
    return 0;
}

int foldbench_end_children(const char *mark) {
    pid_t self = getpid();
    int ended = 0;
    /* A process ended here hands its own children to this one (a subreaper): go round
     * until a pass finds none. */
    for (int round = 0; round < 64; round++) {
        int found = 0;
        DIR *proc = opendir("/proc");
        if (proc == NULL) return ended;
        struct dirent *entry;
        while ((entry = readdir(proc)) != NULL) {
            char *rest;
            long pid = strtol(entry->d_name, &rest, 10);
            int zombie = 0;
            if (*rest != 0 || pid <= 0 || parent_of((pid_t)pid, &zombie) != self) continue;
            /* Given a mark, an ended child (its environment gone with it) is another's to reap. */
            if (mark != NULL && (zombie || !marked((pid_t)pid, mark))) continue;
            /* Without one, an ended child is only reaped, and not counted. */
            if (!zombie) kill((pid_t)pid, SIGKILL);
            int status;
            while (waitpid((pid_t)pid, &status, 0) < 0 && errno == EINTR) {
            }
            if (!zombie) found++;
        }
        closedir(proc);
        ended += found;
        if (found == 0) break;
    }
    return ended;
}

int foldbench_thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL)
        if (entry->d_name[0] != '.') count++;
    closedir(tasks);
    return count;
}

int foldbench_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int foldbench_worker_has_children(void) {
    int found = 0, status;
    for (;;) {
        pid_t child = waitpid(-1, &status, WNOHANG);
        if (child > 0) {
            found = 1;
            continue;
        }
        if (child == 0) found = 1;
        return found;
    }
}

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }
static size_t round_up(size_t bytes) { return (bytes + page_size() - 1) / page_size() * page_size(); }

void *foldbench_guarded_panes(size_t bytes, size_t guard) {
    guard = round_up(guard);
    size_t body = round_up(bytes);
    size_t total = guard + body + guard;
    unsigned char *base = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    if (mprotect(base + guard, body, PROT_READ | PROT_WRITE) != 0) {
        munmap(base, total);
        return NULL;
    }
    unsigned char *panes = base + guard + body - bytes;
    memset(base + guard, FOLDBENCH_CANARY, body - bytes);
    memset(panes, 0, bytes);
    add_range((uintptr_t)base, (uintptr_t)panes, FOLDBENCH_FAULT_BEFORE_PANES, (uintptr_t)panes);
    add_range((uintptr_t)panes, (uintptr_t)(base + guard + body), FOLDBENCH_FAULT_PANES, (uintptr_t)panes);
    add_range((uintptr_t)(base + guard + body), (uintptr_t)(base + total), FOLDBENCH_FAULT_AFTER_PANES,
              (uintptr_t)(panes + bytes));
    return panes;
}

static unsigned char *guarded_base(const void *panes, size_t bytes, size_t guard) {
    return (unsigned char *)panes + bytes - round_up(bytes) - round_up(guard);
}

void foldbench_guarded_panes_free(void *panes, size_t bytes, size_t guard) {
    unsigned char *base = guarded_base(panes, bytes, guard);
    size_t total = 2 * round_up(guard) + round_up(bytes);
    remove_ranges((uintptr_t)base, (uintptr_t)(base + total));
    munmap(base, total);
}

size_t foldbench_canary_damage(const void *panes, size_t bytes, size_t guard) {
    const unsigned char *first = (const unsigned char *)panes;
    size_t slack = round_up(bytes) - bytes;
    (void)guard;
    for (size_t distance = slack; distance > 0; distance--)
        if (first[-(ptrdiff_t)distance] != FOLDBENCH_CANARY) return distance;
    return 0;
}

void *foldbench_input_pages(size_t bytes, uint32_t fault_kind) {
    size_t size = round_up(bytes > 0 ? bytes : 1);
    void *pages = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) return NULL;
    add_range((uintptr_t)pages, (uintptr_t)pages + size, fault_kind, 0);
    return pages;
}

void foldbench_input_pages_free(void *pages, size_t bytes) {
    size_t size = round_up(bytes > 0 ? bytes : 1);
    remove_ranges((uintptr_t)pages, (uintptr_t)pages + size);
    munmap(pages, size);
}

int foldbench_protect(void *pages, size_t bytes, int mode, uint32_t fault_kind) {
    size_t size = round_up(bytes > 0 ? bytes : 1);
    set_range_kind((uintptr_t)pages, fault_kind);
    int protection = mode == 0 ? PROT_READ | PROT_WRITE : mode == 1 ? PROT_READ : PROT_NONE;
    return mprotect(pages, size, protection);
}
