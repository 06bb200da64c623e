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
#define SIM_MAX_LOCKS	64	/* lock instances the snapshot shows */
#define SIM_MAX_CLASSES	32	/* lock classes with statistics */
#define SIM_MAX_HELD	8	/* locks one task may hold at once */
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
	REQ_ELAPSE,	/* nothing: let the charged time pass */
	REQ_COND_RESCHED, /* a voluntary preemption point (may sleep) */
	REQ_LOCK,	/* take req_lock in req_mode */
	REQ_UNLOCK,
	REQ_SLEEP,	/* sleep on req_wq until woken (or req_deadline) */
	REQ_TIMEOUT,	/* a sleep's deadline passed */
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
struct sim_lock;
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
	const char *file;	/* model source file it last stood in */
	u64 lock_step;		/* its last lock step, while contended is marked */
	int page_lock_unfair;		/* LOCK_PAGE: queueings left before a handoff */
	bool page_lock_handoff;		/* LOCK_PAGE: queued with WQ_FLAG_CUSTOM */

	enum sim_req req;
	struct sim_lock *req_lock;
	int req_mode;			/* LOCK_EXCL or LOCK_SHARED */
	u64 req_deadline;		/* REQ_SLEEP: wake by then (0: never) */
	u64 ev_gen;			/* events of older generations are stale */
	struct wait_queue_head *req_wq;
	u64 req_wake_seq;		/* req_wq->wake_seq when it checked */
	struct blkdev *req_dev;
	u64 req_bytes;
	bool req_flush;

	struct list_head wait_entry;	/* on a lock's or wait queue's list */
	struct list_head rq_entry;	/* on its CPU's run queue */
	int rcu_nesting;
	u64 rcu_epoch;			/* grace-period epoch its section began in */
	int spin_held;			/* spinlocks and rwlocks held: preempt_count */
	struct sim_lock *held[SIM_MAX_HELD];	/* every lock it holds */
	int nr_held;
	u64 preemptions;		/* times the tick took its CPU */
	u64 migrations;			/* times it woke, started or was pulled onto another CPU */
	bool started;			/* has run at least once */
	bool parked;			/* sim_park(): not on the machine at all */
	bool sleep_counted;		/* its sleep shows on its CPU */

	u64 spin_ns;			/* time spent spinning */
	u64 sleep_ns;
	u64 io_ns;
	u64 state_since;
};

/*
 * struct sim_line - one cache line that several CPUs write: a reference
 * count, a lock word that the engine does not hold for the model, a list's
 * links, a counter that every CPU adds to.
 *
 * Cache coherence lets one CPU at a time hold a line for writing (MESI's
 * Modified state). So a write to the line waits while another CPU's write
 * to it is in flight; then the line moves here from the CPU that wrote it
 * last, costing line_transfer_ns, unless that CPU is this one and the line
 * is still in its cache; then the write itself: an atomic read-modify-write
 * (a lock-prefixed instruction holds the line until it is done) costs
 * lock_acquire_ns, the same atomic on a local line as an uncontended lock,
 * and a plain store nothing more. The line is busy until the write is done,
 * so writes by many CPUs are served one at a time, in the order of their
 * times. A line that no CPU has written yet comes from memory, a miss that
 * costs about what a move does. Loads are not modelled: they share a line,
 * they do not own it.
 *
 * Zeroed, a line reads as written last by CPU 0: sim_line_init() makes it
 * nobody's.
 */
struct sim_line {
	int cpu;		/* the CPU that wrote it last; -1: none yet */
	u64 free_at;		/* when the last write queued on it is done */
	u64 writes;		/* writes to it */
	u64 transfers;		/* writes that moved it from another CPU */
	u64 wait_ns;		/* time writers waited for another CPU's write */
};

