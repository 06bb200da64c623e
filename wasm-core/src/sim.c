// SPDX-License-Identifier: GPL-2.0
/*
 * sim.c - the event loop, the scheduler and the blocking primitives.
 *
 * Each task has at most one event outstanding: either it is waiting for its
 * next event (its charged time to pass, a lock handoff, a wakeup, an I/O
 * completion) or it is parked on a list (a lock's waiters, a wait queue, its
 * CPU's run queue) from which somebody else will give it one. So the event
 * heap never holds more entries than there are tasks.
 *
 * An event for a task with a request (t->req != REQ_NONE) performs that
 * request at the event's time; an event for a task without one resumes its
 * coroutine.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

const char *const sim_kind_names[SK_LAB] = {
	[SK_LOCK] = "lock",
	[SK_UNLOCK] = "unlock",
	[SK_SLEEP] = "sleep",
	[SK_WAKE] = "wake",
	[SK_IO] = "io",
	[SK_RCU_SYNC] = "rcu_sync",
	[SK_CONTENDED] = "contended",
};

/* ---------------------------------------------------------------------- */
/* Memory: one list of blocks per run, charged against max_mem             */

struct sim_block {
	struct list_head entry;
	size_t size;
};

void *sim_alloc(struct sim *s, size_t size)
{
	struct sim_block *b;

	if (s->mem + size + sizeof(*b) > s->max_mem) {
		sim_fail_check(s, 2, "max_mem_mb", "memory budget of %zu MiB exceeded (the run needs more than that); lower the parameters or raise max_mem_mb",
			       s->max_mem >> 20);
		return NULL;
	}
	b = calloc(1, sizeof(*b) + size);
	if (!b) {
		sim_fail(s, 2, "out of host memory allocating %zu bytes", size);
		return NULL;
	}
	b->size = size;
	s->mem += size + sizeof(*b);
	list_add_tail(&b->entry, &s->allocs);
	return b + 1;
}

static void __sim_vfail(struct sim *s, int status, const char *check,
			const char *fmt, va_list ap)
{
	if (s->error)
		return;
	s->error = status;
	s->errstep = s->steps;
	s->errcheck = check;
	vsnprintf(s->errmsg, sizeof(s->errmsg), fmt, ap);
}

void sim_fail(struct sim *s, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__sim_vfail(s, status, NULL, fmt, ap);
	va_end(ap);
}

void sim_fail_check(struct sim *s, int status, const char *check,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__sim_vfail(s, status, check, fmt, ap);
	va_end(ap);
}

/* ---------------------------------------------------------------------- */
/* Randomness: xoshiro256** seeded through splitmix64                      */

