// SPDX-License-Identifier: GPL-2.0
/*
 * test_engine.c - tests of the simulator itself (sim.c), driven by tiny
 * models written here, not through a lab: determinism, the spinlock's FIFO
 * handoff and its costs, mutual exclusion, cache lines that several CPUs
 * write, wait queues, RCU grace periods,
 * the block device, the scheduler, the heatmap, the budgets, halting at a
 * step and the step trace.
 *
 * Every expected time is derived from s->costs and the model's own
 * constants by the rules that sim.h states; none is copied from a run.
 *
 * The models are coroutines (co.h): each simulated thread keeps what lives
 * across a yield in its struct actor, and all of them share one struct world.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sim.h"

#define MAX_ACTORS	16

/* One simulated thread's frame: whatever lives across a yield. */
struct actor {
	struct co co;
	int id;
	int i, n;		/* loop position and length */
	u64 v;			/* read before a yield, used after it */
	u64 work_ns;		/* CPU work per iteration or section */
	u64 work2_ns;		/* CPU work of a second phase */
	u64 bytes;		/* I/O size */
	bool flush;
	bool store;		/* line_writer: plain stores, not atomics */
	int need;		/* the `go` level a sleeper waits for */
	int checks;		/* times its wait condition was evaluated */
	u64 cost_ns[4];		/* what each lock acquisition cost */
	u64 start_ns, acquire_ns, wake_ns, done_ns;
};

static struct world {
	bool live;		/* W.s needs sim_destroy() */
	struct sim s;
	struct spinlock lock;
	struct sim_line line;
	struct wait_queue_head wq;
	struct blkdev dev;
	struct actor a[MAX_ACTORS];
	struct task *t[MAX_ACTORS];
	int order[MAX_ACTORS], nr_order;
	u64 counter;
	int inside, inside_max;
	int go;
	int steps_done;
} W;

/* The device the tests use unless they set up their own. */
#define DEV_LATENCY_NS	(10 * NSEC_PER_USEC)
#define DEV_BW		2000000000ULL	/* bytes per second */
#define DEV_FLUSH_NS	(50 * NSEC_PER_USEC)

static void world_init(int nr_cpus, u32 seed)
{
	memset(&W, 0, sizeof(W));
	assert_int_equal(sim_init(&W.s, nr_cpus, seed), 0);
	W.live = true;
	spin_lock_init(&W.s, &W.lock, "test_lock");
	sim_line_init(&W.line);
	init_waitqueue_head(&W.wq, "test_wq");
	blkdev_init(&W.dev, "test_dev", 2, DEV_LATENCY_NS, DEV_BW, DEV_FLUSH_NS);
}

static int world_teardown(void **state)
{
	(void)state;
	if (W.live)
		sim_destroy(&W.s);
	W.live = false;
	return 0;
}

static struct actor *spawn(int id, int cpu, const char *name, task_fn fn,
			   u64 start_ns)
{
	struct actor *a = &W.a[id];

	a->id = id;
	W.t[id] = sim_task_create(&W.s, cpu, name, fn, a, start_ns);
	assert_non_null(W.t[id]);
	return a;
}

/* vnow - @t's own virtual time: its event's time plus what it charged since */
static u64 vnow(const struct sim *s, const struct task *t)
{
	return s->now + t->pending_ns;
}

/* Every CPU is in exactly one state at every instant of the run. */
static void assert_time_accounted(const struct sim *s)
{
	u64 sum = 0;
	int st;

	for (st = 0; st < CPU_NR_STATES; st++)
		sum += sim_cpu_state_ns(s, (enum cpu_state)st);
	assert_int_equal(sum, (u64)s->nr_cpus * s->now);
}

/* ---------------------------------------------------------------------
 * The models
 * ------------------------------------------------------------------- */

/* Take the lock once, note when and in which order, hold it work_ns. */
static int fifo_taker(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	a->start_ns = vnow(s, t);
	spin_lock(t, &W.lock);
	a->acquire_ns = vnow(s, t);
	W.order[W.nr_order++] = a->id;
	sim_charge(t, a->work_ns);
	spin_unlock(t, &W.lock);
	CO_END(co);
}

/* Take and release the lock n times, noting what each acquisition cost. */
static int relocker(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		a->v = vnow(s, t);
		spin_lock(t, &W.lock);
		a->cost_ns[a->i] = vnow(s, t) - a->v;
		sim_charge(t, a->work_ns);
		spin_unlock(t, &W.lock);
	}
	CO_END(co);
}

/*
 * Write W.line n times (atomics, or plain stores if store), work_ns of
 * other work after each write, noting what each write cost.
 */
static int line_writer(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		a->v = vnow(s, t);
		if (a->store)
			line_store(t, &W.line);
		else
			line_atomic(t, &W.line);
		a->cost_ns[a->i] = vnow(s, t) - a->v;
		if (!a->i)
			a->done_ns = vnow(s, t);
		sim_charge(t, a->work_ns);
	}
	CO_END(co);
}

/*
 * Increment W.counter n times under the lock, with a yield between the read
 * and the write: without mutual exclusion, increments would be lost.
 */
static int counter_incr(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		spin_lock(t, &W.lock);
		if (++W.inside > W.inside_max)
			W.inside_max = W.inside;
		a->v = W.counter;
		sim_charge(t, sim_jitter(s, a->work_ns, 50));
		sim_elapse(t);
		W.counter = a->v + 1;
		W.inside--;
		spin_unlock(t, &W.lock);
		sim_charge(t, sim_jitter(s, a->work_ns, 50));
		sim_elapse(t);
	}
	CO_END(co);
}

