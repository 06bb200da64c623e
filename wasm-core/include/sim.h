/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim.h - the deterministic discrete-event simulator of many CPUs.
 *
 * Time is virtual and counted in nanoseconds. Simulated tasks run model code
 * (coroutines, see co.h) on simulated CPUs. Model code charges the CPU time
 * of the work it really does with sim_charge(); whenever it touches state
 * that other tasks share at a given instant (a lock, a wait queue, the block
 * device) it yields to the engine, which performs the operation at the
 * task's own virtual time: the event time it resumed at plus what it has
 * charged since. Events are ordered by (time, sequence number), so a run
 * depends on nothing but its parameters and its seed.
 *
 * Every random choice draws from one seeded generator. There is no wall
 * clock, no host thread and no I/O in here.
 *
 * A run is bounded: max_events, max_steps and max_mem bytes. Exceeding one
 * stops the run with an error that names the budget; it never hangs.
 */
#ifndef JC_SIM_H
#define JC_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "co.h"
#include "list.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;

#define SIM_MAX_CPUS	256
#define SIM_MAX_LOCKS	64
#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_SEC	1000000000ULL

/* What a CPU spends its time on; the heatmap bins these. */
enum cpu_state {
	CPU_IDLE,
	CPU_RUN,
	CPU_SPIN,	/* busy-waiting for a spinlock */
	CPU_SLEEP,	/* its task sleeps on a wait queue or a grace period */
	CPU_IO,		/* its task waits for the block device */
	CPU_NR_STATES,
};

enum task_state {
	TASK_READY,	/* runnable, waiting for its CPU */
	TASK_RUN,
	TASK_SPIN,
	TASK_SLEEP,
	TASK_IO,
	TASK_DONE,
};

/* What a yielding task asks the engine to do at its virtual time. */
enum sim_req {
	REQ_NONE,
	REQ_DELAY,	/* nothing: let the charged time pass */
	REQ_LOCK,
	REQ_UNLOCK,
	REQ_SLEEP,	/* sleep on req_wq until woken */
	REQ_WAKE,	/* wake every sleeper of req_wq */
	REQ_IO,		/* submit req_bytes to req_dev and wait for completion */
	REQ_RCU_LOCK,
	REQ_RCU_UNLOCK,
	REQ_RCU_SYNC,	/* sleep until a grace period has elapsed */
	REQ_HALT,	/* the run reached its stop step */
	REQ_EXIT,	/* the task's entry function returned */
};

struct sim;
struct task;
struct spinlock;
struct wait_queue_head;
struct blkdev;

typedef int (*task_fn)(struct sim *s, struct task *t);

/*
 * struct task - a simulated thread, pinned to one CPU.
 * @fn is its coroutine entry; @priv its model-side frame.
 */
struct task {
	int id;
	int cpu;
	char name[24];
	enum task_state state;
	task_fn fn;
	void *priv;

	u64 pending_ns;		/* charged since the task last resumed */
	int line;		/* model source line it last stood at */
	const char *func;	/* model function it last stood in */

	enum sim_req req;
	struct spinlock *req_lock;
	struct wait_queue_head *req_wq;
	u64 req_wake_seq;		/* req_wq->wake_seq when it checked */
	struct blkdev *req_dev;
	u64 req_bytes;
	bool req_flush;

	struct list_head wait_entry;	/* on a lock's or wait queue's list */
	struct list_head rq_entry;	/* on its CPU's run queue */
	int rcu_nesting;
	u64 rcu_epoch;			/* grace-period epoch its section began in */

	u64 spin_ns;			/* time spent spinning */
	u64 sleep_ns;
	u64 io_ns;
	u64 state_since;
};

/*
 * struct spinlock - a spinlock with FIFO handoff.
 *
 * A waiter busy-waits on its CPU (CPU_SPIN). At unlock, ownership passes to
 * the oldest waiter; it starts running after a cache-line transfer whose
 * cost grows with the number of CPUs polling the line. Callers: the holder
 * must not sleep; unlock only by the holder.
 */
struct spinlock {
	const char *name;
	int id;
	struct task *owner;
	int last_cpu;			/* CPU that last held it (line owner) */
	struct list_head waiters;	/* FIFO of struct task.wait_entry */
	int nr_waiters;
	u64 acquisitions;
	u64 contended;
	u64 spin_ns;			/* summed over all waiters */
	u64 hold_ns;
	u64 acquired_at;
};

/*
 * struct wait_queue_head - tasks sleeping until a condition may hold.
 * @wake_seq counts wake_up_all() calls, with or without sleepers: a task
 * that checked its condition before a wake but asks to sleep after it (its
 * charged time had not yet passed) does not sleep, as prepare_to_wait()
 * would have queued it before the check.
 */
struct wait_queue_head {
	const char *name;
	struct list_head head;
	u64 wakeups;
	u64 wake_seq;
};

/*
 * struct blkdev - a block device with @channels parallel queues.
 * A request waits for the first free channel, then costs latency_ns plus
 * its bytes at bw_bytes_per_s; a flush (FUA/preflush) adds flush_ns.
 */
