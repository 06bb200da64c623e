// SPDX-License-Identifier: GPL-2.0
/*
 * test_locks.c - the kernel's locks beyond the spinlock, preemption, the
 * atomic-sleep check and the jbd2 module.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "expect_abort.h"
#include "jbd2.h"

#define NR	6
#define DEV_WAIT_MIN	10000	/* the test device's latency */

struct actor {
	struct co co, co2;
	int id, mode, i, n;
	u64 work_ns, start_ns, got_ns, done_ns;
	handle_t h;
	int ret;
};

static struct {
	struct sim s;
	bool live;
	struct rwlock rw;
	struct rw_semaphore sem;
	struct mutex mtx;
	struct page_lock pg;
	struct spinlock spin;
	struct wait_queue_head wq;
	struct blkdev dev;
	journal_t j;
	struct jbd2_buffer buf[4];
	struct actor a[NR];
	struct task *t[NR];
	int inside, readers_max, writers_max;
} W;

/* page_user()'s takes of the page lock, per actor */
static u64 page_got[NR][16];

static void world(int cpus)
{
	memset(&W, 0, sizeof(W));
	memset(page_got, 0, sizeof(page_got));
	assert_int_equal(sim_init(&W.s, cpus, 1), 0);
	W.live = true;
	rwlock_init(&W.s, &W.rw, "test_rwlock");
	init_rwsem(&W.s, &W.sem, "test_rwsem");
	mutex_init(&W.s, &W.mtx, "test_mutex");
	page_lock_init(&W.s, &W.pg, "test_page_lock");
	spin_lock_init(&W.s, &W.spin, "test_spin");
	init_waitqueue_head(&W.wq, "test_wq");
	blkdev_init(&W.dev, "test_dev", 1, 10000, 2000000000ULL, 50000);
}

static int teardown(void **state)
{
	(void)state;
	if (W.live)
		sim_destroy(&W.s);
	W.live = false;
	return 0;
}

static struct actor *spawn(int id, int cpu, task_fn fn, u64 start, int mode, u64 work)
{
	struct actor *a = &W.a[id];

	a->id = id;
	a->mode = mode;
	a->work_ns = work;
	W.t[id] = sim_task_create(&W.s, cpu, "actor", fn, a, start);
	assert_non_null(W.t[id]);
	return a;
}

static void inside(struct actor *a, int delta)
{
	if (a->mode == LOCK_SHARED) {
		W.inside += delta;
		if (W.inside > W.readers_max)
			W.readers_max = W.inside;
	} else {
		W.inside += delta * 1000;
		if (W.inside / 1000 > W.writers_max)
			W.writers_max = W.inside / 1000;
	}
}

/* Hold the rwlock in a->mode for work_ns. */
static int rw_user(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	a->start_ns = sim_clock(s, t);
	if (a->mode == LOCK_SHARED)
		read_lock(t, &W.rw);
	else
		write_lock(t, &W.rw);
	a->got_ns = sim_clock(s, t);
	inside(a, 1);
	assert_true(a->mode == LOCK_SHARED ? W.inside < 1000 : W.inside == 1000);
	sim_charge(t, a->work_ns);
	sim_elapse(t);
	inside(a, -1);
	if (a->mode == LOCK_SHARED)
		read_unlock(t, &W.rw);
	else
		write_unlock(t, &W.rw);
	a->done_ns = sim_clock(s, t);
	CO_END(co);
}

/* Readers share an rwlock_t; a writer excludes them and they spin. */
static void test_rwlock_readers_share_writer_excludes(void **state)
{
	int k;

	(void)state;
	world(NR);
	for (k = 0; k < 3; k++)
		spawn(k, k, rw_user, 0, LOCK_SHARED, 10000);
	spawn(3, 3, rw_user, 100, LOCK_EXCL, 10000);
	spawn(4, 4, rw_user, 200, LOCK_SHARED, 10000);
	assert_int_equal(sim_run(&W.s), 0);
	assert_int_equal(W.readers_max, 3);	/* the first three together */
	assert_int_equal(W.writers_max, 1);
	/* the writer waited for the readers; the late reader for the writer */
	assert_true(W.a[3].got_ns >= W.a[0].done_ns);
	assert_true(W.a[4].got_ns >= W.a[3].done_ns);
	assert_true(W.t[3]->spin_ns > 0 && W.t[4]->spin_ns > 0);
	assert_int_equal(W.t[3]->sleep_ns, 0);
}