static bool go_reached(struct actor *a)
{
	a->checks++;
	return W.go >= a->need;
}

/* Charge work_ns, sleep until W.go >= need, then charge work2_ns. */
static int sleeper(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	sim_charge(t, a->work_ns);
	a->start_ns = vnow(s, t);
	wait_event(t, &W.wq, go_reached(a));
	a->wake_ns = vnow(s, t);
	sim_charge(t, a->work2_ns);
	a->done_ns = vnow(s, t);
	CO_END(co);
}

/* Charge work_ns, raise W.go to 1 and wake; charge work2_ns; raise to 2 and wake. */
static int waker(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	a->start_ns = vnow(s, t);
	sim_charge(t, a->work_ns);
	sim_elapse(t);
	W.go = 1;
	a->wake_ns = vnow(s, t);
	wake_up_all(t, &W.wq);
	sim_charge(t, a->work2_ns);
	sim_elapse(t);
	if (a->need > 1) {
		W.go = 2;
		wake_up_all(t, &W.wq);
	}
	a->done_ns = vnow(s, t);
	CO_END(co);
}

/* A read section of n slices of work_ns, each ending in cond_resched(). */
static int rcu_reader(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	rcu_read_lock(t);
	a->acquire_ns = vnow(s, t);
	for (a->i = 0; a->i < a->n; a->i++) {
		sim_charge(t, a->work_ns);
		sim_elapse(t);
	}
	a->done_ns = vnow(s, t);
	rcu_read_unlock(t);
	CO_END(co);
}

static int rcu_syncer(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	a->start_ns = vnow(s, t);
	synchronize_rcu(t);
	a->wake_ns = vnow(s, t);
	CO_END(co);
}

static int io_submitter(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	a->start_ns = vnow(s, t);
	submit_bio_wait(t, &W.dev, a->bytes, a->flush);
	a->done_ns = vnow(s, t);
	CO_END(co);
}

/* n steps of its own, work_ns apart; W.steps_done counts those passed. */
static int stepper(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		sim_charge(t, a->work_ns);
		STEP(t, SK_LAB, a->i + 1, a->id);
		W.steps_done++;
	}
	CO_END(co);
}

/* n slices of work_ns, each a yield: an event per slice. */
static int looper(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		sim_charge(t, a->work_ns);
		sim_elapse(t);
	}
	a->done_ns = vnow(s, t);
	CO_END(co);
}

/* Random work, the lock, random I/O: a run that the seed shapes. */
static int jittery(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		sim_charge(t, sim_jitter(s, a->work_ns, 50));
		spin_lock(t, &W.lock);
		sim_charge(t, sim_rand(s) % 300);
		spin_unlock(t, &W.lock);
		if (sim_rand(s) % 4)
			continue;
		a->bytes = 512 * (1 + sim_rand(s) % 8);
		a->flush = sim_rand(s) % 2;
		submit_bio_wait(t, &W.dev, a->bytes, a->flush);
	}
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * Determinism
 * ------------------------------------------------------------------- */

struct run_id {
	u64 hash, steps, events, now;
};

static struct run_id run_jittery(u32 seed)
{
	struct run_id r;
	int i;

	world_init(3, seed);
	for (i = 0; i < 5; i++) {
		struct actor *a = spawn(i, i, "jittery", jittery, (u64)i * 100);

		a->n = 40;
		a->work_ns = 800;
	}
	assert_int_equal(sim_run(&W.s), 0);
	assert_time_accounted(&W.s);
	r.hash = W.s.hash;
	r.steps = W.s.steps;
	r.events = W.s.events;
	r.now = W.s.now;
	world_teardown(NULL);
	return r;
}

static void test_seed_determines_run(void **state)
{
	struct run_id a, b, c;

	(void)state;
	a = run_jittery(42);
	b = run_jittery(42);
	c = run_jittery(43);
	assert_int_equal(a.hash, b.hash);
	assert_int_equal(a.steps, b.steps);
	assert_int_equal(a.events, b.events);
	assert_int_equal(a.now, b.now);
	assert_true(a.events > 5 * 40);
	/* the seed reaches the model, not just the hash's starting value */
	assert_int_not_equal(a.hash, c.hash);
	assert_int_not_equal(a.now, c.now);
}