/*
 * The kernel's locks. One struct serves every kind; the kind decides who
 * may share it, whether a waiter spins or sleeps, and who gets it next.
 *
 * LOCK_SPIN, spinlock_t as x86 and POWER build it: a qspinlock. A taker
 *   that finds the lock word zero takes it with one atomic (the fast path).
 *   The first waiter sets the pending bit and spins on the lock word; later
 *   ones queue in an MCS list, each spinning on its own node, and only the
 *   queue's head polls the lock word. So a handoff moves the lock word's
 *   line once, to one CPU, however many wait: its cost does not grow with
 *   the waiters, and the order is FIFO.
 * LOCK_RW, rwlock_t: a qrwlock. Readers share it while no writer holds or
 *   waits for it; a waiting writer makes new readers queue (FIFO, on the
 *   lock's internal spinlock) behind it. Waiters spin.
 * LOCK_RWSEM, struct rw_semaphore. Readers share, writers exclude. Waiters
 *   sleep on a FIFO list; a writer spins instead while the writer that
 *   holds it is running on a CPU (optimistic spinning). A release hands it
 *   to the first waiter: a writer, or every reader on the list.
 * LOCK_MUTEX, struct mutex. One owner. A taker spins while the owner runs
 *   on a CPU (the MCS "osq" of spinners), sleeps otherwise; spinners get it
 *   before sleepers, and stop spinning to sleep when the owner leaves its
 *   CPU.
 * LOCK_PAGE, struct page_lock: a page's PG_locked bit, as folio_lock() and
 *   folio_unlock() (5.10's lock_page(), unlock_page()) use it. One owner; a
 *   taker never spins. One that finds the bit set sleeps at the tail of the
 *   page's wait queue (folio_wait_bit_common(), EXCLUSIVE). folio_unlock()
 *   clears the bit (an atomic) and folio_wake_bit() wakes the first waiter
 *   and stops (wake_page_function() returns 1 for an exclusive waiter).
 *   That waiter is not handed the bit: it takes it when it runs, and a
 *   taker that comes in between steals it; the waiter then queues again at
 *   the tail. Once a waiter has queued sysctl_page_lock_unfairness times
 *   (SIM_PAGE_LOCK_UNFAIRNESS, 5) without getting it, it queues with
 *   WQ_FLAG_CUSTOM and the waker sets the bit for it (WQ_FLAG_DONE): a
 *   handoff. (v5.9 on: 5.10's and 6.12's mm/filemap.c are alike in this.)
 *   The kernel's queue is a hashed table of 256 heads shared by every
 *   page's bits; a wake walks the head and wakes only waiters of its page
 *   and bit, so the model keeps one list per lock.
 *
 * The lock word is a struct sim_line. Taking a free lock is one atomic on
 * it, and so is a handoff to a spinning waiter; releasing an rwlock_t's
 * read side, an rw_semaphore or a mutex is one more (the kernel's unlock is
 * an atomic add or cmpxchg on the word), which the releaser waits for:
 * readers that come and go on many CPUs queue for the word's line. A
 * spin_unlock() or write_unlock() is a release store, charged nothing.
 *
 * Statistics are kept per lock and per lock class (locks initialised with
 * the same name), as /proc/lock_stat keeps them.
 */
enum lock_kind { LOCK_SPIN, LOCK_RW, LOCK_RWSEM, LOCK_MUTEX, LOCK_PAGE };

/* mm/filemap.c's sysctl_page_lock_unfairness: steals a page-lock waiter accepts */
#define SIM_PAGE_LOCK_UNFAIRNESS	5
enum lock_mode { LOCK_EXCL, LOCK_SHARED };

struct lock_class {
	const char *name;
	enum lock_kind kind;
	u64 acquisitions;
	u64 contended;
	u64 spin_ns;		/* waiters' time spinning, summed */
	u64 sleep_ns;		/* waiters' time asleep, summed */
	u64 hold_ns;		/* exclusive holders' time, summed */
};

struct sim_lock {
	const char *name;
	enum lock_kind kind;
	int id;				/* index in sim.locks, -1 if not shown */
	struct lock_class *cls;
	struct task *owner;		/* exclusive holder */
	int readers;			/* shared holders */
	struct sim_line line;		/* the lock word's line */
	struct list_head waiters;	/* FIFO of struct task.wait_entry */
	struct list_head spinners;	/* RWSEM/MUTEX: optimistic spinners */
	int nr_waiters, nr_spinners;
	u64 acquisitions;
	u64 contended;
	u64 spin_ns;
	u64 sleep_ns;
	u64 hold_ns;
	u64 acquired_at;
};

/* The kernel's names, each a struct of its own so that a spin_lock() on a
 * mutex does not compile. */