/* Hold the rw_semaphore in a->mode for work_ns, sleeping inside (I/O). */
static int sem_user(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	if (a->mode == LOCK_SHARED)
		down_read(t, &W.sem);
	else
		down_write(t, &W.sem);
	a->got_ns = sim_clock(s, t);
	inside(a, 1);
	submit_bio_wait(t, &W.dev, 4096, false);
	inside(a, -1);
	if (a->mode == LOCK_SHARED)
		up_read(t, &W.sem);
	else
		up_write(t, &W.sem);
	a->done_ns = sim_clock(s, t);
	CO_END(co);
}

/*
 * rw_semaphore: a holder may sleep; a writer behind a sleeping holder
 * sleeps (it does not spin on an owner off its CPU), and readers queued
 * behind it are woken together.
 */
static void test_rwsem_sleeps(void **state)
{
	(void)state;
	world(NR);
	spawn(0, 0, sem_user, 0, LOCK_EXCL, 0);
	spawn(1, 1, sem_user, 100, LOCK_EXCL, 0);
	spawn(2, 2, sem_user, 200, LOCK_SHARED, 0);
	spawn(3, 3, sem_user, 300, LOCK_SHARED, 0);
	assert_int_equal(sim_run(&W.s), 0);
	assert_int_equal(W.writers_max, 1);
	assert_true(W.t[1]->sleep_ns > 0);
	assert_int_equal(W.t[1]->spin_ns, 0);
	assert_int_equal(W.readers_max, 2);
	assert_int_equal(W.a[2].got_ns, W.a[3].got_ns);
	assert_int_equal(W.sem.lk.cls->contended, 3);
}

static int mutex_user(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	mutex_lock(t, &W.mtx);
	a->got_ns = sim_clock(s, t);
	sim_charge(t, a->work_ns);
	sim_elapse(t);
	if (a->mode)
		submit_bio_wait(t, &W.dev, 4096, false);
	mutex_unlock(t, &W.mtx);
	CO_END(co);
}

/*
 * mutex: a taker spins while the owner runs and gets it once the owner's
 * release (an atomic on the word, on the owner's own line) is done and the
 * line has moved to it; once the owner sleeps, the spinners sleep too.
 */
static void test_mutex_spins_then_sleeps(void **state)
{
	const struct sim_costs *c;

	(void)state;
	world(NR);
	c = &W.s.costs;
	spawn(0, 0, mutex_user, 0, 0, 5000);
	spawn(1, 1, mutex_user, 100, 1, 5000);	/* sleeps holding it */
	spawn(2, 2, mutex_user, 200, 0, 5000);
	assert_int_equal(sim_run(&W.s), 0);
	/* task 1 spun behind running task 0 and got it by handoff */
	assert_int_equal(W.a[1].got_ns, W.a[0].got_ns + 5000 + c->lock_acquire_ns +
			 c->line_transfer_ns + c->lock_acquire_ns);
	assert_int_equal(W.t[1]->sleep_ns, 0);
	/* task 2 spun, then slept once task 1 went to I/O */
	assert_true(W.t[2]->spin_ns > 0 && W.t[2]->sleep_ns > 0);
	assert_true(W.a[2].got_ns > W.a[1].got_ns + 5000 + DEV_WAIT_MIN);
}

/* Take the page lock a->n times, holding it work_ns each: page_got[] the takes */
static int page_user(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		folio_lock(t, &W.pg);
		page_got[a->id][a->i] = sim_clock(s, t);
		sim_charge(t, a->work_ns);
		sim_elapse(t);
		if (a->mode)
			submit_bio_wait(t, &W.dev, 4096, false);
		folio_unlock(t, &W.pg);
	}
	a->done_ns = sim_clock(s, t);
	CO_END(co);
}

/*
 * The page lock: a taker sleeps at once, though the owner runs (a mutex
 * would spin), and is woken by the release, then takes the bit itself:
 * the release's atomic, the wakeup, its own atomic on the word (moved from
 * the owner's CPU).
 */
static void test_page_lock_sleeps_without_spinning(void **state)
{
	const struct sim_costs *c;

	(void)state;
	world(NR);
	c = &W.s.costs;
	spawn(0, 0, page_user, 0, 0, 5000)->n = 1;
	spawn(1, 1, page_user, 100, 0, 5000)->n = 1;
	assert_int_equal(sim_run(&W.s), 0);
	assert_int_equal(W.t[1]->spin_ns, 0);
	assert_true(W.t[1]->sleep_ns > 0);
	assert_int_equal(page_got[1][0], page_got[0][0] + 5000 + c->wakeup_ns +
			 c->line_transfer_ns + c->lock_acquire_ns);
	assert_int_equal(W.pg.lk.contended, 1);
	assert_int_equal(W.pg.lk.acquisitions, 2);
	assert_int_equal(W.pg.lk.nr_waiters, 0);
}

