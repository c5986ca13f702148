// The few C library calls Cleanse needs that the C library's Swift module map does not
// export: on Linux, `gettid` and `pthread_getattr_np` need `_GNU_SOURCE`, which only a C
// file can define before its headers. Declared here, defined in CCleanseSystem.c.
#ifndef C_CLEANSE_SYSTEM_H
#define C_CLEANSE_SYSTEM_H

#if defined(__linux__)
#include <pthread.h>
#include <sys/types.h>

/// The kernel's id of the calling thread (`gettid`).
pid_t cleanse_current_thread_id(void);

/// The attributes of a running thread, its stack bounds included (`pthread_getattr_np`).
/// Returns 0 on success; the caller destroys the attributes.
int cleanse_thread_attributes(pthread_t thread, pthread_attr_t *attributes);
#endif

#endif