static u64 splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline u64 rotl(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

u64 sim_rand(struct sim *s)
{
	u64 *r = s->rng;
	u64 result = rotl(r[1] * 5, 7) * 9;
	u64 t = r[1] << 17;

	r[2] ^= r[0];
	r[3] ^= r[1];
	r[1] ^= r[2];
	r[0] ^= r[3];
	r[2] ^= t;
	r[3] = rotl(r[3], 45);
	return result;
}

u64 sim_jitter(struct sim *s, u64 ns, unsigned int pct)
{
	u64 span, r;

	if (!pct || !ns)
		return ns;
	span = ns * pct / 100;
	r = sim_rand(s) % (2 * span + 1);
	return ns - span + r;
}

/* The run's fingerprint: every event's time, task and request. */
static inline void hash_mix(struct sim *s, u64 v)
{
	s->hash ^= v + 0x9e3779b97f4a7c15ULL + (s->hash << 6) + (s->hash >> 2);
	s->hash *= 0xff51afd7ed558ccdULL;
}

/* ---------------------------------------------------------------------- */
/* The event heap, ordered by (time, seq)                                   */

static bool ev_before(const struct sim_event *a, const struct sim_event *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

/*
 * heap_push - give @t an event at @time. A task has one live event at most;
 * a cancelled one (a sleep's timer when a wakeup came first) stays in the
 * heap with an old generation and is dropped when it surfaces, so the heap
 * grows as needed.
 */
static void heap_push(struct sim *s, u64 time, struct task *t)
{
	struct sim_event ev = { .time = time, .seq = s->seq++, .gen = t->ev_gen, .task = t };
	int i;

	if (s->heap_len == s->heap_cap) {
		int cap = s->heap_cap ? s->heap_cap * 2 : 64;
		struct sim_event *heap = sim_alloc(s, sizeof(*heap) * (size_t)cap);

		if (!heap)
			return;
		if (s->heap_len)
			memcpy(heap, s->heap, sizeof(*heap) * (size_t)s->heap_len);
		s->heap = heap;
		s->heap_cap = cap;
	}
	i = s->heap_len++;

	while (i > 0) {
		int parent = (i - 1) / 2;

		if (!ev_before(&ev, &s->heap[parent]))
			break;
		s->heap[i] = s->heap[parent];
		i = parent;
	}
	s->heap[i] = ev;
}

static struct sim_event heap_pop(struct sim *s)
{
	struct sim_event top = s->heap[0];
	struct sim_event last = s->heap[--s->heap_len];
	int i = 0, n = s->heap_len;

	for (;;) {
		int c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && ev_before(&s->heap[c + 1], &s->heap[c]))
			c++;
		if (!ev_before(&s->heap[c], &last))
			break;
		s->heap[i] = s->heap[c];
		i = c;
	}
	if (n)
		s->heap[i] = last;
	return top;
}

/* ---------------------------------------------------------------------- */
/* Heatmap bins: [row][bucket][col] in ns; bucket width doubles to fit    */

static double *heat_cell(struct sim_heat *h, int row, int bucket)
{
	return &h->bins[((size_t)row * h->buckets + bucket) * h->cols];
}

static void heat_widen(struct sim_heat *h)
{
	int row, b, c, half = h->buckets / 2;

	for (row = 0; row < h->rows; row++) {
		for (b = 0; b < half; b++) {
			double *dst = heat_cell(h, row, b);
			double *x = heat_cell(h, row, 2 * b);
			double *y = heat_cell(h, row, 2 * b + 1);

			for (c = 0; c < h->cols; c++)
				dst[c] = x[c] + y[c];
		}
		for (b = half; b < h->buckets; b++)
			memset(heat_cell(h, row, b), 0, sizeof(double) * h->cols);
	}
	h->width *= 2;
}

void sim_heat_add(struct sim_heat *h, int row, int col, u64 from, u64 to)
{
	u64 w;
	int b;

	if (to <= from)
		return;
	while (to > h->width * (u64)h->buckets)
		heat_widen(h);
	w = h->width;
	for (b = (int)(from / w); (u64)b * w < to; b++) {
		u64 lo = (u64)b * w, hi = lo + w;

		if (lo < from)
			lo = from;
		if (hi > to)
			hi = to;
		heat_cell(h, row, b)[col] += (double)(hi - lo);
	}
}

void sim_heat_count(struct sim_heat *h, int row, int col, u64 at, double n)
{
	while (at >= h->width * (u64)h->buckets)
		heat_widen(h);
	heat_cell(h, row, (int)(at / h->width))[col] += n;
}

void sim_heat_widen_to(struct sim_heat *h, u64 width)
{
	while (h->width < width)
		heat_widen(h);
}

int sim_heat_alloc(struct sim *s, struct sim_heat *h, int rows, int cols,
		   int buckets)
{
	h->buckets = buckets;
	h->rows = rows;
	h->cols = cols;
	h->width = 1000;	/* 1 us; doubles as the run grows */
	h->bins = sim_alloc(s, sizeof(double) * (size_t)rows * buckets * cols);
	return h->bins ? 0 : -1;
}

int sim_heat_used(const struct sim_heat *h, u64 now)
{
	u64 n = (now + h->width - 1) / h->width;

	if (n < 1)
		n = 1;
	return n > (u64)h->buckets ? h->buckets : (int)n;
}

int sim_heat_buckets_used(const struct sim *s)
{
	return sim_heat_used(&s->heat, s->now);
}

/* ---------------------------------------------------------------------- */
/* Cache lines that several CPUs write                                      */

/* line_write_at - @cpu writes @l at @at: what it costs from @at (see struct sim_line) */
static u64 line_write_at(struct sim *s, int cpu, struct sim_line *l, u64 at, u64 op_ns)
{
	u64 start = l->free_at > at ? l->free_at : at;
	u64 cost = op_ns;

	if (l->cpu != cpu) {
		cost += s->costs.line_transfer_ns;
		l->transfers++;
	}
	l->cpu = cpu;
	l->free_at = start + cost;
	l->writes++;
	l->wait_ns += start - at;
	s->line_wait_ns += start - at;
	return start - at + cost;
}

u64 sim_line_write(struct sim *s, struct task *t, struct sim_line *l, u64 op_ns)
{
	return line_write_at(s, t->cpu, l, sim_clock(s, t), op_ns);
}

/* ---------------------------------------------------------------------- */
/* CPU and task states                                                      */

static void cpu_update(struct sim *s, int cpu)
{
	struct task *curr = s->cpu_curr[cpu];
	enum cpu_state st;

	if (curr && curr->state == TASK_SPIN)
		st = CPU_SPIN;
	else if (curr && curr->state == TASK_RUN)
		st = CPU_RUN;
	else if (s->cpu_nr_io[cpu])
		st = CPU_IO;
	else if (s->cpu_nr_sleep[cpu])
		st = CPU_SLEEP;
	else
		st = CPU_IDLE;
	if (st == s->cpu_state[cpu])
		return;
	sim_heat_add(&s->heat, cpu, s->cpu_state[cpu], s->cpu_since[cpu], s->now);
	s->cpu_ns[cpu][s->cpu_state[cpu]] += s->now - s->cpu_since[cpu];
	s->cpu_state[cpu] = st;
	s->cpu_since[cpu] = s->now;
}

static void task_set_state(struct sim *s, struct task *t, enum task_state st)
{
	u64 spent = s->now - t->state_since;

	switch (t->state) {
	case TASK_SPIN:
		t->spin_ns += spent;
		break;
	case TASK_SLEEP:
		if (t->sleep_counted) {
			t->sleep_ns += spent;
			s->cpu_nr_sleep[t->cpu]--;
			t->sleep_counted = false;
		}
		break;
	case TASK_IO:
		t->io_ns += spent;
		s->cpu_nr_io[t->cpu]--;
		break;
	default:
		break;
	}
	if (st == TASK_SLEEP && !t->parked) {
		s->cpu_nr_sleep[t->cpu]++;
		t->sleep_counted = true;
	}
	if (st == TASK_IO)
		s->cpu_nr_io[t->cpu]++;
	t->state = st;
	t->state_since = s->now;
	cpu_update(s, t->cpu);
}

/*
 * cpu_set_curr - @t gets @cpu now. Its slice ends at the first tick past
 * sched_slice_ns from here: the tick is when the scheduler notices.
 */
static void cpu_set_curr(struct sim *s, int cpu, struct task *t)
{
	u64 end = s->now + s->costs.sched_slice_ns, tick = s->costs.tick_ns;

	s->cpu_curr[cpu] = t;
	s->cpu_resched_at[cpu] = tick ? (end + tick - 1) / tick * tick : end;
}

static bool cpu_idle(const struct sim *s, int cpu)
{
	return !s->cpu_curr[cpu] && list_empty(&s->cpu_rq[cpu]);
}

/*
 * The scheduler's placement, reduced to what the labs' runs exercise:
 * one last-level cache over all simulated CPUs, and no cost for a moved
 * task's cold cache (the labs' tasks sleep for I/O or a commit far longer
 * than refilling a few hundred lines takes).
 *
 * select_idle_cpu - where a waking task runs: its previous CPU if that is
 * idle, else the next idle CPU after it, as select_idle_sibling() scans
 * the LLC; its previous CPU's run queue when none is idle.
 */
static int select_idle_cpu(const struct sim *s, int prev)
{
	int i, cpu;

	if (cpu_idle(s, prev))
		return prev;
	for (i = 1; i < s->nr_cpus; i++) {
		cpu = (prev + i) % s->nr_cpus;
		if (cpu_idle(s, cpu))
			return cpu;
	}
	return prev;
}

/* task_move - @t, off every run queue and CPU, now belongs to @cpu. */
static void task_move(struct sim *s, struct task *t, int cpu)
{
	if (t->cpu == cpu)
		return;
	t->cpu = cpu;
	t->migrations++;
	s->migrations++;
}

/*
 * newidle_pull - @cpu has nothing to run: take the longest-waiting task of
 * the CPU with the most tasks waiting, as newidle_balance() pulls from the
 * busiest run queue rather than let a CPU idle while tasks wait.
 */
static struct task *newidle_pull(struct sim *s, int cpu)
{
	int c, busiest = -1, most = 0;
	struct task *p;

	for (c = 0; c < s->nr_cpus; c++) {
		struct task *q;
		int n = 0;

		if (c == cpu)
			continue;
		list_for_each_entry(q, &s->cpu_rq[c], struct task, rq_entry)
			n++;
		if (n > most) {
			most = n;
			busiest = c;
		}
	}
	if (busiest < 0)
		return NULL;
	p = list_first_entry(&s->cpu_rq[busiest], struct task, rq_entry);
	list_del_init(&p->rq_entry);
	task_move(s, p, cpu);
	return p;
}

/* The CPU's task stops running (sleeps, waits for I/O, exits): run the next. */
static void cpu_release(struct sim *s, struct task *t)
{
	int cpu = t->cpu;
	struct task *next = NULL;

	if (s->cpu_curr[cpu] != t)
		return;
	s->cpu_curr[cpu] = NULL;
	if (!list_empty(&s->cpu_rq[cpu])) {
		next = list_first_entry(&s->cpu_rq[cpu], struct task, rq_entry);
		list_del_init(&next->rq_entry);
	} else {
		next = newidle_pull(s, cpu);
	}
	if (next) {
		cpu_set_curr(s, cpu, next);	/* reserved while switching */
		heap_push(s, s->now + s->costs.ctx_switch_ns, next);
	}
	cpu_update(s, cpu);
}

/*
 * task_continue - call @t's coroutine, which goes on from where it stands
 * with what it has charged (t->pending_ns), until it yields: give it the
 * event its request needs. At the stop step it halts instead, without one,
 * and the run remembers it for sim_resume().
 */
static void task_continue(struct sim *s, struct task *t)
{
	int ret;

	t->req = REQ_NONE;
	ret = t->fn(s, t);
	if (ret == CO_DONE)
		t->req = REQ_EXIT;
	if (t->req == REQ_HALT) {
		s->halted = true;
		s->halted_task = t;
		return;
	}
	heap_push(s, s->now + t->pending_ns, t);
	t->pending_ns = 0;
}

/* Run @t's coroutine from now, @pending_ns already charged. */
static void run_task(struct sim *s, struct task *t, u64 pending_ns)
{
	if (t->state != TASK_RUN)
		task_set_state(s, t, TASK_RUN);
	t->pending_ns = pending_ns;
	task_continue(s, t);
}

/* ---------------------------------------------------------------------- */
/* Atomic context: what may not sleep                                        */

/*
 * might_sleep - @t is about to block (sleep, wait for I/O or a grace
 * period, take a sleeping lock, offer its CPU). Doing so with a spinlock
 * held or inside an RCU read section is the kernel's "BUG: sleeping
 * function called from invalid context": the debug build aborts naming the
 * model's file and line, as CONFIG_DEBUG_ATOMIC_SLEEP would; other builds
 * fail the run with the same words.
 */
static bool might_sleep(struct sim *s, struct task *t, const char *what)
{
	if (!t->spin_held && !t->rcu_nesting)
		return true;
#ifdef JC_DEBUG_ATOMIC_SLEEP
	fprintf(stderr, "BUG: sleeping function called from invalid context: %s at %s:%d (task %s, %d spinlocks held, rcu nesting %d)\n",
		what, t->file ? t->file : "?", t->line, t->name, t->spin_held,
		t->rcu_nesting);
	abort();
#endif
	sim_fail_check(s, 3, "might_sleep", "BUG: sleeping function called from invalid context: %s at %s:%d (task %s, %d spinlocks held, rcu nesting %d)",
		       what, t->file ? t->file : "?", t->line, t->name, t->spin_held,
		       t->rcu_nesting);
	return false;
}

/* ---------------------------------------------------------------------- */
/* Locks                                                                    */

static struct lock_class *lock_class_of(struct sim *s, const char *name,
					enum lock_kind kind)
{
	int i;

	for (i = 0; i < s->nr_classes; i++)
		if (strcmp(s->classes[i].name, name) == 0)
			return &s->classes[i];
	if (s->nr_classes == SIM_MAX_CLASSES)
		return NULL;
	s->classes[s->nr_classes].name = name;
	s->classes[s->nr_classes].kind = kind;
	return &s->classes[s->nr_classes++];
}

void sim_lock_init(struct sim *s, struct sim_lock *lk, enum lock_kind kind,
		   const char *name)
{
	memset(lk, 0, sizeof(*lk));
	lk->name = name;
	lk->kind = kind;
	lk->id = -1;
	if (s->nr_locks < SIM_MAX_LOCKS) {
		lk->id = s->nr_locks;
		s->locks[s->nr_locks++] = lk;
	}
	lk->cls = lock_class_of(s, name, kind);
	if (!lk->cls)
		sim_fail_check(s, 2, "lock_classes", "more than %d lock classes (at '%s')", SIM_MAX_CLASSES, name);
	sim_line_init(&lk->line);
	INIT_LIST_HEAD(&lk->waiters);
	INIT_LIST_HEAD(&lk->spinners);
}

static bool lock_sleeps(const struct sim_lock *lk)
{
	return lk->kind == LOCK_RWSEM || lk->kind == LOCK_MUTEX || lk->kind == LOCK_PAGE;
}

static int held_index(const struct task *t, const struct sim_lock *lk)
{
	int i;

	for (i = t->nr_held - 1; i >= 0; i--)
		if (t->held[i] == lk)
			return i;
	return -1;
}

/* @t now holds @lk in @mode, from @at on. */
static void lock_granted(struct sim *s, struct sim_lock *lk, struct task *t,
			 int mode, u64 at)
{
	if (t->nr_held == SIM_MAX_HELD) {
		sim_fail_check(s, 3, "held_locks", "task %s holds more than %d locks (taking %s at line %d)",
			       t->name, SIM_MAX_HELD, lk->name, t->line);
		return;
	}
	t->held[t->nr_held++] = lk;
	if (!lock_sleeps(lk))
		t->spin_held++;
	if (mode == LOCK_EXCL) {
		lk->owner = t;
		lk->acquired_at = at;
	} else {
		lk->readers++;
	}
	lk->acquisitions++;
	if (lk->cls)
		lk->cls->acquisitions++;
}

/* Account a waiter's time until @at, spinning or asleep. */
static void lock_waited(struct sim_lock *lk, struct task *w, u64 at)
{
	u64 waited = at - w->state_since;

	if (w->state == TASK_SPIN) {
		lk->spin_ns += waited;
		if (lk->cls)
			lk->cls->spin_ns += waited;
	} else {
		lk->sleep_ns += waited;
		if (lk->cls)
			lk->cls->sleep_ns += waited;
	}
}

/*
 * lock_word_atomic - an atomic of CPU @cpu on @lk's lock word at @at, and
 * what it costs from then: the word's line (struct sim_line) serves one
 * CPU's atomic at a time, and moves to @cpu unless @cpu wrote it last. The
 * CPU that initialised the lock wrote the word first, and the model does
 * not say which CPU that was: the first taker's, as if it had.
 *
 * A taker's fast path is one atomic on the word (qspinlock's and qrwlock's
 * cmpxchg or add, rw_semaphore's and mutex's). A handoff to a spinning
 * waiter is one too: the release moves the line to the one CPU that polls
 * it (qspinlock's pending waiter or MCS head, qrwlock's queue head, a
 * mutex's first osq spinner), which then sets the word; so its cost does
 * not grow with the waiters. Readers of an rwlock_t or rw_semaphore add to
 * and subtract from one count, so their takes and releases queue for the
 * line as the readers grow.
 */
static u64 lock_word_atomic(struct sim *s, struct sim_lock *lk, int cpu, u64 at)
{
	if (lk->line.cpu < 0)
		lk->line.cpu = cpu;
	return line_write_at(s, cpu, &lk->line, at, s->costs.lock_acquire_ns);
}

/*
 * unlock_is_atomic - whether releasing @lk in @mode is an atomic on its word
 * that the releaser waits for: read_unlock() (atomic_sub_return_release() of
 * the reader count), up_read() and up_write() (atomic_long_add_return_release()
 * and atomic_long_fetch_add_release() of sem->count), mutex_unlock()
 * (atomic_long_try_cmpxchg_release() of lock->owner). spin_unlock() and
 * write_unlock() are a release store (smp_store_release() of the locked
 * byte), which the CPU's store buffer takes without waiting for the line:
 * the next taker pays its move.
 */
static bool unlock_is_atomic(const struct sim_lock *lk, int mode)
{
	return lk->kind != LOCK_SPIN && !(lk->kind == LOCK_RW && mode == LOCK_EXCL);
}

static bool can_take(const struct sim_lock *lk, int mode)
{
	if (lk->owner)
		return false;
	if (mode == LOCK_EXCL)
		return lk->readers == 0;
	/*
	 * A reader gets in beside other readers unless a waiter queues: for
	 * qrwlock that is a writer waiting (or readers queued behind one);
	 * rw_semaphore's readers likewise take the fast path only with no
	 * waiters (its lock stealing is left out: it lets a reader pass
	 * sleeping writers when the lock is reader-owned, which only reorders
	 * readers that the labs never queue behind writers).
	 */
	return list_empty(&lk->waiters);
}

static bool owner_on_cpu(const struct sim *s, const struct task *o)
{
	return o && s->cpu_curr[o->cpu] == o &&
	       (o->state == TASK_RUN || o->state == TASK_SPIN);
}

static void wake_task(struct sim *s, struct task *w, u64 delay);

/*
 * hand_over - @w, taken off the list that @nr counts, now holds @lk in the
 * mode it asked for: a spinner runs once the line has moved, a sleeper once
 * woken.
 */
static void hand_over(struct sim *s, struct sim_lock *lk, struct task *w, int *nr)
{
	bool asleep = w->state == TASK_SLEEP;
	u64 delay;

	if (asleep) {
		delay = s->costs.wakeup_ns;
		lk->line.cpu = w->cpu;
	} else {
		delay = lock_word_atomic(s, lk, w->cpu, s->now);
	}

	list_del_init(&w->wait_entry);
	(*nr)--;
	lock_waited(lk, w, s->now + delay);
	lock_granted(s, lk, w, w->req_mode, s->now + delay);
	w->req_lock = NULL;
	if (asleep) {
		wake_task(s, w, delay);
	} else {
		w->req = REQ_NONE;
		heap_push(s, s->now + delay, w);
	}
}

/*
 * page_lock_wake - folio_wake_bit() after folio_unlock() cleared the bit:
 * the first waiter only. One queued with WQ_FLAG_CUSTOM is handed the bit
 * (WQ_FLAG_DONE); any other is woken to take it itself when it runs, and
 * whoever takes the free bit first in between steals it (folio_lock()
 * then queues the woken waiter again).
 */
static void page_lock_wake(struct sim *s, struct sim_lock *lk)
{
	struct task *w;

	if (list_empty(&lk->waiters))
		return;
	w = list_first_entry(&lk->waiters, struct task, wait_entry);
	if (w->page_lock_handoff) {
		hand_over(s, lk, w, &lk->nr_waiters);
		return;
	}
	list_del_init(&w->wait_entry);
	lk->nr_waiters--;
	lock_waited(lk, w, s->now + s->costs.wakeup_ns);
	w->req_lock = NULL;
	wake_task(s, w, s->costs.wakeup_ns);
}

/*
 * lock_grant - after a release, hand @lk to whoever is next: a spinner
 * (after the line moves), else the first waiter; for a qrwlock the readers
 * at the queue's head together, for an rw_semaphore every sleeping reader.
 */
static void lock_grant(struct sim *s, struct sim_lock *lk)
{
	struct task *w, *n;

	if (lk->owner)
		return;
	if (lk->kind == LOCK_PAGE) {
		page_lock_wake(s, lk);
		return;
	}
	if (!list_empty(&lk->spinners) && lk->readers == 0) {
		w = list_first_entry(&lk->spinners, struct task, wait_entry);
		hand_over(s, lk, w, &lk->nr_spinners);
		return;
	}
	while (!list_empty(&lk->waiters)) {
		w = list_first_entry(&lk->waiters, struct task, wait_entry);
		if (w->req_mode == LOCK_EXCL && lk->readers)
			return;
		if (w->req_mode == LOCK_SHARED && lk->kind == LOCK_RWSEM) {
			/* rwsem_mark_wake(): every reader on the list */
			list_for_each_entry_safe(w, n, &lk->waiters, struct task, wait_entry)
				if (w->req_mode == LOCK_SHARED)
					hand_over(s, lk, w, &lk->nr_waiters);
			return;
		}
		hand_over(s, lk, w, &lk->nr_waiters);
		if (lock_sleeps(lk) || w->req_mode == LOCK_EXCL)
			return;
	}
}

static void run_or_preempt(struct sim *s, struct task *t);

static void mark_step(struct sim *s, struct task *t, int kind, u64 i,
		      s64 a, s64 b);

static void do_lock(struct sim *s, struct task *t, struct sim_lock *lk, int mode)
{
	u64 cost;

	if (lk->owner == t || (mode == LOCK_SHARED && held_index(t, lk) >= 0 &&
			       lk->kind != LOCK_RW)) {
		sim_fail_check(s, 3, "lock_recursion", "task %s takes %s twice (%s:%d)", t->name, lk->name,
			       t->file ? t->file : "?", t->line);
		return;
	}
	if (lock_sleeps(lk) && !might_sleep(s, t, lk->kind == LOCK_MUTEX ? "mutex_lock" :
					     lk->kind == LOCK_PAGE ? "folio_lock" :
					     mode == LOCK_SHARED ? "down_read" : "down_write"))
		return;
	if (can_take(lk, mode)) {
		cost = lock_word_atomic(s, lk, t->cpu, s->now);
		lock_granted(s, lk, t, mode, s->now + cost);
		run_task(s, t, cost);
		return;
	}
	if (lk->kind == LOCK_PAGE) {
		/* folio_wait_bit_common(): `--unfairness < 0` sets WQ_FLAG_CUSTOM */
		t->page_lock_handoff = --t->page_lock_unfair < 0;
		if (t->page_lock_unfair < SIM_PAGE_LOCK_UNFAIRNESS - 1)
			goto queue;	/* a retry after a steal: counted once */
	}
	lk->contended++;
	if (lk->cls)
		lk->cls->contended++;
	if (s->mark_kinds & (1ULL << SK_CONTENDED))
		mark_step(s, t, SK_CONTENDED, t->lock_step, lk->id,
			  lk->nr_waiters + lk->nr_spinners + 1);
queue:
	t->req_lock = lk;
	t->req_mode = mode;
	if (!lock_sleeps(lk)) {
		list_add_tail(&t->wait_entry, &lk->waiters);
		lk->nr_waiters++;
		task_set_state(s, t, TASK_SPIN);
		return;
	}
	/* optimistic spinning: a writer (or mutex taker) while the owner runs */
	if (lk->kind != LOCK_PAGE && mode == LOCK_EXCL && owner_on_cpu(s, lk->owner)) {
		list_add_tail(&t->wait_entry, &lk->spinners);
		lk->nr_spinners++;
		task_set_state(s, t, TASK_SPIN);
		return;
	}
	list_add_tail(&t->wait_entry, &lk->waiters);
	lk->nr_waiters++;
	task_set_state(s, t, TASK_SLEEP);
	cpu_release(s, t);
}

static void do_unlock(struct sim *s, struct task *t, struct sim_lock *lk, int mode)
{
	int i = held_index(t, lk);
	u64 cost;

	if (i < 0 || (mode == LOCK_EXCL && lk->owner != t) ||
	    (mode == LOCK_SHARED && lk->owner == t)) {
		sim_fail_check(s, 3, "lock_release", "task %s releases %s that it does not hold that way (%s:%d)",
			       t->name, lk->name, t->file ? t->file : "?", t->line);
		return;
	}
	memmove(&t->held[i], &t->held[i + 1], sizeof(t->held[0]) * (size_t)(t->nr_held - i - 1));
	t->nr_held--;
	if (!lock_sleeps(lk))
		t->spin_held--;
	if (mode == LOCK_EXCL) {
		lk->hold_ns += s->now - lk->acquired_at;
		if (lk->cls)
			lk->cls->hold_ns += s->now - lk->acquired_at;
		lk->owner = NULL;
	} else {
		lk->readers--;
	}
	if (!unlock_is_atomic(lk, mode)) {
		lk->line.cpu = t->cpu;
		lock_grant(s, lk);
		run_or_preempt(s, t);
		return;
	}
	/*
	 * The atomic holds the word's line until it is done, so a waiter that
	 * the release lets in takes the line after it; the releaser goes on
	 * once it is done, at the preemption point that follows (the
	 * preempt_enable() after it, or the end of the section).
	 */
	cost = lock_word_atomic(s, lk, t->cpu, s->now);
	lock_grant(s, lk);
	t->req = REQ_ELAPSE;
	heap_push(s, s->now + cost, t);
}

/*
 * lock_owner_off_cpu - @t stops running (sleeps, waits for I/O or is
 * preempted): whoever spins on a sleeping lock it holds gives up and sleeps,
 * as mutex_spin_on_owner() and rwsem_spin_on_owner() stop once the owner
 * is off its CPU.
 */
static void lock_owner_off_cpu(struct sim *s, struct task *t)
{
	struct task *w;
	int i;

	for (i = 0; i < t->nr_held; i++) {
		struct sim_lock *lk = t->held[i];

		if (!lock_sleeps(lk) || lk->owner != t)
			continue;
		while (!list_empty(&lk->spinners)) {
			w = list_first_entry(&lk->spinners, struct task, wait_entry);
			list_del_init(&w->wait_entry);
			lk->nr_spinners--;
			lock_waited(lk, w, s->now);
			list_add_tail(&w->wait_entry, &lk->waiters);
			lk->nr_waiters++;
			task_set_state(s, w, TASK_SLEEP);
			w->state_since = s->now;
			cpu_release(s, w);
		}
	}
}

/* ---------------------------------------------------------------------- */
/* Preemption                                                               */

/*
 * The tick preempts a task whose slice is over when another task waits for
 * its CPU, at the task's next preemption point: a yield with no spinlock or
 * rwlock held and outside RCU read sections (preempt_count zero). Point
 * granularity: the model's yields are at most a few microseconds apart
 * outside long locked walks, well under a tick.
 */
static bool preempt_due(const struct sim *s, const struct task *t)
{
	int cpu = t->cpu;

	return s->cpu_curr[cpu] == t && !list_empty(&s->cpu_rq[cpu]) &&
	       s->now >= s->cpu_resched_at[cpu] && !t->spin_held &&
	       !t->rcu_nesting;
}

static void run_or_preempt(struct sim *s, struct task *t)
{
	if (!preempt_due(s, t)) {
		run_task(s, t, 0);
		return;
	}
	t->req = REQ_NONE;
	t->preemptions++;
	s->preemptions++;
	task_set_state(s, t, TASK_READY);
	lock_owner_off_cpu(s, t);
	list_add_tail(&t->rq_entry, &s->cpu_rq[t->cpu]);
	cpu_release(s, t);
}

/* ---------------------------------------------------------------------- */
/* Wait queues, I/O and RCU                                                 */

void init_waitqueue_head(struct wait_queue_head *wq, const char *name)
{
	wq->name = name;
	wq->wakeups = 0;
	wq->wake_seq = 0;
	INIT_LIST_HEAD(&wq->head);
}

/* wake_task - resume @w after @delay; cancels its sleep's timer, if any. */
static void wake_task(struct sim *s, struct task *w, u64 delay)
{
	w->req = REQ_NONE;
	w->ev_gen++;
	heap_push(s, s->now + delay, w);
}

static void do_wake(struct sim *s, struct task *t, struct wait_queue_head *wq)
{
	struct task *w, *n;

	wq->wake_seq++;
	list_for_each_entry_safe(w, n, &wq->head, struct task, wait_entry) {
		list_del_init(&w->wait_entry);
		wq->wakeups++;
		wake_task(s, w, s->costs.wakeup_ns);
	}
	run_or_preempt(s, t);
}

void blkdev_init(struct blkdev *d, const char *name, int channels,
		 u64 latency_ns, u64 bw_bytes_per_s, u64 flush_ns)
{
	memset(d, 0, sizeof(*d));
	d->name = name;
	d->channels = channels < 1 ? 1 : channels > 8 ? 8 : channels;
	d->latency_ns = latency_ns;
	d->bw_bytes_per_s = bw_bytes_per_s;
	d->flush_ns = flush_ns;
}

static void do_io(struct sim *s, struct task *t)
{
	struct blkdev *d = t->req_dev;
	int c, best = 0;
	u64 start, done;

	for (c = 1; c < d->channels; c++)
		if (d->busy_until[c] < d->busy_until[best])
			best = c;
	start = d->busy_until[best] > s->now ? d->busy_until[best] : s->now;
	done = start + d->latency_ns + t->req_bytes * NSEC_PER_SEC / d->bw_bytes_per_s;
	if (t->req_flush)
		done += d->flush_ns;
	d->busy_until[best] = done;
	d->requests++;
	d->bytes += t->req_bytes;
	d->queue_ns += start - s->now;
	task_set_state(s, t, TASK_IO);
	lock_owner_off_cpu(s, t);
	cpu_release(s, t);
	t->req = REQ_NONE;
	heap_push(s, done, t);
}

/* Is a reader that began at or before @epoch still inside its section? */
static bool rcu_blocked(struct sim *s, u64 epoch)
{
	int i;

	for (i = 0; i < s->nr_tasks; i++) {
		struct task *r = s->tasks[i];

		if (r->rcu_nesting > 0 && r->rcu_epoch <= epoch)
			return true;
	}
	return false;
}

/* A reader left its section: finish the grace periods it was holding up. */
static void rcu_advance(struct sim *s)
{
	struct rcu_gp *gp, *n;

	list_for_each_entry_safe(gp, n, &s->rcu_gps, struct rcu_gp, entry) {
		if (rcu_blocked(s, gp->epoch))
			continue;
		list_del_init(&gp->entry);
		gp->done = true;
		s->rcu_gps_completed++;
		if (!list_empty(&gp->wq.head)) {
			struct task *w = list_first_entry(&gp->wq.head, struct task, wait_entry);
			u64 at = gp->started + s->costs.rcu_gp_min_ns;

			list_del_init(&w->wait_entry);
			wake_task(s, w, at > s->now ? at - s->now : s->costs.wakeup_ns);
		}
	}
}

static void do_rcu_sync(struct sim *s, struct task *t)
{
	struct rcu_gp *gp = sim_alloc(s, sizeof(*gp));

	if (!gp)
		return;
	gp->epoch = s->rcu_epoch++;
	gp->started = s->now;
	init_waitqueue_head(&gp->wq, "rcu_gp");
	list_add_tail(&gp->entry, &s->rcu_gps);
	list_add_tail(&t->wait_entry, &gp->wq.head);
	task_set_state(s, t, TASK_SLEEP);
	lock_owner_off_cpu(s, t);
	cpu_release(s, t);
	rcu_advance(s);
}

/* ---------------------------------------------------------------------- */
/* Dispatch                                                                 */

static void dispatch(struct sim *s, struct task *t)
{
	enum sim_req req = t->req;
	int cpu = t->cpu;

	switch (req) {
	case REQ_TIMEOUT:
		/* the sleep's deadline: off the wait queue, then as if woken */
		list_del_init(&t->wait_entry);
		t->req = REQ_NONE;
		/* fallthrough */
	case REQ_NONE:
		/* resumed: started, woken, I/O done or handed a lock */
		if (t->state == TASK_SPIN) {
			run_task(s, t, 0);
			return;
		}
		if (s->cpu_curr[cpu] != t &&
		    (t->state == TASK_SLEEP || t->state == TASK_IO || !t->started)) {
			/* a wakeup or a new task: off its old CPU, placed anew */
			if (t->state != TASK_READY)
				task_set_state(s, t, TASK_READY);
			task_move(s, t, select_idle_cpu(s, cpu));
			cpu = t->cpu;
			t->started = true;
		}
		if (s->cpu_curr[cpu] && s->cpu_curr[cpu] != t) {
			if (t->state != TASK_READY)
				task_set_state(s, t, TASK_READY);
			list_add_tail(&t->rq_entry, &s->cpu_rq[cpu]);
			return;
		}
		if (s->cpu_curr[cpu] != t)
			cpu_set_curr(s, cpu, t);
		run_task(s, t, 0);
		return;
	case REQ_ELAPSE:
		run_or_preempt(s, t);
		return;
	case REQ_COND_RESCHED:
		if (might_sleep(s, t, "cond_resched"))
			run_or_preempt(s, t);
		return;
	case REQ_EXIT:
		t->req = REQ_NONE;
		if (t->nr_held || t->rcu_nesting) {
			sim_fail_check(s, 3, "exit_holding", "task %s ended holding %s%s",
				       t->name, t->nr_held ? t->held[0]->name : "",
				       t->rcu_nesting ? " (inside an RCU read section)" : "");
			return;
		}
		task_set_state(s, t, TASK_DONE);
		cpu_release(s, t);
		return;
	case REQ_LOCK:
		do_lock(s, t, t->req_lock, t->req_mode);
		return;
	case REQ_UNLOCK:
		do_unlock(s, t, t->req_lock, t->req_mode);
		return;
	case REQ_SLEEP:
		if (!might_sleep(s, t, "schedule"))
			return;
		if (t->req_wq->wake_seq != t->req_wake_seq ||
		    (t->req_deadline && s->now >= t->req_deadline)) {
			/* woken between its check and now, or out of time */
			run_task(s, t, 0);
			return;
		}
		list_add_tail(&t->wait_entry, &t->req_wq->head);
		t->req = REQ_NONE;
		task_set_state(s, t, TASK_SLEEP);
		lock_owner_off_cpu(s, t);
		cpu_release(s, t);
		if (t->req_deadline) {
			t->req = REQ_TIMEOUT;
			heap_push(s, t->req_deadline, t);
		}
		return;
	case REQ_WAKE:
		do_wake(s, t, t->req_wq);
		return;
	case REQ_IO:
		if (might_sleep(s, t, "submit_bio_wait"))
			do_io(s, t);
		return;
	case REQ_RCU_LOCK:
		if (t->rcu_nesting++ == 0)
			t->rcu_epoch = s->rcu_epoch;
		run_task(s, t, 0);
		return;
	case REQ_RCU_UNLOCK:
		if (t->rcu_nesting <= 0) {
			sim_fail_check(s, 3, "rcu_unlock", "task %s: rcu_read_unlock without rcu_read_lock (line %d)",
				       t->name, t->line);
			return;
		}
		if (--t->rcu_nesting == 0)
			rcu_advance(s);
		run_or_preempt(s, t);
		return;
	case REQ_RCU_SYNC:
		t->req = REQ_NONE;
		if (might_sleep(s, t, "synchronize_rcu"))
			do_rcu_sync(s, t);
		return;
	case REQ_HALT:
		return;
	}
}

bool __sim_request(struct task *t, enum sim_req req)
{
	t->req = req;
	return true;
}

bool __sim_lock(struct task *t, struct sim_lock *lk, int mode)
{
	t->req_lock = lk;
	t->req_mode = mode;
	return __sim_request(t, REQ_LOCK);
}

bool __sim_unlock(struct task *t, struct sim_lock *lk, int mode)
{
	t->req_lock = lk;
	t->req_mode = mode;
	return __sim_request(t, REQ_UNLOCK);
}

bool __sim_sleep(struct task *t, struct wait_queue_head *wq, u64 deadline)
{
	t->req_wq = wq;
	t->req_wake_seq = wq->wake_seq;
	t->req_deadline = deadline;
	return __sim_request(t, REQ_SLEEP);
}

bool __sim_wake(struct task *t, struct wait_queue_head *wq)
{
	t->req_wq = wq;
	return __sim_request(t, REQ_WAKE);
}

bool __sim_io(struct task *t, struct blkdev *d, u64 bytes, bool flush)
{
	t->req_dev = d;
	t->req_bytes = bytes;
	t->req_flush = flush;
	return __sim_request(t, REQ_IO);
}

/* ---------------------------------------------------------------------- */
/* Steps                                                                    */

static void step_watch_update(struct sim *s)
{
	u64 next = s->max_steps + 1;
	u64 i = s->steps;

	if (s->stop_step > i && s->stop_step < next)
		next = s->stop_step;
	if (s->trace_max) {
		if (i < s->trace_from && s->trace_from < next)
			next = s->trace_from;
		else if (i + 1 < s->trace_from + s->trace_max && i + 1 < next)
			next = i + 1;
	}
	s->step_watch = next;
}

/*
 * mark_thin - make room in the full mark buffer: the kind holding the most
 * marks keeps every other one of them (its first, third, ...) and records
 * every other of its steps from now on, twice as far apart as before.
 */
static void mark_thin(struct sim *s)
{
	bool drop = true;
	int k, most = 0;
	u32 i, n = 0;

	for (k = 1; k < SIM_MAX_MARK_KINDS; k++)
		if (s->mark_kept[k] > s->mark_kept[most])
			most = k;
	for (i = 0; i < s->mark_len; i++) {
		if (s->marks[i].kind == most) {
			drop = !drop;
			if (drop)
				continue;
		}
		s->marks[n++] = s->marks[i];
	}
	s->mark_kept[most] -= s->mark_len - n;
	s->mark_len = n;
	s->mark_every[most] *= 2;
}

/*
 * mark_step - count step @i of marked kind @kind, with its arguments @a and
 * @b, and keep it if it is due
 */
static void mark_step(struct sim *s, struct task *t, int kind, u64 i,
		      s64 a, s64 b)
{
	u64 nth = s->mark_total[kind]++;

	if (nth % s->mark_every[kind])
		return;
	if (s->mark_len == s->mark_max) {
		mark_thin(s);
		/* thinning may have made this kind's step one it skips */
		if (nth % s->mark_every[kind])
			return;
	}
	s->marks[s->mark_len].i = i;
	s->marks[s->mark_len].t = s->now + t->pending_ns;
	s->marks[s->mark_len].a = a;
	s->marks[s->mark_len].b = b;
	s->marks[s->mark_len].kind = kind;
	s->mark_len++;
	s->mark_kept[kind]++;
}

bool __sim_step_slow(struct sim *s, struct task *t, int line, int kind,
		     s64 a, s64 b)
{
	u64 i = s->steps;

	if (kind == SK_LOCK)
		t->lock_step = i;
	if (s->mark_kinds & (1ULL << kind))
		mark_step(s, t, kind, i, a, b);
	if (i < s->step_watch)
		return false;

	if (i > s->max_steps) {
		sim_fail_check(s, 2, "max_steps", "step budget of %llu steps exceeded at %.3f ms of virtual time; lower the parameters",
			       (unsigned long long)s->max_steps, (double)s->now / 1e6);
		return true;
	}
	if (s->trace_max && i >= s->trace_from && i < s->trace_from + s->trace_max &&
	    s->trace_len < s->trace_max) {
		struct sim_step_rec *r = &s->trace[s->trace_len++];

		r->i = i;
		r->t = s->now + t->pending_ns;
		r->cpu = t->cpu;
		r->task = t->id;
		r->line = line;
		r->kind = kind;
		r->a = a;
		r->b = b;
	}
	step_watch_update(s);
	return s->stop_step && i == s->stop_step;
}

/* ---------------------------------------------------------------------- */
/* Set-up and the loop                                                      */

int sim_init(struct sim *s, int nr_cpus, u32 seed)
{
	u64 x = seed;
	int i;

	memset(s, 0, sizeof(*s));
	INIT_LIST_HEAD(&s->allocs);
	INIT_LIST_HEAD(&s->rcu_gps);
	for (i = 0; i < 4; i++)
		s->rng[i] = splitmix64(&x);
	s->hash = 0xcbf29ce484222325ULL ^ seed;
	s->nr_cpus = nr_cpus;
	for (i = 0; i < SIM_MAX_CPUS; i++)
		INIT_LIST_HEAD(&s->cpu_rq[i]);
	s->max_events = 50000000ULL;
	s->max_steps = 1000000000ULL;
	s->max_mem = 512ULL << 20;
	s->heat.buckets = 120;

	/*
	 * Machine-wide costs, for a server of the mails' era (2-4 GHz, one or
	 * two sockets):
	 * - an atomic read-modify-write (an uncontended lock, an atomic
	 *   unlock, a reference count) on a line already in L1: ~20 ns;
	 * - a cache line moving to another core: ~100 ns across a socket
	 *   (intra-socket transfers are ~40-60 ns; the labs' many-CPU runs
	 *   span sockets);
	 * - waking a sleeping task until it runs: ~4 us (IPI plus schedule);
	 * - a context switch: ~2 us;
	 * - the shortest grace period: ~1 ms (non-expedited, HZ=1000);
	 * - the tick: HZ=250, 4 ms (Debian's and most distributions' default);
	 * - a slice: 3 ms, EEVDF's base slice of 0.75 ms scaled by
	 *   1 + ilog2(8) for machines of 8 or more CPUs.
	 */
	s->costs.lock_acquire_ns = 20;
	s->costs.line_transfer_ns = 100;
	s->costs.wakeup_ns = 4 * NSEC_PER_USEC;
	s->costs.ctx_switch_ns = 2 * NSEC_PER_USEC;
	s->costs.rcu_gp_min_ns = 1 * NSEC_PER_MSEC;
	s->costs.tick_ns = 4 * NSEC_PER_MSEC;
	s->costs.sched_slice_ns = 3 * NSEC_PER_MSEC;
	return 0;
}

/* sim_prepare - allocate what the run needs once its budgets are set. */
static int sim_prepare(struct sim *s)
{
	if (!s->heat.bins &&
	    sim_heat_alloc(s, &s->heat, s->nr_cpus, CPU_NR_STATES, s->heat.buckets))
		return -1;
	if (s->trace_max && !s->trace) {
		s->trace = sim_alloc(s, sizeof(*s->trace) * s->trace_max);
		if (!s->trace)
			return -1;
	}
	if (s->mark_kinds && !s->marks) {
		int k;

		/* more marks than kinds, so that thinning always frees one */
		if (s->mark_max < SIM_MIN_MARKS)
			s->mark_max = SIM_MIN_MARKS;
		s->marks = sim_alloc(s, sizeof(*s->marks) * s->mark_max);
		if (!s->marks)
			return -1;
		for (k = 0; k < SIM_MAX_MARK_KINDS; k++)
			s->mark_every[k] = 1;
	}
	step_watch_update(s);
	return 0;
}

struct task *sim_task_create(struct sim *s, int cpu, const char *name,
			     task_fn fn, void *priv, u64 start_ns)
{
	struct task *t;

	if (sim_prepare(s))
		return NULL;
	if (s->nr_tasks == s->max_tasks) {
		int cap = s->max_tasks ? s->max_tasks * 2 : 64;
		struct task **tasks = sim_alloc(s, sizeof(*tasks) * cap);

		if (!tasks)
			return NULL;
		if (s->nr_tasks)
			memcpy(tasks, s->tasks, sizeof(*tasks) * s->nr_tasks);
		s->tasks = tasks;
		s->max_tasks = cap;
	}
	t = sim_alloc(s, sizeof(*t));
	if (!t)
		return NULL;
	t->id = s->nr_tasks;
	t->cpu = cpu % s->nr_cpus;
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->fn = fn;
	t->priv = priv;
	t->state = TASK_READY;
	t->func = "";
	INIT_LIST_HEAD(&t->wait_entry);
	INIT_LIST_HEAD(&t->rq_entry);
	s->tasks[s->nr_tasks++] = t;
	heap_push(s, start_ns, t);
	return t;
}

static void report_stuck(struct sim *s)
{
	int i;

	for (i = 0; i < s->nr_tasks; i++) {
		struct task *t = s->tasks[i];

		if (t->state == TASK_DONE)
			continue;
		sim_fail_check(s, 3, "deadlock", "deadlock: task %s never finished (state %d in %s, line %d, waiting on %s)",
			       t->name, t->state, t->func, t->line,
			       t->req_lock ? t->req_lock->name : t->req_wq ? t->req_wq->name : "nothing");
		return;
	}
}

static void run_check(struct sim *s, bool final)
{
	char msg[200];

	if (!s->check)
		return;
	s->checks++;
	if (s->check(s, final, msg, sizeof(msg)))
		sim_fail_check(s, 3, "invariants", "invariant violated at step %llu, %llu ns (event %llu): %s",
			       (unsigned long long)s->steps, (unsigned long long)s->now,
			       (unsigned long long)s->events, msg);
}

/*
 * sim_loop - run events until the heap is empty (the end), the stop step,
 * an error or a budget. Then every CPU's state so far is flushed to the
 * heatmap and its cpu_ns; a resumed run goes on from there, which splits
 * a CPU's segment in two at the halt and leaves every sum as it was.
 */
static int sim_loop(struct sim *s)
{
	int cpu;

	while (s->heap_len && !s->halted && !s->error) {
		struct sim_event ev = heap_pop(s);

		if (ev.gen != ev.task->ev_gen)
			continue;	/* a cancelled timer */
		s->now = ev.time;
		if (++s->events > s->max_events) {
			sim_fail_check(s, 2, "max_events", "event budget of %llu events exceeded at %.3f ms of virtual time; lower the parameters or raise max_events",
				       (unsigned long long)s->max_events, (double)s->now / 1e6);
			break;
		}
		hash_mix(s, ev.time);
		hash_mix(s, ((u64)ev.task->id << 8) | ev.task->req);
		dispatch(s, ev.task);
		if (s->check_every && s->events % s->check_every == 0)
			run_check(s, false);
	}
	if (!s->halted && !s->error)
		report_stuck(s);
	if (!s->halted && !s->error)
		run_check(s, true);
	for (cpu = 0; cpu < s->nr_cpus; cpu++) {
		sim_heat_add(&s->heat, cpu, s->cpu_state[cpu], s->cpu_since[cpu], s->now);
		s->cpu_ns[cpu][s->cpu_state[cpu]] += s->now - s->cpu_since[cpu];
		s->cpu_since[cpu] = s->now;
	}
	return s->error;
}

int sim_run(struct sim *s)
{
	if (sim_prepare(s))
		return s->error;
	return sim_loop(s);
}

int sim_resume(struct sim *s, u64 stop_step)
{
	struct task *t = s->halted_task;

	if (!s->halted || !t || s->error) {
		sim_fail(s, 3, "sim_resume: the run is not halted at a stop step");
		return s->error;
	}
	s->halted = false;
	s->halted_task = NULL;
	s->stop_step = stop_step;
	step_watch_update(s);
	/* the rest of the event it halted in, as the loop would have run it */
	task_continue(s, t);
	if (!s->halted && !s->error && s->check_every &&
	    s->events % s->check_every == 0)
		run_check(s, false);
	return sim_loop(s);
}

u64 sim_hash(const struct sim *s)
{
	u64 h = s->hash;

	h ^= s->steps + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

u64 sim_cpu_state_ns(const struct sim *s, enum cpu_state st)
{
	u64 sum = 0;
	int cpu;

	for (cpu = 0; cpu < s->nr_cpus; cpu++)
		sum += s->cpu_ns[cpu][st];
	return sum;
}

void sim_destroy(struct sim *s)
{
	while (!list_empty(&s->allocs)) {
		struct sim_block *b = list_first_entry(&s->allocs, struct sim_block, entry);

		list_del(&b->entry);
		free(b);
	}
	s->mem = 0;
}