/*
 * A waiter woken by folio_unlock() is not handed the bit: a task that takes
 * it before the waiter runs steals it, and the waiter queues again. After
 * sysctl_page_lock_unfairness (5) such steals it queues with
 * WQ_FLAG_CUSTOM, and the next unlock sets the bit for it.
 */
static void test_page_lock_steals_then_hands_off(void **state)
{
	struct actor *thief, *waiter;
	int k;

	(void)state;
	world(NR);
	/* the thief takes it again right after each release, within a wakeup */
	thief = spawn(0, 0, page_user, 0, 0, 10000);
	thief->n = 10;
	waiter = spawn(1, 1, page_user, 100, 0, 1000);
	waiter->n = 1;
	assert_int_equal(sim_run(&W.s), 0);
	/* the thief's first take plus five steals, then the handoff */
	for (k = 0; k < SIM_PAGE_LOCK_UNFAIRNESS + 1; k++)
		assert_true(page_got[0][k] < page_got[1][0]);
	assert_true(page_got[1][0] < page_got[0][SIM_PAGE_LOCK_UNFAIRNESS + 1]);
	/* handed the bit: it runs a wakeup after the release, no atomic of its own */
	assert_int_equal(page_got[1][0], page_got[0][SIM_PAGE_LOCK_UNFAIRNESS] + 10000 +
			 W.s.costs.wakeup_ns);
	assert_int_equal(W.t[1]->spin_ns, 0);
	/* contended once per folio_lock(), though it queued six times */
	assert_int_equal(W.pg.lk.contended, 2);
	assert_true(W.t[0]->sleep_ns > 0);	/* the thief waited for the handoff */
}

/*
 * Waiters queue in order and each release wakes one: three sleepers behind
 * an owner in I/O take it in the order they came.
 */
static void test_page_lock_wakes_one_in_order(void **state)
{
	int k;

	(void)state;
	world(NR);
	spawn(0, 0, page_user, 0, 1, 2000)->n = 1;	/* holds it across I/O */
	for (k = 1; k <= 3; k++)
		spawn(k, k, page_user, 100 * (u64)k, 0, 2000)->n = 1;
	assert_int_equal(sim_run(&W.s), 0);
	for (k = 1; k <= 3; k++) {
		assert_true(page_got[k][0] > page_got[k - 1][0] + 2000);
		assert_int_equal(W.t[k]->spin_ns, 0);
	}
	assert_true(page_got[1][0] > page_got[0][0] + 2000 + DEV_WAIT_MIN);
	assert_int_equal(W.pg.lk.contended, 3);
}

enum { RW_READ, RW_WRITE, SEM_READ, SEM_WRITE, SPIN, MUTEX };

/*
 * Take a lock (a->n says which, and how), hold it work_ns, release it:
 * got_ns once taken, start_ns and done_ns around the release.
 */
static int unlock_timer(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	/* if chains, not a switch: the coroutine's resume points are case labels */
	CO_BEGIN(co);
	if (a->n == RW_READ)
		read_lock(t, &W.rw);
	else if (a->n == RW_WRITE)
		write_lock(t, &W.rw);
	else if (a->n == SEM_READ)
		down_read(t, &W.sem);
	else if (a->n == SEM_WRITE)
		down_write(t, &W.sem);
	else if (a->n == SPIN)
		spin_lock(t, &W.spin);
	else
		mutex_lock(t, &W.mtx);
	a->got_ns = sim_clock(s, t);
	sim_charge(t, a->work_ns);
	sim_elapse(t);
	a->start_ns = sim_clock(s, t);
	if (a->n == RW_READ)
		read_unlock(t, &W.rw);
	else if (a->n == RW_WRITE)
		write_unlock(t, &W.rw);
	else if (a->n == SEM_READ)
		up_read(t, &W.sem);
	else if (a->n == SEM_WRITE)
		up_write(t, &W.sem);
	else if (a->n == SPIN)
		spin_unlock(t, &W.spin);
	else
		mutex_unlock(t, &W.mtx);
	a->done_ns = sim_clock(s, t);
	CO_END(co);
}

