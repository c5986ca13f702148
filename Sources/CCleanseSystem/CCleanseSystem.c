// Defines what CCleanseSystem.h declares. `_GNU_SOURCE` comes first so that the C library's
// headers declare the GNU extensions.
#if defined(__linux__)
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include "CCleanseSystem.h"

pid_t cleanse_current_thread_id(void) {
    return (pid_t)syscall(SYS_gettid);
}

int cleanse_thread_attributes(pthread_t thread, pthread_attr_t *attributes) {
    return pthread_getattr_np(thread, attributes);
}
#endif