struct spinlock { struct sim_lock lk; };
struct rwlock { struct sim_lock lk; };
struct rw_semaphore { struct sim_lock lk; };
struct mutex { struct sim_lock lk; };
struct page_lock { struct sim_lock lk; };

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
	u64 lock_acquire_ns;	/* an atomic on a line in this CPU's cache */
	u64 line_transfer_ns;	/* moving a cache line to another CPU */
	u64 wakeup_ns;		/* from wake_up to the sleeper running */
	u64 ctx_switch_ns;
	u64 rcu_gp_min_ns;	/* shortest grace period */
	u64 tick_ns;		/* the scheduler tick, 1/HZ */
	u64 sched_slice_ns;	/* a runnable task's slice before the tick preempts it */
};

struct sim_event {
	u64 time;
	u64 seq;
	u64 gen;		/* the task's ev_gen when pushed */
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

/* Step kinds a run can mark: bit k of sim.mark_kinds marks kind k. */
#define SIM_MAX_MARK_KINDS	64
#define SIM_MIN_MARKS		(2 * SIM_MAX_MARK_KINDS)

/* struct sim_mark - one marked step: its number, its time, its kind and arguments */
struct sim_mark {
	u64 i, t;
	s64 a, b;
	int kind;
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
	u64 cpu_resched_at[SIM_MAX_CPUS];	/* tick at which its task's slice is over */
	u64 preemptions;
	u64 migrations;			/* tasks placed on another CPU than their last */
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

	/*
	 * marks: over the whole run, the steps of the kinds in mark_kinds,
	 * at most mark_max of them. When the buffer is full, the kind with
	 * the most marks loses every other one and from then on records
	 * only every mark_every[kind]-th step of its kind (1, 2, 4, ...), so
	 * each kind's marks stay evenly spread over its steps and a rare
	 * kind keeps all of its own. Marks stay out of the hash.
	 */
	u64 mark_kinds;
	u64 mark_watch;		/* kinds whose steps take the slow path for marks */
	struct sim_mark *marks;
	u32 mark_len, mark_max;
	u64 mark_total[SIM_MAX_MARK_KINDS];	/* steps of each kind so far */
	u64 mark_every[SIM_MAX_MARK_KINDS];	/* record every n-th of them */
	u32 mark_kept[SIM_MAX_MARK_KINDS];	/* marks of each kind held */

	struct sim_heat heat;

	u64 rcu_epoch;
	struct list_head rcu_gps;
	u64 rcu_gps_completed;

	u64 line_wait_ns;	/* waits for a struct sim_line, every line of the run */