/*
 * A read_unlock() is an atomic on the lock word (atomic_sub_return_release()
 * of qrwlock's reader count), and so is up_read(): the word's line serves
 * one CPU's atomic at a time and moves to the CPU that writes it. Readers A
 * (CPU 0, at 0) and B (CPU 1, at 1000) take the rwlock (A first: the line is
 * A's; B moves it, done at 1000 + T + L, with T = line_transfer_ns and
 * L = lock_acquire_ns); A releases at R = L + 5000, a move back: T + L; B
 * releases 10 ns later and waits for A's atomic, then moves it again.
 * C (CPU 2) then read-locks the rw_semaphore twice: the second release finds
 * the line in its cache and pays L alone. A spin_unlock() and a
 * write_unlock() are release stores: nothing to wait for.
 */
static void test_unlock_atomics_on_the_lock_word(void **state)
{
	const struct sim_costs *c;
	u64 T, L, R;
	struct actor *a, *b;
	int k;

	(void)state;
	world(NR);
	c = &W.s.costs;
	T = c->line_transfer_ns;
	L = c->lock_acquire_ns;
	R = L + 5000;
	a = spawn(0, 0, unlock_timer, 0, 0, 5000);
	a->n = RW_READ;
	b = spawn(1, 1, unlock_timer, 1000, 0, R + 10 - (1000 + T + L));
	b->n = RW_READ;
	spawn(2, 2, unlock_timer, 20000, 0, 1000)->n = SEM_READ;
	spawn(3, 2, unlock_timer, 30000, 0, 1000)->n = SEM_READ;
	spawn(4, 3, unlock_timer, 20000, 0, 1000)->n = SPIN;
	spawn(5, 4, unlock_timer, 20000, 0, 1000)->n = RW_WRITE;
	assert_int_equal(sim_run(&W.s), 0);

	assert_int_equal(a->got_ns, L);
	assert_int_equal(b->got_ns, 1000 + T + L);
	assert_int_equal(a->start_ns, R);
	assert_int_equal(b->start_ns, R + 10);
	assert_int_equal(a->done_ns - a->start_ns, T + L);
	assert_int_equal(b->done_ns - b->start_ns, (R + T + L - (R + 10)) + T + L);
	assert_int_equal(W.rw.lk.line.wait_ns, R + T + L - (R + 10));
	/* the rw_semaphore: C's first take moves nothing (its first taker), nor do the rest */
	assert_int_equal(W.a[2].got_ns, 20000 + L);
	for (k = 2; k <= 3; k++)
		assert_int_equal(W.a[k].done_ns - W.a[k].start_ns, L);
	for (k = 4; k <= 5; k++)
		assert_int_equal(W.a[k].done_ns, W.a[k].start_ns);
	assert_int_equal(W.s.line_wait_ns, W.rw.lk.line.wait_ns);
}

/* Pure CPU work in slices of work_ns, n of them. */
static int cpu_hog(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	for (a->i = 0; a->i < a->n; a->i++) {
		sim_charge(t, a->work_ns);
		cond_resched(t);
	}
	a->done_ns = sim_clock(s, t);
	CO_END(co);
}

/* Two CPU-bound tasks on one CPU share it: the tick time-slices them. */
static void test_preemption_shares_a_cpu(void **state)
{
	u64 a_done, b_done;

	(void)state;
	world(1);
	spawn(0, 0, cpu_hog, 0, 0, 100000)->n = 200;	/* 20 ms each */
	spawn(1, 0, cpu_hog, 0, 0, 100000)->n = 200;
	assert_int_equal(sim_run(&W.s), 0);
	a_done = W.a[0].done_ns;
	b_done = W.a[1].done_ns;
	/* without preemption the first would end at 20 ms; shared, both near 40 */
	assert_true(a_done > 30 * NSEC_PER_MSEC && b_done > 30 * NSEC_PER_MSEC);
	assert_true(W.t[0]->preemptions > 2 && W.t[1]->preemptions > 2);
	assert_true(W.t[0]->preemptions - W.t[1]->preemptions + 1 <= 2);
}

static int sleeps_under_spinlock(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	spin_lock(t, &W.spin);
	wait_event(t, &W.wq, W.inside > 0);	/* a bug: sleeping, lock held */
	spin_unlock(t, &W.spin);
	CO_END(co);
}

static void run_sleep_under_spinlock(void)
{
	world(1);
	spawn(0, 0, sleeps_under_spinlock, 0, 0, 0);
	sim_run(&W.s);
}

/* CONFIG_DEBUG_ATOMIC_SLEEP: sleeping with a spinlock held aborts with where. */
static void test_atomic_sleep_check(void **state)
{
	(void)state;
#ifndef JC_DEBUG_ATOMIC_SLEEP
	skip();
#endif
	expect_abort(run_sleep_under_spinlock, "BUG: sleeping function called from invalid context",
		     "schedule", "test_locks.c");
}