struct blkdev {
	const char *name;
	int channels;
	u64 latency_ns;
	u64 bw_bytes_per_s;
	u64 flush_ns;
	u64 busy_until[8];
	u64 requests;
	u64 bytes;
	u64 queue_ns;		/* summed time requests waited for a channel */
};

/* The machine-wide costs every lab shares; labs add their own table. */
struct sim_costs {
	u64 lock_acquire_ns;	/* uncontended atomic on a local line */
	u64 line_transfer_ns;	/* moving a cache line to another CPU */
	u64 line_transfer_per_waiter_ns; /* extra per CPU polling the line */
	u64 wakeup_ns;		/* from wake_up to the sleeper running */
	u64 ctx_switch_ns;
	u64 rcu_gp_min_ns;	/* shortest grace period */
};

struct sim_event {
	u64 time;
	u64 seq;
	struct task *task;
};

/*
 * struct sim_heat - time spent, binned by time bucket: @rows x @cols values
 * per bucket, in ns. The CPU heatmap is one (rows: CPUs, cols: states); a
 * lab may keep its own with sim_heat_alloc() and sim_heat_add().
 */
struct sim_heat {
	int buckets;		/* requested number of buckets */
	int rows, cols;
	u64 width;		/* current bucket width in ns, doubles as needed */
	double *bins;		/* [row][bucket][col] in ns */
};

struct sim_step_rec {
	u64 i, t;
	int cpu, task, line, kind;
	s64 a, b;
};

struct rcu_gp {
	u64 epoch;		/* readers that began at or before it block it */
	u64 started;
	struct list_head entry;
	struct wait_queue_head wq;
	bool done;
};

struct sim {
	u64 now;
	u64 rng[4];
	u64 seq;
	u64 hash;

	int nr_cpus;
	enum cpu_state cpu_state[SIM_MAX_CPUS];
	u64 cpu_since[SIM_MAX_CPUS];
	struct task *cpu_curr[SIM_MAX_CPUS];
	struct list_head cpu_rq[SIM_MAX_CPUS];
	u64 cpu_ns[SIM_MAX_CPUS][CPU_NR_STATES];
	int cpu_nr_io[SIM_MAX_CPUS];	/* its tasks waiting for I/O */
	int cpu_nr_sleep[SIM_MAX_CPUS];	/* its tasks asleep */

	struct task **tasks;
	int nr_tasks, max_tasks;

	struct sim_event *heap;
	int heap_len, heap_cap;

	struct sim_costs costs;

	/* budgets */
	u64 events, max_events;
	u64 steps, max_steps;
	size_t mem, max_mem;

	/* steps: counted always, recorded in [trace_from, trace_from + trace_max) */
	u64 stop_step;
	u64 trace_from, trace_max;
	u64 step_watch;		/* next step number that needs the slow path */
	struct sim_step_rec *trace;
	u64 trace_len;
	const char *const *kind_names;

	struct sim_heat heat;

	u64 rcu_epoch;
	struct list_head rcu_gps;
	u64 rcu_gps_completed;

	struct spinlock *locks[SIM_MAX_LOCKS];
	int nr_locks;
	bool halted;
	int error;		/* a jc_status; nonzero stops the run */
	char errmsg[256];

	/* the invariant checker, run every check_every events (0: never) */
	int (*check)(struct sim *s, bool final, char *msg, size_t len);
	u64 check_every;
	u64 checks;

	/* every allocation of a run, freed together by sim_destroy() */
	struct list_head allocs;
};

/* Set-up and run */
int sim_init(struct sim *s, int nr_cpus, u32 seed);
void sim_destroy(struct sim *s);
struct task *sim_task_create(struct sim *s, int cpu, const char *name,
			     task_fn fn, void *priv, u64 start_ns);
int sim_run(struct sim *s);
u64 sim_cpu_state_ns(const struct sim *s, enum cpu_state st);
void sim_fail(struct sim *s, int status, const char *fmt, ...);

/* Memory, charged against max_mem; zeroed. NULL (and an error) over budget. */
void *sim_alloc(struct sim *s, size_t size);

/* Randomness: the only source there is. */
u64 sim_rand(struct sim *s);
/* sim_jitter - @ns scaled by a uniform factor in [1 - pct/100, 1 + pct/100] */
u64 sim_jitter(struct sim *s, u64 ns, unsigned int pct);

void spin_lock_init(struct sim *s, struct spinlock *l, const char *name);
void init_waitqueue_head(struct wait_queue_head *wq, const char *name);
void blkdev_init(struct blkdev *d, const char *name, int channels,
		 u64 latency_ns, u64 bw_bytes_per_s, u64 flush_ns);

/* sim_charge - account @ns of CPU work done by @t since it last yielded. */
static inline void sim_charge(struct task *t, u64 ns)
{
	t->pending_ns += ns;
}

bool __sim_step_slow(struct sim *s, struct task *t, int line, int kind,
		     s64 a, s64 b);

/*
 * sim_step - count one step of the model for the animation.
 * Returns true when the run must halt here (its stop step).
 */