	struct sim_lock *locks[SIM_MAX_LOCKS];
	int nr_locks;
	struct lock_class classes[SIM_MAX_CLASSES];
	int nr_classes;
	bool halted;
	struct task *halted_task;	/* the task that halted, for sim_resume() */
	int error;		/* a jc_status; nonzero stops the run */
	char errmsg[256];
	u64 errstep;		/* the step the run failed at (0: before any) */
	const char *errcheck;	/* the check that failed it, or NULL */

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
/*
 * sim_resume - go on with a run that sim_run() (or sim_resume()) halted at
 * its stop step, until step @stop_step (0: the end). The halted task goes
 * on exactly where it stood, with what it had charged; then the events run
 * as sim_run() runs them, so a run halted and resumed any number of times
 * reaches the state a run straight to its last stop step reaches. Returns
 * s->error.
 */
int sim_resume(struct sim *s, u64 stop_step);
/*
 * sim_hash - the run's fingerprint so far: every event's time, task and
 * request, then the steps counted. It leaves s->hash alone, so that a run
 * that is resumed goes on mixing where it stood.
 */
u64 sim_hash(const struct sim *s);
u64 sim_cpu_state_ns(const struct sim *s, enum cpu_state st);
/*
 * sim_fail - stop the run with jc_status @status and a message, at the step
 * it stands at. The first failure of a run is the one kept.
 */
void sim_fail(struct sim *s, int status, const char *fmt, ...);
/*
 * sim_fail_check - sim_fail(), naming the check that refused the run: the
 * interface function whose answer was wrong ("yours_dentry_inode"), the
 * lab's "invariants", an engine rule ("might_sleep", "deadlock") or the
 * budget that ran out ("max_events"). jc_last_error_json() gives it as
 * "check", so that a caller tells failures apart without reading the message.
 */
void sim_fail_check(struct sim *s, int status, const char *check,
		    const char *fmt, ...);

/* Memory, charged against max_mem; zeroed. NULL (and an error) over budget. */
void *sim_alloc(struct sim *s, size_t size);

/* Randomness: the only source there is. */
u64 sim_rand(struct sim *s);
/* sim_jitter - @ns scaled by a uniform factor in [1 - pct/100, 1 + pct/100] */
u64 sim_jitter(struct sim *s, u64 ns, unsigned int pct);

void sim_lock_init(struct sim *s, struct sim_lock *lk, enum lock_kind kind,
		   const char *name);
static inline void spin_lock_init(struct sim *s, struct spinlock *l, const char *name)
{
	sim_lock_init(s, &l->lk, LOCK_SPIN, name);
}
static inline void rwlock_init(struct sim *s, struct rwlock *l, const char *name)
{
	sim_lock_init(s, &l->lk, LOCK_RW, name);
}
static inline void init_rwsem(struct sim *s, struct rw_semaphore *l, const char *name)
{
	sim_lock_init(s, &l->lk, LOCK_RWSEM, name);
}
static inline void mutex_init(struct sim *s, struct mutex *l, const char *name)
{
	sim_lock_init(s, &l->lk, LOCK_MUTEX, name);
}
static inline void page_lock_init(struct sim *s, struct page_lock *l, const char *name)
{
	sim_lock_init(s, &l->lk, LOCK_PAGE, name);
}
void init_waitqueue_head(struct wait_queue_head *wq, const char *name);
void blkdev_init(struct blkdev *d, const char *name, int channels,
		 u64 latency_ns, u64 bw_bytes_per_s, u64 flush_ns);

/* sim_charge - account @ns of CPU work done by @t since it last yielded. */
static inline void sim_charge(struct task *t, u64 ns)
{
	t->pending_ns += ns;
}

/* sim_clock - @t's own virtual time: the engine's plus what it has charged. */
static inline u64 sim_clock(const struct sim *s, const struct task *t)
{
	return s->now + t->pending_ns;
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
	if (++s->steps < s->step_watch && !(s->mark_watch & (1ULL << kind)))
		return false;
	return __sim_step_slow(s, t, line, kind, a, b);
}

/* sim_line_init - @l, written by no CPU yet */
static inline void sim_line_init(struct sim_line *l)
{
	l->cpu = -1;
	l->free_at = 0;
	l->writes = l->transfers = l->wait_ns = 0;
}

/*
 * sim_line_write - @t writes @l at its own time, sim_clock(): returns what
 * the write costs @t, for the caller to charge: the wait while another
 * CPU's write to @l is in flight, the line's move unless @t's CPU wrote it
 * last, then @op_ns, the write's own cost once the line is here
 * (s->costs.lock_acquire_ns for an atomic, 0 for a plain store). @l is busy
 * until then. The caller must have let its charged time pass (sim_elapse()),
 * so that the line serves writes in the order of their times: see
 * line_atomic() and line_store().
 */
u64 sim_line_write(struct sim *s, struct task *t, struct sim_line *l, u64 op_ns);

/* sim_line_wait - how long a write of @t to @l, now, would wait for another CPU's */
static inline u64 sim_line_wait(const struct sim *s, const struct task *t,
				const struct sim_line *l)
{
	u64 now = sim_clock(s, t);

	return l->free_at > now ? l->free_at - now : 0;
}

/* Requests: each parks the task's request and returns true (yield). */
bool __sim_request(struct task *t, enum sim_req req);
bool __sim_lock(struct task *t, struct sim_lock *lk, int mode);
bool __sim_unlock(struct task *t, struct sim_lock *lk, int mode);
bool __sim_sleep(struct task *t, struct wait_queue_head *wq, u64 deadline);
bool __sim_wake(struct task *t, struct wait_queue_head *wq);
bool __sim_io(struct task *t, struct blkdev *d, u64 bytes, bool flush);

/*
 * The blocking primitives, as model code writes them. Each records where the
 * task stands (@co's line, the C function and file), then yields to the
 * engine. Every one of them is a step, so the animation can stop on it.
 */
#define __SIM_AT(s, t, kind, a, b)					\
	do {								\
		(t)->func = __func__;					\
		(t)->file = __FILE__;					\
		__CO_WAIT_IF(co, 0, sim_step(s, t, __LINE__, kind, a, b) && \
			     __sim_request(t, REQ_HALT));		\
	} while (0)

/*
 * STEP - a step of the model's own (a node visited, a record written).
 * Model functions name their coroutine frame `co` and the simulator `s`.
 */
#define STEP(t, kind, a, b)	__SIM_AT(s, t, kind, a, b)

#define __LOCK_OP(t, l, mode, kind, call)				\
	do {								\
		STEP(t, kind, (l)->lk.id, mode);			\
		CO_WAIT_IF(co, call(t, &(l)->lk, mode));		\
	} while (0)

/*
 * spin_lock - take spinlock @l. The holder must not sleep, yield its CPU
 * or take a sleeping lock until spin_unlock(); it is not preempted.
 * Contended: the taker spins; see struct sim_lock for the handoff.
 */
#define spin_lock(t, l)		__LOCK_OP(t, l, LOCK_EXCL, SK_LOCK, __sim_lock)
/* spin_unlock - release @l; only its holder may. */
#define spin_unlock(t, l)	__LOCK_OP(t, l, LOCK_EXCL, SK_UNLOCK, __sim_unlock)

/*
 * read_lock/write_lock - take rwlock_t @l shared or exclusive. The same
 * rules as a spinlock's hold for both; a reader may not upgrade.
 */
#define read_lock(t, l)		__LOCK_OP(t, l, LOCK_SHARED, SK_LOCK, __sim_lock)
#define read_unlock(t, l)	__LOCK_OP(t, l, LOCK_SHARED, SK_UNLOCK, __sim_unlock)
#define write_lock(t, l)	__LOCK_OP(t, l, LOCK_EXCL, SK_LOCK, __sim_lock)
#define write_unlock(t, l)	__LOCK_OP(t, l, LOCK_EXCL, SK_UNLOCK, __sim_unlock)

/*
 * down_read/down_write - take rw_semaphore @l; they may sleep, so the
 * caller holds no spinlock and is outside RCU read sections.
 */
#define down_read(t, l)		__LOCK_OP(t, l, LOCK_SHARED, SK_LOCK, __sim_lock)
#define up_read(t, l)		__LOCK_OP(t, l, LOCK_SHARED, SK_UNLOCK, __sim_unlock)
#define down_write(t, l)	__LOCK_OP(t, l, LOCK_EXCL, SK_LOCK, __sim_lock)
#define up_write(t, l)		__LOCK_OP(t, l, LOCK_EXCL, SK_UNLOCK, __sim_unlock)

/* mutex_lock - take mutex @l; may sleep (same rules as down_write). */
#define mutex_lock(t, l)	__LOCK_OP(t, l, LOCK_EXCL, SK_LOCK, __sim_lock)
#define mutex_unlock(t, l)	__LOCK_OP(t, l, LOCK_EXCL, SK_UNLOCK, __sim_unlock)

/*
 * folio_lock - take page lock @l; may sleep (same rules as down_write).
 * A waiter woken without the bit tries again, as folio_wait_bit_common()
 * does (`goto repeat`), and each try is a lock step of its own.
 */
#define folio_lock(t, l)						\
	do {								\
		(t)->page_lock_unfair = SIM_PAGE_LOCK_UNFAIRNESS;	\
		do {							\
			STEP(t, SK_LOCK, (l)->lk.id, LOCK_EXCL);	\
			CO_WAIT_IF(co, __sim_lock(t, &(l)->lk, LOCK_EXCL)); \
		} while ((l)->lk.owner != (t));				\
	} while (0)
/* folio_unlock - release @l and wake its first waiter; only its holder may. */
#define folio_unlock(t, l)	__LOCK_OP(t, l, LOCK_EXCL, SK_UNLOCK, __sim_unlock)

/*
 * xa_lock - the spinlock inside a struct xarray (xa->xa_lock). Any struct
 * with a `struct spinlock xa_lock` member works.
 */
#define xa_lock(t, xa)		spin_lock(t, &(xa)->xa_lock)
#define xa_unlock(t, xa)	spin_unlock(t, &(xa)->xa_lock)

/*
 * wait_event - sleep on @wq until @cond; wakers must wake_up_all(@wq).
 * May sleep: no spinlock held, outside RCU read sections.
 */
#define wait_event(t, wq, cond)						\
	do {								\
		while (!(cond)) {					\
			STEP(t, SK_SLEEP, 0, 0);			\
			CO_WAIT_IF(co, __sim_sleep(t, wq, 0));		\
		}							\
	} while (0)

/*
 * wait_event_deadline - wait_event() that also returns once the task's
 * clock reaches @deadline (an absolute virtual time, kept in the frame),
 * as wait_event_timeout() and a timer would. Same rules as wait_event().
 */
#define wait_event_deadline(t, wq, cond, deadline)			\
	do {								\
		while (!(cond) && sim_clock(s, t) < (deadline)) {	\
			STEP(t, SK_SLEEP, 0, 0);			\
			CO_WAIT_IF(co, __sim_sleep(t, wq, deadline));	\
		}							\
	} while (0)

/*
 * sim_park - not a kernel call: the task leaves the machine (its process
 * exited and the next is not forked yet) until @cond, woken through @wq.
 * Unlike a sleep, its CPU shows idle and the time is not sleep time. Same
 * rules as wait_event().
 */
#define sim_park(t, wq, cond)						\
	do {								\
		(t)->parked = true;					\
		wait_event(t, wq, cond);				\
		(t)->parked = false;					\
	} while (0)

/* sim_park_deadline - sim_park() until the task's clock reaches @deadline. */
#define sim_park_deadline(t, wq, deadline)				\
	do {								\
		(t)->parked = true;					\
		wait_event_deadline(t, wq, false, deadline);		\
		(t)->parked = false;					\
	} while (0)

/* wake_up_all - wake every task sleeping on @wq. Allowed under spinlocks. */
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

/*
 * sim_elapse - not a kernel call: let the CPU time charged so far pass
 * before going on, so that what comes next happens at the task's own
 * virtual time. Allowed anywhere, under spinlocks and in RCU sections.
 */
#define sim_elapse(t)							\
	do {								\
		CO_WAIT_IF(co, __sim_request(t, REQ_ELAPSE));		\
	} while (0)

/*
 * cond_resched - the kernel's voluntary preemption point: give the CPU to
 * another runnable task if the tick says this one's slice is over. May
 * sleep: no spinlock held, outside RCU read sections.
 */
#define cond_resched(t)							\
	do {								\
		(t)->file = __FILE__;					\
		(t)->line = __LINE__;					\
		CO_WAIT_IF(co, __sim_request(t, REQ_COND_RESCHED));	\
	} while (0)

/*
 * line_atomic - an atomic read-modify-write of @t on @l (atomic_inc(),
 * refcount_inc(), an atomic on a lock word the engine does not hold):
 * the charged time passes, then the write is charged (sim_line_write()).
 * Allowed anywhere, under spinlocks and in RCU sections.
 */
#define line_atomic(t, l)						\
	do {								\
		sim_elapse(t);						\
		sim_charge(t, sim_line_write(s, t, l, s->costs.lock_acquire_ns)); \
	} while (0)

/* line_store - a plain store of @t to @l, charged as line_atomic() is */
#define line_store(t, l)						\
	do {								\
		sim_elapse(t);						\
		sim_charge(t, sim_line_write(s, t, l, 0));		\
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
	/*
	 * Not a step: a mark only (marks=contended), made when a lock taker
	 * finds the lock held and waits; its step is the lock step's.
	 */
	SK_CONTENDED,
	SK_LAB = 16,
};
extern const char *const sim_kind_names[SK_LAB];

/* Heatmaps */
int sim_heat_alloc(struct sim *s, struct sim_heat *h, int rows, int cols,
		   int buckets);
/* sim_heat_add - spread the interval [@from, @to) over @h's buckets */
void sim_heat_add(struct sim_heat *h, int row, int col, u64 from, u64 to);
/* sim_heat_count - add @n events (not time) at instant @at to @h's bucket */
void sim_heat_count(struct sim_heat *h, int row, int col, u64 at, double n);
/* sim_heat_widen_to - double @h's bucket width until it is at least @width */
void sim_heat_widen_to(struct sim_heat *h, u64 width);
/* sim_heat_used - buckets that the first @now ns of the run cover */
int sim_heat_used(const struct sim_heat *h, u64 now);
int sim_heat_buckets_used(const struct sim *s);

#endif /* JC_SIM_H */
