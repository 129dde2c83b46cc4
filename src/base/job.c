/*
 * job.c: work on a thread of its own, or at once (job.h).
 */
#include "base/job.h"

void
cga_job_start(struct cga_job *j, void *(*fn)(void *), void *arg)
{
	j->running = pthread_create(&j->thread, NULL, fn, arg) == 0;
	if (!j->running)
		(void)fn(arg);
}

void
cga_job_wait(struct cga_job *j)
{
	if (j->running) {
		pthread_join(j->thread, NULL);
		j->running = 0;
	}
}