static inline bool sim_step(struct sim *s, struct task *t, int line, int kind,
			    s64 a, s64 b)
{
	t->line = line;
	if (++s->steps < s->step_watch)
		return false;
	return __sim_step_slow(s, t, line, kind, a, b);
}

/* Requests: each parks the task's request and returns true (yield). */
bool __sim_request(struct task *t, enum sim_req req);
bool __sim_lock(struct task *t, struct spinlock *l);
bool __sim_unlock(struct task *t, struct spinlock *l);
bool __sim_sleep(struct task *t, struct wait_queue_head *wq);
bool __sim_wake(struct task *t, struct wait_queue_head *wq);
bool __sim_io(struct task *t, struct blkdev *d, u64 bytes, bool flush);

/*
 * The blocking primitives, as model code writes them. Each records where the
 * task stands (@co's line and the C function), then yields to the engine.
 * Every one of them is a step, so the animation can stop on it.
 */
#define __SIM_AT(s, t, kind, a, b)					\
	do {								\
		(t)->func = __func__;					\
		__CO_WAIT_IF(co, 0, sim_step(s, t, __LINE__, kind, a, b) && \
			     __sim_request(t, REQ_HALT));		\
	} while (0)

/*
 * STEP - a step of the model's own (a node visited, a record written).
 * Model functions name their coroutine frame `co` and the simulator `s`.
 */
#define STEP(t, kind, a, b)	__SIM_AT(s, t, kind, a, b)

/* spin_lock - take @l; the caller must not already hold it. */
#define spin_lock(t, l)							\
	do {								\
		STEP(t, SK_LOCK, (l)->id, 0);				\
		CO_WAIT_IF(co, __sim_lock(t, l));			\
	} while (0)

/* spin_unlock - release @l; only its holder may. */
#define spin_unlock(t, l)						\
	do {								\
		STEP(t, SK_UNLOCK, (l)->id, 0);				\
		CO_WAIT_IF(co, __sim_unlock(t, l));			\
	} while (0)

/* wait_event - sleep on @wq until @cond; wakers must wake_up_all(@wq). */
#define wait_event(t, wq, cond)						\
	do {								\
		while (!(cond)) {					\
			STEP(t, SK_SLEEP, 0, 0);			\
			CO_WAIT_IF(co, __sim_sleep(t, wq));		\
		}							\
	} while (0)

/* wake_up_all - wake every task sleeping on @wq. */
#define wake_up_all(t, wq)						\
	do {								\
		STEP(t, SK_WAKE, 0, 0);					\
		CO_WAIT_IF(co, __sim_wake(t, wq));			\
	} while (0)

/* submit_bio_wait - write @bytes to @d and sleep until it completes. */
#define submit_bio_wait(t, d, bytes, flush)				\
	do {								\
		STEP(t, SK_IO, (s64)(bytes), (flush));			\
		CO_WAIT_IF(co, __sim_io(t, d, bytes, flush));		\
	} while (0)

/* cond_resched - let the time charged so far pass before going on. */
#define cond_resched(t)							\
	do {								\
		CO_WAIT_IF(co, __sim_request(t, REQ_DELAY));		\
	} while (0)

/*
 * RCU: rcu_read_lock/unlock delimit a read section at the task's virtual
 * time. synchronize_rcu() sleeps until every section that began before it
 * has ended (and at least rcu_gp_min_ns). Readers may not sleep.
 */
#define rcu_read_lock(t)						\
	do {								\
		CO_WAIT_IF(co, __sim_request(t, REQ_RCU_LOCK));		\
	} while (0)
#define rcu_read_unlock(t)						\
	do {								\
		CO_WAIT_IF(co, __sim_request(t, REQ_RCU_UNLOCK));	\
	} while (0)
#define synchronize_rcu(t)						\
	do {								\
		STEP(t, SK_RCU_SYNC, 0, 0);				\
		CO_WAIT_IF(co, __sim_request(t, REQ_RCU_SYNC));		\
	} while (0)

/* Step kinds the engine's primitives use; labs number theirs from SK_LAB. */
enum {
	SK_LOCK = 1,
	SK_UNLOCK,
	SK_SLEEP,
	SK_WAKE,
	SK_IO,
	SK_RCU_SYNC,
	SK_LAB = 16,
};
extern const char *const sim_kind_names[SK_LAB];

/* Heatmaps */
int sim_heat_alloc(struct sim *s, struct sim_heat *h, int rows, int cols,
		   int buckets);
/* sim_heat_add - spread the interval [@from, @to) over @h's buckets */
void sim_heat_add(struct sim_heat *h, int row, int col, u64 from, u64 to);
/* sim_heat_widen_to - double @h's bucket width until it is at least @width */
void sim_heat_widen_to(struct sim_heat *h, u64 width);
/* sim_heat_used - buckets that the first @now ns of the run cover */
int sim_heat_used(const struct sim_heat *h, u64 now);
int sim_heat_buckets_used(const struct sim *s);

#endif /* JC_SIM_H */
