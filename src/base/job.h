/*
 * job.h: work begun on a thread of its own beside the caller's, or done
 * at once when no thread can be made, so that what it makes is there
 * either way once cga_job_wait returns: the inclusive costs' names, the
 * model's jumps, the formats' early work, the page's flame graph.
 */
#ifndef CGA_JOB_H
#define CGA_JOB_H

#include <pthread.h>

struct cga_job {
	pthread_t	 thread;
	int		 running;	/* on its thread, not waited for */
};

/* fn(arg) on a thread of its own, or now. */
void	cga_job_start(struct cga_job *, void *(*fn)(void *), void *arg);
/* Waits for it, if it runs on a thread still; zeroed jobs too. */
void	cga_job_wait(struct cga_job *);

#endif