/* ---------------------------------------------------------------------- */
/* jbd2                                                                     */

/* One handle: start, dirty buf[a->mode], hold it work_ns, stop. */
static int handle_user(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	a->start_ns = sim_clock(s, t);
	CO_CALL(co, jbd2_journal_start(s, t, &W.j, &a->h));
	a->got_ns = sim_clock(s, t);
	a->ret = (int)a->h.h_transaction->t_tid;
	jbd2_journal_dirty_metadata(t, &W.j, &a->h, &W.buf[a->mode]);
	sim_charge(t, a->work_ns);
	sim_elapse(t);
	CO_CALL(co, jbd2_journal_stop(s, t, &W.j, &a->h));
	a->done_ns = sim_clock(s, t);
	CO_END(co);
}

/* A fast committer: begin (the barrier), hold work_ns, end. */
static int fc_user(struct sim *s, struct task *t)
{
	struct actor *a = t->priv;
	struct co *co = &a->co;

	CO_BEGIN(co);
	CO_CALL(co, jbd2_fc_begin_commit(s, t, &a->co2, &W.j, 2, &a->ret));
	a->got_ns = sim_clock(s, t);
	sim_charge(t, a->work_ns);
	sim_elapse(t);
	if (!a->ret)
		CO_CALL(co, jbd2_fc_end_commit(s, t, &a->co2, &W.j, NULL));
	a->done_ns = sim_clock(s, t);
	CO_CALL(co, jbd2_journal_destroy(s, t, &a->co2, &W.j));
	CO_END(co);
}

static void jworld(void)
{
	world(NR);
	assert_int_equal(jbd2_journal_init(&W.s, &W.j, &W.dev, NR - 1, 256, 1), 0);
}

/*
 * Handles join the running transaction; a fast commit's barrier waits for
 * the running handle and keeps a new one out until it ends; the unmount
 * commit logs the transaction and the counters match by hand.
 */
static void test_jbd2_handles_barrier_commit(void **state)
{
	(void)state;
	jworld();
	spawn(0, 0, handle_user, 0, 0, 20000);		/* runs 0..20 us */
	spawn(1, 1, handle_user, 1000, 1, 1000);	/* joins it */
	spawn(2, 2, fc_user, 5000, 0, 30000);		/* waits for 0, holds 30 us */
	spawn(3, 3, handle_user, 10000, 0, 1000);	/* locked out */
	assert_int_equal(sim_run(&W.s), 0);
	assert_int_equal(W.a[0].ret, 2);
	assert_int_equal(W.a[1].ret, 2);		/* the same transaction */
	assert_int_equal(W.a[2].ret, 0);		/* the fast commit ran */
	assert_true(W.a[2].got_ns >= W.a[0].done_ns);	/* after the handle drained */
	assert_true(W.a[3].got_ns >= W.a[2].got_ns + 30000); /* slept through it */
	assert_true(W.t[3]->sleep_ns > 0);
	assert_int_equal(W.a[3].ret, 2);
	/* unmount committed tid 2: 3 handles, buffers 0 and 1 */
	assert_int_equal(W.j.j_commit_sequence, 2);
	assert_int_equal(W.j.stats.ts_tid, 2);
	assert_int_equal(W.j.stats.ts_handles, 3);
	assert_int_equal(W.j.stats.ts_blocks, 2);
	/* logged: 2 blocks, 1 descriptor, the commit block */
	assert_int_equal(W.j.stats.ts_blocks_logged, 4);
	assert_int_equal(W.j.stats.fc_commits, 1);
	assert_int_equal(W.j.stats.handle_waits, 1);
	assert_int_equal(W.dev.requests, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_rwlock_readers_share_writer_excludes, teardown),
		cmocka_unit_test_teardown(test_rwsem_sleeps, teardown),
		cmocka_unit_test_teardown(test_mutex_spins_then_sleeps, teardown),
		cmocka_unit_test_teardown(test_page_lock_sleeps_without_spinning, teardown),
		cmocka_unit_test_teardown(test_page_lock_steals_then_hands_off, teardown),
		cmocka_unit_test_teardown(test_page_lock_wakes_one_in_order, teardown),
		cmocka_unit_test_teardown(test_unlock_atomics_on_the_lock_word, teardown),
		cmocka_unit_test_teardown(test_preemption_shares_a_cpu, teardown),
		cmocka_unit_test_teardown(test_atomic_sleep_check, teardown),
		cmocka_unit_test_teardown(test_jbd2_handles_barrier_commit, teardown),
	};

	return cmocka_run_group_tests_name("locks", tests, NULL, NULL);
}