static void test_jitter_stays_in_range(void **state)
{
	u64 lo = ~0ULL, hi = 0, v;
	int i;

	(void)state;
	world_init(1, 7);
	for (i = 0; i < 10000; i++) {
		v = sim_jitter(&W.s, 1000, 10);
		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	assert_true(lo >= 900 && hi <= 1100);
	assert_true(lo < 920 && hi > 1080);	/* it does spread */
	assert_int_equal(sim_jitter(&W.s, 1000, 0), 1000);
	assert_int_equal(sim_jitter(&W.s, 0, 10), 0);
}

/* ---------------------------------------------------------------------
 * Spinlocks
 * ------------------------------------------------------------------- */

#define FIFO_N		5
#define FIFO_GAP_NS	10
#define FIFO_HOLD_NS	1000

/*
 * Task k (CPU k) asks for the lock at k * FIFO_GAP_NS; task 0 gets it at
 * once and the others queue in arrival order before it lets go. At each
 * unlock the oldest waiter takes over after one line transfer and its
 * atomic, however many wait (qspinlock: only the pending waiter or the MCS
 * queue's head polls the lock word).
 */
static void test_lock_fifo_handoff(void **state)
{
	const struct sim_costs *c;
	u64 acq[FIFO_N], spin, spin_sum = 0;
	int k;

	(void)state;
	world_init(FIFO_N, 1);
	c = &W.s.costs;
	for (k = 0; k < FIFO_N; k++)
		spawn(k, k, "taker", fifo_taker, (u64)k * FIFO_GAP_NS)->work_ns = FIFO_HOLD_NS;
	assert_int_equal(sim_run(&W.s), 0);

	acq[0] = c->lock_acquire_ns;	/* free, and its line never held */
	for (k = 0; k + 1 < FIFO_N; k++)
		acq[k + 1] = acq[k] + FIFO_HOLD_NS + c->line_transfer_ns +
			     c->lock_acquire_ns;
	/* the scenario: every waiter has arrived before the first unlock */
	assert_true((u64)(FIFO_N - 1) * FIFO_GAP_NS < acq[0] + FIFO_HOLD_NS);

	assert_int_equal(W.nr_order, FIFO_N);
	for (k = 0; k < FIFO_N; k++) {
		assert_int_equal(W.order[k], k);
		assert_int_equal(W.a[k].start_ns, (u64)k * FIFO_GAP_NS);
		assert_int_equal(W.a[k].acquire_ns, acq[k]);
		spin = k ? acq[k] - W.a[k].start_ns : 0;
		assert_int_equal(W.t[k]->spin_ns, spin);
		assert_int_equal(W.s.cpu_ns[k][CPU_SPIN], spin);
		spin_sum += spin;
	}
	assert_int_equal(W.lock.lk.spin_ns, spin_sum);
	assert_int_equal(W.lock.lk.acquisitions, FIFO_N);
	assert_int_equal(W.lock.lk.contended, FIFO_N - 1);
	assert_int_equal(W.lock.lk.hold_ns, (u64)FIFO_N * FIFO_HOLD_NS);
	assert_null(W.lock.lk.owner);
	assert_int_equal(W.s.now, acq[FIFO_N - 1] + FIFO_HOLD_NS);
	assert_time_accounted(&W.s);
}

/*
 * Uncontended: on the CPU that held the line last, an acquisition costs
 * lock_acquire_ns; on another CPU, a line transfer more.
 */
static void test_lock_uncontended_costs(void **state)
{
	const struct sim_costs *c;
	struct actor *a, *b;
	int i;

	(void)state;
	world_init(2, 1);
	c = &W.s.costs;
	a = spawn(0, 0, "local", relocker, 0);
	a->n = 3;
	a->work_ns = 500;
	b = spawn(1, 1, "remote", relocker, 100 * NSEC_PER_USEC);
	b->n = 2;
	b->work_ns = 500;
	assert_int_equal(sim_run(&W.s), 0);

	for (i = 0; i < a->n; i++)
		assert_int_equal(a->cost_ns[i], c->lock_acquire_ns);
	assert_int_equal(b->cost_ns[0], c->lock_acquire_ns + c->line_transfer_ns);
	assert_int_equal(b->cost_ns[1], c->lock_acquire_ns);
	assert_int_equal(W.lock.lk.contended, 0);
	assert_int_equal(W.lock.lk.spin_ns, 0);
	assert_int_equal(W.lock.lk.acquisitions, (u64)(a->n + b->n));
	assert_int_equal(W.lock.lk.hold_ns, (u64)(a->n + b->n) * 500);
}

/* ---------------------------------------------------------------------
 * Cache lines that several CPUs write
 * ------------------------------------------------------------------- */

/*
 * One CPU writes a line twice: the first write fetches it (no CPU had
 * written it: a move's cost), the second finds it in its cache and pays
 * the atomic alone.
 */
static void test_line_same_cpu_pays_no_transfer(void **state)
{
	const struct sim_costs *c;
	struct actor *a;

	(void)state;
	world_init(1, 1);
	c = &W.s.costs;
	a = spawn(0, 0, "writer", line_writer, 0);
	a->n = 3;
	a->work_ns = 500;
	assert_int_equal(sim_run(&W.s), 0);

	assert_int_equal(a->cost_ns[0], c->line_transfer_ns + c->lock_acquire_ns);
	assert_int_equal(a->cost_ns[1], c->lock_acquire_ns);
	assert_int_equal(a->cost_ns[2], c->lock_acquire_ns);
	assert_int_equal(W.line.writes, 3);
	assert_int_equal(W.line.transfers, 1);
	assert_int_equal(W.line.wait_ns, 0);
	assert_int_equal(W.s.line_wait_ns, 0);
	assert_int_equal(W.line.cpu, 0);
}

/*
 * CPUs 0, 1 and 2 write one line at 0, 10 and 20 ns: each write owns the
 * line until it is done, so they are served in turn, each waiting for the
 * one before and then moving the line (A = line_transfer_ns +
 * lock_acquire_ns for an atomic, line_transfer_ns alone for CPU 1's plain
 * store):
 *   CPU 0 at 0:  done at A
 *   CPU 1 at 10: waits A - 10, done at A + T
 *   CPU 2 at 20: waits A + T - 20, done at 2A + T
 * CPU 0 writes again well after: the line is CPU 2's, so it moves back.
 */
static void test_line_writers_serialise(void **state)
{
	const struct sim_costs *c;
	struct actor *a[3];
	u64 A, T;
	int k;

	(void)state;
	world_init(3, 1);
	c = &W.s.costs;
	A = c->line_transfer_ns + c->lock_acquire_ns;
	T = c->line_transfer_ns;
	for (k = 0; k < 3; k++) {
		a[k] = spawn(k, k, "writer", line_writer, (u64)k * 10);
		a[k]->n = 1;
	}
	a[0]->n = 2;
	a[0]->work_ns = 10 * NSEC_PER_USEC;
	a[1]->store = true;
	assert_int_equal(sim_run(&W.s), 0);

	/* the scenario: every write of the first round is asked for before the first is done */
	assert_true(20 < A);
	assert_int_equal(a[0]->done_ns, A);
	assert_int_equal(a[1]->done_ns, A + T);
	assert_int_equal(a[2]->done_ns, 2 * A + T);
	assert_int_equal(a[0]->cost_ns[0], A);
	assert_int_equal(a[1]->cost_ns[0], A - 10 + T);
	assert_int_equal(a[2]->cost_ns[0], A + T - 20 + A);
	assert_true(a[0]->done_ns + a[0]->work_ns > a[2]->done_ns);
	assert_int_equal(a[0]->cost_ns[1], A);
	assert_int_equal(W.line.writes, 4);
	assert_int_equal(W.line.transfers, 4);
	assert_int_equal(W.line.wait_ns, (A - 10) + (A + T - 20));
	assert_int_equal(W.s.line_wait_ns, W.line.wait_ns);
	assert_int_equal(W.line.cpu, 0);
	assert_time_accounted(&W.s);
}

#define MUTEX_TASKS	8
#define MUTEX_LOOPS	25

static void test_lock_mutual_exclusion(void **state)
{
	int i;

	(void)state;
	world_init(4, 3);
	for (i = 0; i < MUTEX_TASKS; i++) {
		struct actor *a = spawn(i, i % 4, "incr", counter_incr, (u64)i * 7);

		a->n = MUTEX_LOOPS;
		a->work_ns = 200;
	}
	assert_int_equal(sim_run(&W.s), 0);
	assert_int_equal(W.counter, MUTEX_TASKS * MUTEX_LOOPS);
	assert_int_equal(W.inside_max, 1);
	assert_int_equal(W.lock.lk.acquisitions, MUTEX_TASKS * MUTEX_LOOPS);
	assert_true(W.lock.lk.contended > 0);	/* they did collide */
	assert_time_accounted(&W.s);
}

/* ---------------------------------------------------------------------
 * Wait queues
 * ------------------------------------------------------------------- */

#define WQ_T1_NS	(50 * NSEC_PER_USEC)
#define WQ_T2_NS	(150 * NSEC_PER_USEC)

/*
 * Sleepers 0-2 wait for go >= 1, sleeper 3 for go >= 2, all from time 0.
 * The waker raises go to 1 at T1 and wakes everybody: 0-2 run at T1 +
 * wakeup_ns, 3 finds its condition false and sleeps again until the second
 * wake at T2. Actor 5's condition holds from the start: it never sleeps.
 */
static void test_wait_event_wakes_all_sleepers(void **state)
{
	const struct sim_costs *c;
	struct actor *w;
	int i;

	(void)state;
	world_init(6, 1);
	c = &W.s.costs;
	for (i = 0; i < 4; i++)
		spawn(i, i, "sleeper", sleeper, 0)->need = i < 3 ? 1 : 2;
	w = spawn(4, 4, "waker", waker, WQ_T1_NS);
	w->need = 2;
	w->work2_ns = WQ_T2_NS - WQ_T1_NS;
	spawn(5, 5, "awake", sleeper, 0)->need = 0;
	assert_int_equal(sim_run(&W.s), 0);

	assert_int_equal(w->wake_ns, WQ_T1_NS);
	for (i = 0; i < 3; i++) {
		assert_int_equal(W.a[i].wake_ns, WQ_T1_NS + c->wakeup_ns);
		assert_int_equal(W.a[i].checks, 2);
		assert_int_equal(W.t[i]->sleep_ns, WQ_T1_NS + c->wakeup_ns);
		assert_int_equal(W.t[i]->state, TASK_DONE);
	}
	assert_int_equal(W.a[3].wake_ns, WQ_T2_NS + c->wakeup_ns);
	assert_int_equal(W.a[3].checks, 3);
	/* asleep all its life but for the instant it re-checked */
	assert_int_equal(W.t[3]->sleep_ns, WQ_T2_NS + c->wakeup_ns);
	assert_int_equal(W.a[5].checks, 1);
	assert_int_equal(W.a[5].wake_ns, 0);
	assert_int_equal(W.t[5]->sleep_ns, 0);
	assert_int_equal(W.wq.wakeups, 4 + 1);	/* all four, then sleeper 3 */
	assert_true(list_empty(&W.wq.head));
	assert_int_equal(W.s.cpu_ns[3][CPU_SLEEP], WQ_T2_NS + c->wakeup_ns);
	assert_time_accounted(&W.s);
}

/*
 * A sleeper checks its condition at 0 but asks to sleep only at 10 us, when
 * the work it charged before wait_event() has passed; the waker raises go
 * and wakes at 5 us, in between. The wake must not be lost: the sleeper was
 * queued, as prepare_to_wait() queues, when it checked, so it checks again
 * at 10 us instead of sleeping for ever.
 */
static void test_wait_event_wake_between_check_and_sleep(void **state)
{
	struct actor *sl, *w;

	(void)state;
	world_init(2, 1);
	sl = spawn(0, 0, "sleeper", sleeper, 0);
	sl->need = 1;
	sl->work_ns = 10 * NSEC_PER_USEC;
	w = spawn(1, 1, "waker", waker, 0);
	w->need = 1;
	w->work_ns = 5 * NSEC_PER_USEC;
	assert_int_equal(sim_run(&W.s), 0);

	assert_int_equal(w->wake_ns, 5 * NSEC_PER_USEC);
	assert_int_equal(sl->checks, 2);
	assert_int_equal(sl->wake_ns, 10 * NSEC_PER_USEC);
	assert_int_equal(W.t[0]->sleep_ns, 0);
	assert_int_equal(W.t[0]->state, TASK_DONE);
	assert_int_equal(W.wq.wake_seq, 1);
	assert_int_equal(W.wq.wakeups, 0);
	assert_time_accounted(&W.s);
}

/* ---------------------------------------------------------------------
 * RCU
 * ------------------------------------------------------------------- */

/*
 * Reader R's section spans [0, 5 ms]; S calls synchronize_rcu() at 1 ms;
 * reader L begins at 2 ms, after the grace period started, and stays in
 * its section until 12 ms. S must wait for R (and be woken promptly when R
 * leaves) but not for L.
 */
static void test_rcu_reader_holds_grace_period(void **state)
{
	const struct sim_costs *c;
	struct actor *r, *sync, *late;

	(void)state;
	world_init(3, 1);
	c = &W.s.costs;
	r = spawn(0, 0, "reader", rcu_reader, 0);
	r->n = 50;
	r->work_ns = 100 * NSEC_PER_USEC;
	sync = spawn(1, 1, "syncer", rcu_syncer, 1 * NSEC_PER_MSEC);
	late = spawn(2, 2, "late_reader", rcu_reader, 2 * NSEC_PER_MSEC);
	late->n = 100;
	late->work_ns = 100 * NSEC_PER_USEC;
	assert_int_equal(sim_run(&W.s), 0);

	assert_true(r->acquire_ns < sync->start_ns && sync->start_ns < r->done_ns);
	assert_true(sync->start_ns < late->acquire_ns);
	assert_int_equal(r->done_ns, 5 * NSEC_PER_MSEC);
	assert_true(sync->wake_ns >= r->done_ns);
	assert_true(sync->wake_ns <= r->done_ns + c->wakeup_ns);
	assert_true(sync->wake_ns < late->done_ns);
	assert_true(sync->wake_ns - sync->start_ns >= c->rcu_gp_min_ns);
	assert_int_equal(W.s.rcu_gps_completed, 1);
	assert_int_equal(W.t[1]->sleep_ns, sync->wake_ns - sync->start_ns);
	assert_time_accounted(&W.s);
}

/*
 * Grace periods last at least rcu_gp_min_ns: with a reader that leaves long
 * before that, and with no reader at all.
 */
static void test_rcu_grace_period_min(void **state)
{
	const struct sim_costs *c;
	struct actor *r, *s1, *s2;

	(void)state;
	world_init(3, 1);
	c = &W.s.costs;
	r = spawn(0, 0, "reader", rcu_reader, 0);
	r->n = 2;
	r->work_ns = 100 * NSEC_PER_USEC;
	s1 = spawn(1, 1, "syncer", rcu_syncer, 100 * NSEC_PER_USEC);
	s2 = spawn(2, 2, "syncer2", rcu_syncer, 3 * NSEC_PER_MSEC);
	assert_int_equal(sim_run(&W.s), 0);

	assert_true(r->done_ns - s1->start_ns < c->rcu_gp_min_ns);
	assert_true(s1->wake_ns - s1->start_ns >= c->rcu_gp_min_ns);
	assert_true(s1->wake_ns - s1->start_ns <= c->rcu_gp_min_ns + c->wakeup_ns);
	assert_true(s2->wake_ns - s2->start_ns >= c->rcu_gp_min_ns);
	assert_true(s2->wake_ns - s2->start_ns <= c->rcu_gp_min_ns + c->wakeup_ns);
	assert_int_equal(W.s.rcu_gps_completed, 2);
}

/* ---------------------------------------------------------------------
 * The block device
 * ------------------------------------------------------------------- */

static u64 xfer_ns(u64 bytes)
{
	return bytes * NSEC_PER_SEC / DEV_BW;
}

/*
 * Two channels, four requests from four CPUs at 0, 100, 200 and 300 ns.
 * A request takes the channel that frees first (it waits for it if all are
 * busy) and completes latency + bytes/bw (+ flush) after it starts:
 *   R0 at 0:   channel 0 idle      done0 = 0   + L + X(8192)
 *   R1 at 100: channel 1 idle      done1 = 100 + L + X(8192)
 *   R2 at 200: channel 0 at done0  done2 = done0 + L + X(4096) + F (flush)
 *   R3 at 300: channel 1 at done1  done3 = done1 + L + X(8192)
 */
static void test_blkdev_channels_and_completion(void **state)
{
	static const u64 bytes[4] = { 8192, 8192, 4096, 8192 };
	u64 done[4];
	int i;

	(void)state;
	world_init(4, 1);
	for (i = 0; i < 4; i++) {
		struct actor *a = spawn(i, i, "io", io_submitter, (u64)i * 100);

		a->bytes = bytes[i];
		a->flush = i == 2;
	}
	assert_int_equal(sim_run(&W.s), 0);

	done[0] = 0 + DEV_LATENCY_NS + xfer_ns(8192);
	done[1] = 100 + DEV_LATENCY_NS + xfer_ns(8192);
	done[2] = done[0] + DEV_LATENCY_NS + xfer_ns(4096) + DEV_FLUSH_NS;
	done[3] = done[1] + DEV_LATENCY_NS + xfer_ns(8192);
	for (i = 0; i < 4; i++) {
		struct actor *a = &W.a[i];

		assert_int_equal(a->start_ns, (u64)i * 100);
		assert_int_equal(a->done_ns, done[i]);
		assert_int_equal(W.t[i]->io_ns, done[i] - a->start_ns);
		assert_int_equal(W.s.cpu_ns[i][CPU_IO], done[i] - a->start_ns);
	}
	assert_int_equal(W.dev.requests, 4);
	assert_int_equal(W.dev.bytes, 8192 * 3 + 4096);
	assert_int_equal(W.dev.queue_ns, (done[0] - 200) + (done[1] - 300));
	assert_int_equal(W.s.now, done[2]);
	assert_time_accounted(&W.s);
}

/* ---------------------------------------------------------------------
 * The scheduler
 * ------------------------------------------------------------------- */

/*
 * A and B share the only CPU and start together; A is first and runs
 * until it sleeps, then B gets the CPU after a context switch. B wakes A
 * halfway through its work and keeps the CPU: A runs only once B exits.
 */
static void test_sched_one_cpu_two_tasks(void **state)
{
	const u64 a_work = 1 * NSEC_PER_USEC, a_work2 = 5 * NSEC_PER_USEC;
	const u64 b_work = 10 * NSEC_PER_USEC;
	const struct sim_costs *c;
	struct actor *a, *b;

	(void)state;
	world_init(1, 1);
	c = &W.s.costs;
	a = spawn(0, 0, "A", sleeper, 0);
	a->need = 1;
	a->work_ns = a_work;
	a->work2_ns = a_work2;
	b = spawn(1, 0, "B", waker, 0);
	b->need = 1;
	b->work_ns = b_work;
	b->work2_ns = b_work;
	assert_int_equal(sim_run(&W.s), 0);

	assert_int_equal(a->start_ns, a_work);			/* A sleeps */
	assert_int_equal(b->start_ns, a->start_ns + c->ctx_switch_ns);
	assert_int_equal(b->wake_ns, b->start_ns + b_work);
	assert_int_equal(b->done_ns, b->wake_ns + b_work);
	/* woken while B still runs: A waits for the CPU, not just the wakeup */
	assert_true(b->wake_ns + c->wakeup_ns < b->done_ns);
	assert_int_equal(a->wake_ns, b->done_ns + c->ctx_switch_ns);
	assert_int_equal(W.t[0]->sleep_ns, b->wake_ns + c->wakeup_ns - a->start_ns);
	assert_int_equal(W.s.now, a->wake_ns + a_work2);
	assert_int_equal(W.s.cpu_ns[0][CPU_RUN], a_work + 2 * b_work + a_work2);
	assert_int_equal(W.s.migrations, 0);
	assert_time_accounted(&W.s);
}

/* Charge work_ns and exit. */
static int burner(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	a->start_ns = vnow(s, t);
	sim_charge(t, a->work_ns);
	sim_elapse(t);
	a->done_ns = vnow(s, t);
	CO_END(co);
}

/*
 * Three tasks are made on CPU 0 of two. The second starts on idle CPU 1, as
 * a new task goes to an idle CPU; the third waits in CPU 0's queue until
 * CPU 1 runs dry and pulls it (newidle balance), before CPU 0 is free.
 */
static void test_sched_new_task_and_idle_pull(void **state)
{
	const struct sim_costs *c;
	struct actor *a[3];
	int i;

	(void)state;
	world_init(2, 1);
	c = &W.s.costs;
	for (i = 0; i < 3; i++) {
		a[i] = spawn(i, 0, "T", burner, 0);
		a[i]->work_ns = (u64)(i == 0 ? 30 : 10) * NSEC_PER_USEC;
	}
	assert_int_equal(sim_run(&W.s), 0);
	assert_int_equal(W.t[0]->cpu, 0);
	assert_int_equal(W.t[1]->cpu, 1);
	assert_int_equal(a[1]->start_ns, 0);
	assert_int_equal(W.t[2]->cpu, 1);
	assert_int_equal(a[2]->start_ns, a[1]->done_ns + c->ctx_switch_ns);
	assert_true(a[2]->done_ns < a[0]->done_ns);
	assert_int_equal(W.s.migrations, 2);
	assert_time_accounted(&W.s);
}

/*
 * A sleeps on CPU 1; G then runs there and wakes it. CPU 0 went idle
 * when H exited, so A wakes onto CPU 0 and runs at once, as
 * select_idle_sibling() places a wakee, instead of waiting for G.
 */
static void test_sched_wakeup_goes_to_an_idle_cpu(void **state)
{
	const struct sim_costs *c;
	struct actor *a, *g, *h;

	(void)state;
	world_init(2, 1);
	c = &W.s.costs;
	h = spawn(0, 0, "H", burner, 0);
	h->work_ns = 5 * NSEC_PER_USEC;
	a = spawn(1, 1, "A", sleeper, 0);
	a->need = 1;
	a->work_ns = 1 * NSEC_PER_USEC;
	a->work2_ns = 1 * NSEC_PER_USEC;
	g = spawn(2, 1, "G", waker, 2 * NSEC_PER_USEC);
	g->need = 1;
	g->work_ns = 10 * NSEC_PER_USEC;
	g->work2_ns = 50 * NSEC_PER_USEC;
	assert_int_equal(sim_run(&W.s), 0);
	assert_int_equal(W.t[2]->cpu, 1);
	assert_true(g->wake_ns > h->done_ns);
	assert_int_equal(W.t[1]->cpu, 0);
	assert_int_equal(a->wake_ns, g->wake_ns + c->wakeup_ns);
	assert_true(a->done_ns < g->done_ns);
	assert_time_accounted(&W.s);
}

/* ---------------------------------------------------------------------
 * The heatmap
 * ------------------------------------------------------------------- */

#define HEAT_BUCKETS	8

static double *heat_cell(int cpu, int b)
{
	return &W.s.heat.bins[((size_t)cpu * W.s.heat.buckets + b) * CPU_NR_STATES];
}

/*
 * The bins hold, per CPU, every ns of the run in exactly one state; the
 * per-state sums equal the CPU's state accounting; each used bucket's
 * fractions lie in [0, 1] and fill it, but for the last one.
 */
static void __assert_heat_consistent(void)
{
	const struct sim *s = &W.s;
	u64 width = s->heat.width;
	int used = sim_heat_buckets_used(s);
	int cpu, b, st;

	assert_true(width * (u64)s->heat.buckets >= s->now);
	assert_true(used >= 1 && used <= s->heat.buckets);
	for (cpu = 0; cpu < s->nr_cpus; cpu++) {
		double per_state[CPU_NR_STATES] = { 0 }, total = 0;

		for (b = 0; b < s->heat.buckets; b++) {
			double sum = 0;

			for (st = 0; st < CPU_NR_STATES; st++) {
				double f = heat_cell(cpu, b)[st] / (double)width;

				assert_true(f >= 0 && f <= 1);
				if (b >= used)
					assert_true(f == 0);
				sum += f;
				per_state[st] += heat_cell(cpu, b)[st];
			}
			assert_true(sum <= 1 + 1e-12);
			if (b < used - 1)
				assert_true(sum > 1 - 1e-12);
			total += sum * (double)width;
		}
		assert_true(total > (double)s->now - 0.5 && total < (double)s->now + 0.5);
		for (st = 0; st < CPU_NR_STATES; st++)
			assert_true(per_state[st] == (double)s->cpu_ns[cpu][st]);
	}
}

/*
 * The same three-CPU model (running, sleeping, waiting for I/O, idle) at
 * lengths that double: the bucket width doubles with them, and is always
 * the smallest that fits the run in the buckets.
 */
static void test_heatmap_sums_and_widths(void **state)
{
	u64 len, prev_width = 0;
	int k;

	(void)state;
	for (k = 0; k < 6; k++) {
		struct actor *w, *sl, *io;

		len = (24 * NSEC_PER_USEC) << k;
		world_init(3, 1);
		W.s.heat.buckets = HEAT_BUCKETS;
		blkdev_init(&W.dev, "heat_dev", 1, len / 4, DEV_BW, 0);
		w = spawn(0, 0, "waker", waker, 0);
		w->need = 1;
		w->work_ns = len / 2;
		w->work2_ns = len / 2;
		sl = spawn(1, 1, "sleeper", sleeper, 0);
		sl->need = 1;
		sl->work2_ns = len / 8;
		io = spawn(2, 2, "io", io_submitter, len / 8);
		io->bytes = 4096;
		assert_int_equal(sim_run(&W.s), 0);

		assert_int_equal(W.s.now, len);
		assert_int_equal(W.s.heat.buckets, HEAT_BUCKETS);
		/* the smallest width that fits: half of it would not */
		assert_true(W.s.heat.width / 2 * HEAT_BUCKETS < W.s.now);
		if (prev_width)
			assert_int_equal(W.s.heat.width, 2 * prev_width);
		prev_width = W.s.heat.width;
		__assert_heat_consistent();
		assert_true(W.s.cpu_ns[1][CPU_SLEEP] > 0);
		assert_true(W.s.cpu_ns[2][CPU_IO] > 0);
		assert_true(W.s.cpu_ns[2][CPU_IDLE] > 0);
		world_teardown(NULL);
	}
}

/* ---------------------------------------------------------------------
 * Budgets and errors
 * ------------------------------------------------------------------- */

static void test_budget_events(void **state)
{
	struct actor *a;

	(void)state;
	world_init(1, 1);
	W.s.max_events = 10;
	a = spawn(0, 0, "looper", looper, 0);
	a->n = 100;
	a->work_ns = 100;
	assert_int_equal(sim_run(&W.s), 2);
	assert_int_equal(W.s.error, 2);
	assert_non_null(strstr(W.s.errmsg, "event budget of 10 events"));
	assert_string_equal(W.s.errcheck, "max_events");
	assert_int_equal(W.s.errstep, W.s.steps);
	assert_true(a->i < a->n);
	assert_true(W.s.events > 10 && W.s.events <= 11);
}

static void test_budget_memory(void **state)
{
	unsigned char *p;
	size_t i;

	(void)state;
	world_init(1, 1);
	W.s.max_mem = 4096;
	p = sim_alloc(&W.s, 1024);
	assert_non_null(p);
	for (i = 0; i < 1024; i++)
		assert_int_equal(p[i], 0);
	assert_true(W.s.mem >= 1024 && W.s.mem <= W.s.max_mem);
	assert_int_equal(W.s.error, 0);
	assert_null(sim_alloc(&W.s, 4096));
	assert_int_equal(W.s.error, 2);
	assert_non_null(strstr(W.s.errmsg, "memory budget"));
	assert_string_equal(W.s.errcheck, "max_mem_mb");
	/* before any step: the failure has none */
	assert_int_equal(W.s.errstep, 0);
	assert_true(W.s.mem <= W.s.max_mem);
}

static void test_budget_steps(void **state)
{
	struct actor *a;

	(void)state;
	world_init(1, 1);
	W.s.max_steps = 5;
	a = spawn(0, 0, "stepper", stepper, 0);
	a->n = 50;
	a->work_ns = 100;
	assert_int_equal(sim_run(&W.s), 2);
	assert_non_null(strstr(W.s.errmsg, "step budget of 5 steps"));
	assert_string_equal(W.s.errcheck, "max_steps");
	assert_int_equal(W.s.errstep, 6);
	assert_int_equal(W.steps_done, 5);
	assert_true(W.t[0]->state != TASK_DONE);
}

static int stuck_sleeper(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	wait_event(t, &W.wq, W.go);
	CO_END(co);
}

/* A task that sleeps with nobody left to wake it: a deadlock, named. */
static void test_deadlock_names_task(void **state)
{
	struct actor *a;

	(void)state;
	world_init(2, 1);
	spawn(0, 0, "stuck", stuck_sleeper, 0);
	a = spawn(1, 1, "worker", looper, 0);
	a->n = 3;
	a->work_ns = 1000;
	assert_int_equal(sim_run(&W.s), 3);
	assert_non_null(strstr(W.s.errmsg, "deadlock"));
	assert_non_null(strstr(W.s.errmsg, "stuck"));
	assert_non_null(strstr(W.s.errmsg, "stuck_sleeper"));
	assert_non_null(strstr(W.s.errmsg, "test_wq"));
	assert_null(strstr(W.s.errmsg, "worker"));
	assert_string_equal(W.s.errcheck, "deadlock");
	assert_int_equal(W.s.errstep, W.s.steps);
	assert_int_equal(W.t[1]->state, TASK_DONE);
}

/* ---------------------------------------------------------------------
 * Halting and the trace
 * ------------------------------------------------------------------- */

static void test_stop_step_halts(void **state)
{
	struct actor *a;

	(void)state;
	world_init(1, 1);
	W.s.stop_step = 7;
	a = spawn(0, 0, "stepper", stepper, 0);
	a->n = 50;
	a->work_ns = 100;
	assert_int_equal(sim_run(&W.s), 0);
	assert_true(W.s.halted);
	assert_int_equal(W.s.steps, 7);
	assert_int_equal(W.steps_done, 6);	/* stopped on the 7th */
	assert_int_equal(W.t[0]->state, TASK_RUN);
}

static void test_trace_window(void **state)
{
	const u64 from = 10, max = 5, start = 1000;
	struct actor *a;
	u64 j;

	(void)state;
	world_init(1, 1);
	W.s.trace_from = from;
	W.s.trace_max = max;
	a = spawn(0, 0, "stepper", stepper, start);
	a->n = 50;
	a->work_ns = 100;
	assert_int_equal(sim_run(&W.s), 0);
	assert_false(W.s.halted);
	assert_int_equal(W.s.steps, 50);
	assert_int_equal(W.steps_done, 50);
	assert_int_equal(W.s.trace_len, max);
	for (j = 0; j < max; j++) {
		const struct sim_step_rec *r = &W.s.trace[j];

		assert_int_equal(r->i, from + j);
		assert_int_equal(r->a, (s64)r->i);	/* the model's own count */
		assert_int_equal(r->kind, SK_LAB);
		assert_int_equal(r->task, 0);
		assert_int_equal(r->cpu, 0);
		assert_int_equal(r->t, start + 100 * r->i);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn)	cmocka_unit_test_teardown(fn, world_teardown)
		T(test_seed_determines_run),
		T(test_jitter_stays_in_range),
		T(test_lock_fifo_handoff),
		T(test_lock_uncontended_costs),
		T(test_lock_mutual_exclusion),
		T(test_line_same_cpu_pays_no_transfer),
		T(test_line_writers_serialise),
		T(test_wait_event_wakes_all_sleepers),
		T(test_wait_event_wake_between_check_and_sleep),
		T(test_rcu_reader_holds_grace_period),
		T(test_rcu_grace_period_min),
		T(test_blkdev_channels_and_completion),
		T(test_sched_one_cpu_two_tasks),
		T(test_sched_new_task_and_idle_pull),
		T(test_sched_wakeup_goes_to_an_idle_cpu),
		T(test_heatmap_sums_and_widths),
		T(test_budget_events),
		T(test_budget_memory),
		T(test_budget_steps),
		T(test_deadlock_names_task),
		T(test_stop_step_halts),
		T(test_trace_window),
#undef T
	};

	return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
