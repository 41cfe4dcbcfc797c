#include "CCallgrind.h"
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
void foldbench_callgrind_start(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_TOGGLE_COLLECT; }
void foldbench_callgrind_stop(void) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_STOP_INSTRUMENTATION; }
void foldbench_callgrind_dump(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
void foldbench_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void foldbench_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void foldbench_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
int foldbench_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
#else
void foldbench_callgrind_toggle_collect(void) {}
void foldbench_callgrind_start_instrumentation(void) {}
void foldbench_callgrind_stop_instrumentation(void) {}
void foldbench_callgrind_start(void) {}
void foldbench_callgrind_stop(void) {}
void foldbench_callgrind_dump(const char *label) { (void)label; }
int foldbench_running_on_valgrind(void) { return 0; }
#endif
