// SPDX-License-Identifier: GPL-2.0
/*
 * api.c - the exported C ABI (jc_api.h): finds the lab, validates every
 * input against the lab's own tables, runs the simulation and writes JSON.
 *
 * One run is alive at a time: its simulator stays until the next jc_run(),
 * so that the steps, the snapshot and the heatmap can be asked for after
 * the result, and so that jc_advance() can take a halted run further.
 */
#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_api.h"
#include "lab.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#elif defined(__wasi__)
#include <unistd.h>

/*
 * wasi-libc's malloc takes memory from sbrk(), whose own sbrk(0) answers
 * the size of linear memory: the break is not kept anywhere in memory, so
 * a checkpoint of memory could not restore it. This sbrk keeps it in
 * static data, as Emscripten's does; the linker takes it before libc's.
 */
static uintptr_t wasi_brk;

static uintptr_t __wasi_memory_end(void)
{
	return (uintptr_t)__builtin_wasm_memory_size(0) * 65536;
}

void *sbrk(intptr_t increment)
{
	uintptr_t old, end;

	if (!wasi_brk)
		wasi_brk = __wasi_memory_end();
	old = wasi_brk;
	if (increment < 0 || (uintptr_t)increment > UINTPTR_MAX - old) {
		errno = ENOMEM;
		return (void *)-1;
	}
	end = __wasi_memory_end();
	if (old + (uintptr_t)increment > end) {
		uintptr_t pages = (old + (uintptr_t)increment - end + 65535) / 65536;

		if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) {
			errno = ENOMEM;
			return (void *)-1;
		}
	}
	wasi_brk = old + (uintptr_t)increment;
	return (void *)old;
}
#endif

#define JC_VERSION "0.1.0"

/* lab_table and nr_labs: wasm-core/labs/labs.gen.c */
#define NR_LABS nr_labs

/*
 * struct error_about - what the last error was about, beside its message,
 * for jc_last_error_json().
 * @status: its jc_status; JC_OK when the last call failed in nothing
 * @step:  the step the run failed at, 0 when the error is not a run's
 * @check: the check that refused the run (sim_fail_check()), or NULL
 * @len:   the length of the message's own part: for a model's failure,
 *         jc_last_error() goes on with the run that reproduces it
 * @lab:   the lab whose parameters were refused, or NULL
 * @spec:  the parameter whose value was refused, or NULL
 * @param: the parameter the input named (it may be unknown to the lab)
 * @got:   the refused value's text, when @spec is set
 * @cross: the lab's check() refused the parameters together
 */
struct error_about {
	int status;
	u64 step;
	const char *check;
	size_t len;
	const struct lab *lab;
	const struct param_spec *spec;
	char param[64];
	char got[64];
	bool cross;
};

static struct {
	struct sim sim;
	bool live;
	const struct lab *lab;
	int variant;
	u32 seed;
	long long params[LAB_MAX_PARAMS];
	char error[512];
	struct error_about about;
	struct jbuf out;	/* the last JSON handed out */
	u64 trace_cap;		/* steps the run's trace buffer holds */
} run;

static void __set_error(int status, const char *fmt, va_list ap)
{
	vsnprintf(run.error, sizeof(run.error), fmt, ap);
	memset(&run.about, 0, sizeof(run.about));
	run.about.status = status;
	run.about.len = strlen(run.error);
}

/*
 * set_error - the message of the last error, an input refused (JC_EINVAL);
 * what it is about is unset
 */
static void set_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__set_error(JC_EINVAL, fmt, ap);
	va_end(ap);
}

/* set_internal_error - the last error is the library's own (JC_EINTERNAL) */
static void set_internal_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__set_error(JC_EINTERNAL, fmt, ap);
	va_end(ap);
}

static void clear_error(void)
{
	run.error[0] = '\0';
	memset(&run.about, 0, sizeof(run.about));
}

/* error_param - the last error is about parameter @name (@nlen bytes) of @lab */
static void error_param(const struct lab *lab, const char *name, size_t nlen)
{
	run.about.lab = lab;
	snprintf(run.about.param, sizeof(run.about.param), "%.*s", (int)nlen, name);
}

/* error_value - the last error refused @spec's value @val (@vlen bytes) */
static void error_value(const struct lab *lab, const struct param_spec *spec,
			const char *val, size_t vlen)
{
	error_param(lab, spec->name, strlen(spec->name));
	run.about.spec = spec;
	snprintf(run.about.got, sizeof(run.about.got), "%.*s", (int)vlen, val);
}

const char *jc_last_error(void)
{
	return run.error;
}

int jc_last_status(void)
{
	return run.about.status;
}

const char *jc_version(void)
{
	return JC_VERSION;
}

uintptr_t jc_heap_top(void)
{
#ifdef __EMSCRIPTEN__
	return *emscripten_get_sbrk_ptr();
#elif defined(__wasi__)
	if (!wasi_brk)
		wasi_brk = __wasi_memory_end();
	return wasi_brk;
#else
	return 0;
#endif
}

long long lab_param(const struct lab *lab, const long long *p, const char *name)
{
	int i;

	for (i = 0; i < lab->nr_params; i++)
		if (!strcmp(lab->params[i].name, name))
			return p[i];
	return 0;
}

static const struct lab *find_lab(const char *id)
{
	int i, n = 0;
	char names[256] = "";

	for (i = 0; i < NR_LABS; i++)
		if (id && !strcmp(lab_table[i]->id, id))
			return lab_table[i];
	for (i = 0; i < NR_LABS; i++)
		n += snprintf(names + n, sizeof(names) - n, "%s%s", i ? ", " : "",
			      lab_table[i]->id);
	set_error("unknown lab '%s' (labs: %s)", id ? id : "", names);
	return NULL;
}

/* ---------------------------------------------------------------------- */
/* Input parsing: "name=value;name=value"                                  */

/* parse_int - a whole decimal number filling the whole of [s, s + len) */
static bool parse_int(const char *s, size_t len, long long *out)
{
	char tmp[32], *end;

	if (!len || len >= sizeof(tmp))
		return false;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	errno = 0;
	*out = strtoll(tmp, &end, 10);
	return !errno && *end == '\0' && (end != tmp);
}

/*
 * for_each_pair - call @fn for every name=value of @spec.
 * Returns false (with the error set) as soon as one is malformed or @fn
 * refuses it.
 */
static bool for_each_pair(const char *spec, const char *what,
			  bool (*fn)(const char *name, size_t nlen,
				     const char *val, size_t vlen, void *arg),
			  void *arg)
{
	const char *p = spec ? spec : "";

	while (*p) {
		const char *end = strchr(p, ';'), *eq;
		size_t len = end ? (size_t)(end - p) : strlen(p);

		while (len && (*p == ' ')) {
			p++;
			len--;
		}
		if (len) {
			eq = memchr(p, '=', len);
			if (!eq || eq == p) {
				set_error("malformed %s '%.*s' (expected name=value)",
					  what, (int)len, p);
				return false;
			}
			if (!fn(p, (size_t)(eq - p), eq + 1, len - (size_t)(eq - p) - 1, arg))
				return false;
		}
		if (!end)
			break;
		p = end + 1;
	}
	return true;
}

static const struct param_spec *find_param(const struct lab *lab,
					   const char *name, size_t nlen)
{
	int i;

	for (i = 0; i < lab->nr_params; i++)
		if (strlen(lab->params[i].name) == nlen &&
		    !strncmp(lab->params[i].name, name, nlen))
			return &lab->params[i];
	return NULL;
}

/* join_names - @nr names as "a, b, c" into @buf (cut short if it is full) */
static const char *join_names(const char *const *names, int nr, char *buf,
			      size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < nr && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "",
				      names[i]);
	return buf;
}

/* choice_names - a choice parameter's names, "a, b, c", into @buf */
static const char *choice_names(const struct param_spec *ps, char *buf, size_t len)
{
	return join_names(ps->choices, ps->nr_choices, buf, len);
}

/*
 * parse_value - @ps's value written as [val, val + vlen): an integer in its
 * range, or for a choice one of its names (or, as before there were names,
 * the index). False, with the error set, if it is neither.
 */
static bool parse_value(const struct lab *lab, const struct param_spec *ps,
			const char *val, size_t vlen, long long *out)
{
	char names[256];
	long long v;
	int i;

	if (ps->type == PARAM_CHOICE) {
		for (i = 0; i < ps->nr_choices; i++)
			if (strlen(ps->choices[i]) == vlen &&
			    !strncmp(ps->choices[i], val, vlen)) {
				*out = i;
				return true;
			}
		if (parse_int(val, vlen, &v) && v >= 0 && v < ps->nr_choices) {
			*out = v;
			return true;
		}
		set_error("parameter '%s' must be one of %s (got '%.*s')", ps->name,
			  choice_names(ps, names, sizeof(names)), (int)vlen, val);
		error_value(lab, ps, val, vlen);
		return false;
	}
	if (!parse_int(val, vlen, &v)) {
		set_error("parameter '%s' must be an integer from %lld to %lld (got '%.*s')",
			  ps->name, ps->min, ps->max, (int)vlen, val);
		error_value(lab, ps, val, vlen);
		return false;
	}
	if (v < ps->min || v > ps->max) {
		set_error("parameter '%s' must be an integer from %lld to %lld (got %lld)",
			  ps->name, ps->min, ps->max, v);
		error_value(lab, ps, val, vlen);
		return false;
	}
	*out = v;
	return true;
}

struct param_ctx {
	const struct lab *lab;
	long long *vals;
	bool seen[LAB_MAX_PARAMS];
};

static bool take_param(const char *name, size_t nlen, const char *val,
		       size_t vlen, void *arg)
{
	struct param_ctx *c = arg;
	const struct lab *lab = c->lab;
	const struct param_spec *ps = find_param(lab, name, nlen);
	char names[512] = "";
	int i, n = 0;

	if (ps) {
		i = (int)(ps - lab->params);
		if (c->seen[i]) {
			set_error("parameter '%s' is given twice", ps->name);
			error_param(lab, name, nlen);
			return false;
		}
		if (!parse_value(lab, ps, val, vlen, &c->vals[i]))
			return false;
		c->seen[i] = true;
		return true;
	}
	for (i = 0; i < lab->nr_params; i++)
		n += snprintf(names + n, sizeof(names) - n, "%s%s", i ? ", " : "",
			      lab->params[i].name);
	set_error("unknown parameter '%.*s' for lab %s (parameters: %s)",
		  (int)nlen, name, lab->id, names);
	error_param(lab, name, nlen);
	return false;
}

/*
 * parse_params - @spec's values into @vals (the defaults where it names
 * none), each checked against its range or its names, then all of them
 * against the lab's own check().
 */
static bool parse_params(const struct lab *lab, const char *spec, long long *vals)
{
	struct param_ctx c = { .lab = lab, .vals = vals };
	char msg[256];
	int i;

	for (i = 0; i < lab->nr_params; i++)
		vals[i] = lab->params[i].def;
	if (!for_each_pair(spec, "parameter", take_param, &c))
		return false;
	if (lab->check && lab->check(vals, msg, sizeof(msg))) {
		set_error("%s", msg);
		run.about.lab = lab;
		run.about.cross = true;
		return false;
	}
	return true;
}

int jc_check_params(const char *lab_id, const char *params)
{
	long long vals[LAB_MAX_PARAMS];
	const struct lab *lab;

	clear_error();
	lab = find_lab(lab_id);
	if (!lab)
		return JC_EINVAL;
	return parse_params(lab, params, vals) ? JC_OK : JC_EINVAL;
}

struct run_opts {
	long long stop_step, trace_from, trace_max, heat_buckets;
	long long max_events, max_mem_mb, check_every, marks_max;
	const struct lab *lab;	/* whose step kinds "marks" names */
	u64 marks;		/* the kinds to mark, bit per kind */
};

static const struct {
	const char *name;
	long long min, max;
	size_t off;
} opt_specs[] = {
	{ "stop_step", 0, 4000000000LL, offsetof(struct run_opts, stop_step) },
	{ "trace_from", 0, 4000000000LL, offsetof(struct run_opts, trace_from) },
	{ "trace_max", 0, 100000, offsetof(struct run_opts, trace_max) },
	{ "heat_buckets", 2, 1024, offsetof(struct run_opts, heat_buckets) },
	{ "max_events", 1, 1000000000LL, offsetof(struct run_opts, max_events) },
	{ "max_mem_mb", 1, 2048, offsetof(struct run_opts, max_mem_mb) },
	{ "check_every", 0, 1000000000LL, offsetof(struct run_opts, check_every) },
	{ "marks_max", SIM_MIN_MARKS, 65536, offsetof(struct run_opts, marks_max) },
};

static bool take_marks(struct run_opts *o, const char *val, size_t vlen);

static bool take_opt(const char *name, size_t nlen, const char *val,
		     size_t vlen, void *arg)
{
	struct run_opts *o = arg;
	size_t i;
	long long v;

	for (i = 0; i < sizeof(opt_specs) / sizeof(opt_specs[0]); i++) {
		if (strlen(opt_specs[i].name) != nlen ||
		    strncmp(opt_specs[i].name, name, nlen))
			continue;
		if (!parse_int(val, vlen, &v) || v < opt_specs[i].min ||
		    v > opt_specs[i].max) {
			set_error("option '%s' must be an integer from %lld to %lld (got '%.*s')",
				  opt_specs[i].name, opt_specs[i].min,
				  opt_specs[i].max, (int)vlen, val);
			return false;
		}
		*(long long *)((char *)o + opt_specs[i].off) = v;
		return true;
	}
	if (nlen == 5 && !strncmp(name, "marks", 5))
		return take_marks(o, val, vlen);
	set_error("unknown option '%.*s' (options: stop_step, trace_from, trace_max, heat_buckets, max_events, max_mem_mb, check_every, marks, marks_max)",
		  (int)nlen, name);
	return false;
}

/* ---------------------------------------------------------------------- */
/* Runs                                                                     */

static int run_status(void);

int jc_run(const char *lab_id, const char *variant, const char *params,
	   uint32_t seed, const char *opts)
{
	struct run_opts o = {
		.trace_from = 1, .heat_buckets = 120,
		.max_events = 50000000, .max_mem_mb = 512,
		.marks_max = 4096,
	};
	const struct lab *lab;
	struct sim *s = &run.sim;
	int v, ret;

	clear_error();
	if (run.live) {
		sim_destroy(s);
		run.live = false;
	}
	lab = find_lab(lab_id);
	if (!lab)
		return JC_EINVAL;
	for (v = 0; v < lab->nr_variants; v++)
		if (variant && !strcmp(variant, lab->variants[v]))
			break;
	if (v == lab->nr_variants) {
		char names[256];

		set_error("unknown variant '%s' for lab %s (variants: %s)",
			  variant ? variant : "", lab->id,
			  join_names(lab->variants, lab->nr_variants, names,
				     sizeof(names)));
		return JC_EINVAL;
	}
	if (!parse_params(lab, params, run.params))
		return JC_EINVAL;
	o.lab = lab;
	if (!for_each_pair(opts, "option", take_opt, &o))
		return JC_EINVAL;
	if (o.heat_buckets % 2) {
		set_error("option 'heat_buckets' must be even (got %lld)", o.heat_buckets);
		return JC_EINVAL;
	}

	run.lab = lab;
	run.variant = v;
	run.seed = seed;
	sim_init(s, lab->nr_cpus(run.params), seed);
	run.live = true;
	s->stop_step = (u64)o.stop_step;
	s->trace_from = (u64)o.trace_from;
	s->trace_max = (u64)o.trace_max;
	s->heat.buckets = (int)o.heat_buckets;
	s->max_events = (u64)o.max_events;
	s->max_mem = (size_t)o.max_mem_mb << 20;
	s->check = lab->invariants;
	s->check_every = (u64)o.check_every;
	s->mark_kinds = o.marks;
	/* a contended mark is made at its lock step: the lock steps take the slow path */
	s->mark_watch = o.marks | (o.marks & (1ULL << SK_CONTENDED) ? 1ULL << SK_LOCK : 0);
	s->mark_max = (u32)o.marks_max;

	run.trace_cap = s->trace_max;

	ret = lab->setup(s, v, run.params);
	if (!ret && !s->error)
		sim_run(s);
	return run_status();
}

/*
 * run_status - the live run's jc_status, its error set as jc_last_error(),
 * with the step it failed at and the check that refused it
 */
static int run_status(void)
{
	const struct sim *s = &run.sim;
	size_t len;

	if (!s->error)
		return JC_OK;
	if (s->error == JC_EINTERNAL)
		set_error("%s (lab %s, variant %s, seed %u)", s->errmsg, run.lab->id,
			  run.lab->variants[run.variant], run.seed);
	else
		set_error("%s", s->errmsg);
	len = strlen(s->errmsg);
	run.about.status = s->error;
	run.about.step = s->errstep;
	run.about.check = s->errcheck;
	if (len < run.about.len)
		run.about.len = len;
	return s->error;
}

/* take_advance_opt - one of jc_advance()'s options: jc_run's, but only these */
static bool take_advance_opt(const char *name, size_t nlen, const char *val,
			     size_t vlen, void *arg)
{
	static const char *const names[] = { "stop_step", "trace_from", "trace_max" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == nlen && !strncmp(names[i], name, nlen))
			return take_opt(name, nlen, val, vlen, arg);
	set_error("unknown option '%.*s' for jc_advance (options: stop_step, trace_from, trace_max; the budgets are jc_run's)",
		  (int)nlen, name);
	return false;
}

/*
 * advance_trace - the steps window an advance records: [@from, @from + @max),
 * each -1 where the options do not set it (from: the step after the current
 * one; max: the run's). The buffer grows, charged to the run's memory
 * budget, when @max asks for more than it holds.
 */
static int advance_trace(struct sim *s, long long from, long long max)
{
	if (from < 0 && max < 0)
		return JC_OK;
	s->trace_from = from < 0 ? s->steps + 1 : (u64)from;
	if (max >= 0)
		s->trace_max = (u64)max;
	s->trace_len = 0;
	if (s->trace_max > run.trace_cap) {
		struct sim_step_rec *trace = sim_alloc(s, sizeof(*trace) * s->trace_max);

		if (!trace)
			return run_status();
		s->trace = trace;
		run.trace_cap = s->trace_max;
	}
	return JC_OK;
}

int jc_advance(const char *opts)
{
	struct run_opts o = { .stop_step = 0, .trace_from = -1, .trace_max = -1 };
	struct sim *s = &run.sim;
	int ret;

	clear_error();
	if (!run.live) {
		set_error("no run to advance: call jc_run first");
		return JC_EINVAL;
	}
	if (s->error) {
		set_error("the run cannot go on: it failed (%s); start another with jc_run",
			  s->errmsg);
		return JC_EINVAL;
	}
	if (!s->halted) {
		set_error("the run has ended (at step %llu): only a run halted at its stop step goes on; start another with jc_run",
			  (unsigned long long)s->steps);
		return JC_EINVAL;
	}
	if (!for_each_pair(opts, "option", take_advance_opt, &o))
		return JC_EINVAL;
	if (o.stop_step && (u64)o.stop_step <= s->steps) {
		set_error("option 'stop_step' must be after the step the run stands at, %llu, or 0 for the end (got %lld)",
			  (unsigned long long)s->steps, o.stop_step);
		return JC_EINVAL;
	}
	ret = advance_trace(s, o.trace_from, o.trace_max);
	if (ret)
		return ret;
	sim_resume(s, (u64)o.stop_step);
	return run_status();
}

static bool need_run(void)
{
	if (!run.live) {
		set_error("no run: call jc_run first");
		return false;
	}
	if (run.sim.error && !run.sim.heat.bins) {
		set_error("no output: the last run failed before it started (%s)",
			  run.sim.errmsg);
		return false;
	}
	return true;
}

static const char *const lock_kind_names[] = {
	[LOCK_SPIN] = "spinlock", [LOCK_RW] = "rwlock",
	[LOCK_RWSEM] = "rw_semaphore", [LOCK_MUTEX] = "mutex",
	[LOCK_PAGE] = "page_lock",
};

/* Per lock class, as /proc/lock_stat sums them. */
static void write_lock_classes(const struct sim *s, struct jbuf *jb)
{
	int i;

	jb_key(jb, "lock_stats");
	jb_arr_open(jb);
	for (i = 0; i < s->nr_classes; i++) {
		const struct lock_class *c = &s->classes[i];

		jb_obj_open(jb);
		jb_kv_str(jb, "name", c->name);
		jb_kv_str(jb, "kind", lock_kind_names[c->kind]);
		jb_kv_uint(jb, "acquisitions", c->acquisitions);
		jb_kv_uint(jb, "contended", c->contended);
		jb_kv_uint(jb, "spin_ns", c->spin_ns);
		jb_kv_uint(jb, "sleep_ns", c->sleep_ns);
		jb_kv_uint(jb, "hold_ns", c->hold_ns);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
}

/* a parameter's value as name: value, a choice by its name */
static void write_param_value(struct jbuf *jb, const struct param_spec *ps,
			      long long v)
{
	if (ps->type == PARAM_CHOICE && v >= 0 && v < ps->nr_choices)
		jb_kv_str(jb, ps->name, ps->choices[v]);
	else
		jb_kv_int(jb, ps->name, v);
}

static void write_hash(struct jbuf *jb, u64 h)
{
	char hex[17];

	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)h);
	jb_kv_str(jb, "hash", hex);
}

/*
 * run_hash - the live run's hash as jc_result_json() gives it: the
 * simulator's, with the metrics mixed in once the run has ended (a halted
 * run has none yet: @m is left all zero).
 */
static u64 run_hash(double *m)
{
	const struct lab *lab = run.lab;
	struct sim *s = &run.sim;
	u64 h;
	int i;

	memset(m, 0, sizeof(*m) * LAB_MAX_METRICS);
	if (!s->halted)
		lab->collect(s, m);
	h = sim_hash(s);
	for (i = 0; i < lab->nr_metrics; i++) {
		u64 bits;

		memcpy(&bits, &m[i], sizeof(bits));
		h ^= bits + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	}
	return h;
}

/*
 * jc_position_json - where the live run stands, without its outputs: what a
 * caller stopping only to checkpoint or to go on needs. Metrics are
 * collected only for a run that has ended (for its hash).
 */
const char *jc_position_json(void)
{
	struct jbuf *jb = &run.out;
	double m[LAB_MAX_METRICS];

	jb_reset(jb);
	if (!need_run())
		return NULL;
	if (run.lab->nr_metrics > LAB_MAX_METRICS) {
		set_internal_error("lab %s declares %d metrics; at most %d fit",
				   run.lab->id, run.lab->nr_metrics, LAB_MAX_METRICS);
		return NULL;
	}
	jb_obj_open(jb);
	jb_kv_uint(jb, "steps", run.sim.steps);
	jb_kv_bool(jb, "halted", run.sim.halted);
	write_hash(jb, run_hash(m));
	jb_obj_close(jb);
	return jb_str(jb);
}

const char *jc_result_json(void)
{
	const struct lab *lab = run.lab;
	struct sim *s = &run.sim;
	struct jbuf *jb = &run.out;
	double m[LAB_MAX_METRICS];
	u64 h;
	int i;

	jb_reset(jb);
	if (!need_run())
		return NULL;
	if (lab->nr_metrics > LAB_MAX_METRICS) {
		set_internal_error("lab %s declares %d metrics; at most %d fit",
				   lab->id, lab->nr_metrics, LAB_MAX_METRICS);
		return NULL;
	}
	h = run_hash(m);
	jb_obj_open(jb);
	jb_kv_str(jb, "lab", lab->id);
	jb_kv_str(jb, "variant", lab->variants[run.variant]);
	jb_kv_uint(jb, "seed", run.seed);
	jb_key(jb, "params");
	jb_obj_open(jb);
	for (i = 0; i < lab->nr_params; i++)
		write_param_value(jb, &lab->params[i], run.params[i]);
	jb_obj_close(jb);
	jb_key(jb, "metrics");
	jb_obj_open(jb);
	for (i = 0; i < lab->nr_metrics; i++)
		jb_kv_num(jb, lab->metrics[i].name, m[i]);
	jb_obj_close(jb);
	write_lock_classes(s, jb);
	jb_key(jb, "metric_info");
	jb_arr_open(jb);
	for (i = 0; i < lab->nr_metrics; i++) {
		jb_obj_open(jb);
		jb_kv_str(jb, "name", lab->metrics[i].name);
		jb_kv_str(jb, "unit", lab->metrics[i].unit);
		jb_kv_str(jb, "help", lab->metrics[i].help);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_key(jb, "sim");
	jb_obj_open(jb);
	jb_kv_uint(jb, "events", s->events);
	jb_kv_uint(jb, "steps", s->steps);
	jb_kv_uint(jb, "end_ns", s->now);
	jb_kv_bool(jb, "halted", s->halted);
	jb_kv_uint(jb, "mem_bytes", s->mem);
	jb_kv_uint(jb, "preemptions", s->preemptions);
	jb_kv_uint(jb, "migrations", s->migrations);
	write_hash(jb, h);
	jb_obj_close(jb);
	jb_kv_int(jb, "cpus", s->nr_cpus);
	jb_obj_close(jb);
	return jb_str(jb);
}

static const char *kind_name(const struct lab *lab, int kind)
{
	if (kind < SK_LAB)
		return sim_kind_names[kind] ? sim_kind_names[kind] : "?";
	if (kind - SK_LAB < lab->nr_kinds)
		return lab->kinds[kind - SK_LAB].name;
	return "?";
}

const char *jc_steps_json(void)
{
	struct sim *s = &run.sim;
	struct jbuf *jb = &run.out;
	u64 i;

	jb_reset(jb);
	if (!need_run())
		return NULL;
	jb_obj_open(jb);
	jb_kv_uint(jb, "from", s->trace_from);
	jb_kv_uint(jb, "total", s->steps);
	jb_key(jb, "steps");
	jb_arr_open(jb);
	for (i = 0; i < s->trace_len; i++) {
		const struct sim_step_rec *r = &s->trace[i];

		jb_obj_open(jb);
		jb_kv_uint(jb, "i", r->i);
		jb_kv_uint(jb, "t", r->t);
		jb_kv_int(jb, "cpu", r->cpu);
		jb_kv_int(jb, "task", r->task);
		jb_kv_int(jb, "line", r->line);
		jb_kv_str(jb, "kind", kind_name(run.lab, r->kind));
		jb_kv_int(jb, "a", r->a);
		jb_kv_int(jb, "b", r->b);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);
	return jb_str(jb);
}

/* ---------------------------------------------------------------------- */
/* Marks: the steps of chosen kinds over the whole run                     */

/* kind_of - the number of @lab's step kind named [@name, @name + @len), or -1 */
static int kind_of(const struct lab *lab, const char *name, size_t len)
{
	int k;

	for (k = 0; k < SK_LAB + lab->nr_kinds; k++) {
		const char *n = k < SK_LAB ? sim_kind_names[k] : lab->kinds[k - SK_LAB].name;

		if (n && strlen(n) == len && !strncmp(n, name, len))
			return k;
	}
	return -1;
}

/* lab_kind_names - @lab's step kinds, comma-separated, into @buf */
static const char *lab_kind_names(const struct lab *lab, char *buf, size_t len)
{
	size_t n = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < SK_LAB + lab->nr_kinds && n < len; k++) {
		const char *name = k < SK_LAB ? sim_kind_names[k] : lab->kinds[k - SK_LAB].name;

		if (name)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", name);
	}
	return buf;
}

/*
 * take_marks - the "marks" option: step kinds of the run's lab separated by
 * commas, e.g. marks=commit_start,lock. Refuses a kind the lab has not,
 * naming those it has.
 */
static bool take_marks(struct run_opts *o, const char *val, size_t vlen)
{
	const char *p = val, *end = val + vlen;
	char names[1024];

	o->marks = 0;
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		size_t len = comma ? (size_t)(comma - p) : (size_t)(end - p);
		int k = kind_of(o->lab, p, len);

		if (k < 0 || k >= SIM_MAX_MARK_KINDS) {
			set_error("option 'marks': lab %s has no step kind '%.*s' (kinds: %s)",
				  o->lab->id, (int)len, p,
				  lab_kind_names(o->lab, names, sizeof(names)));
			return false;
		}
		o->marks |= 1ULL << k;
		p += len + 1;
	}
	if (!o->marks) {
		set_error("option 'marks' names no step kind (kinds of lab %s: %s)",
			  o->lab->id, lab_kind_names(o->lab, names, sizeof(names)));
		return false;
	}
	return true;
}

const char *jc_marks_json(void)
{
	struct sim *s = &run.sim;
	struct jbuf *jb = &run.out;
	u32 i;
	int k;

	jb_reset(jb);
	if (!need_run())
		return NULL;
	jb_obj_open(jb);
	jb_kv_uint(jb, "max", s->mark_max);
	jb_key(jb, "kinds");
	jb_arr_open(jb);
	for (k = 0; k < SIM_MAX_MARK_KINDS; k++) {
		if (!(s->mark_kinds & (1ULL << k)))
			continue;
		jb_obj_open(jb);
		jb_kv_str(jb, "kind", kind_name(run.lab, k));
		jb_kv_uint(jb, "total", s->mark_total[k]);
		jb_kv_uint(jb, "kept", s->mark_kept[k]);
		jb_kv_uint(jb, "every", s->marks ? s->mark_every[k] : 1);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_key(jb, "marks");
	jb_arr_open(jb);
	for (i = 0; i < s->mark_len; i++) {
		const struct sim_mark *m = &s->marks[i];

		jb_obj_open(jb);
		jb_kv_uint(jb, "i", m->i);
		jb_kv_uint(jb, "t", m->t);
		jb_kv_str(jb, "kind", kind_name(run.lab, m->kind));
		jb_kv_int(jb, "a", m->a);
		jb_kv_int(jb, "b", m->b);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);
	return jb_str(jb);
}

static const char *const task_state_names[] = {
	[TASK_READY] = "ready", [TASK_RUN] = "run", [TASK_SPIN] = "spin",
	[TASK_SLEEP] = "sleep", [TASK_IO] = "io", [TASK_DONE] = "done",
};

const char *jc_snapshot_json(void)
{
	struct sim *s = &run.sim;
	struct jbuf *jb = &run.out;
	int i;

	jb_reset(jb);
	if (!need_run())
		return NULL;
	jb_obj_open(jb);
	jb_kv_uint(jb, "now_ns", s->now);
	jb_kv_uint(jb, "step", s->steps);
	jb_key(jb, "locks");
	jb_arr_open(jb);
	for (i = 0; i < s->nr_locks; i++) {
		struct sim_lock *l = s->locks[i];
		struct task *w;

		jb_obj_open(jb);
		jb_kv_str(jb, "name", l->name);
		jb_kv_str(jb, "kind", lock_kind_names[l->kind]);
		jb_kv_int(jb, "holder", l->owner ? l->owner->id : -1);
		jb_kv_int(jb, "readers", l->readers);
		jb_key(jb, "waiters");
		jb_arr_open(jb);
		list_for_each_entry(w, &l->spinners, struct task, wait_entry)
			jb_int(jb, w->id);
		list_for_each_entry(w, &l->waiters, struct task, wait_entry)
			jb_int(jb, w->id);
		jb_arr_close(jb);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_key(jb, "tasks");
	jb_arr_open(jb);
	for (i = 0; i < s->nr_tasks; i++) {
		struct task *t = s->tasks[i];

		jb_obj_open(jb);
		jb_kv_int(jb, "id", t->id);
		jb_kv_int(jb, "cpu", t->cpu);
		jb_kv_str(jb, "name", t->name);
		jb_kv_str(jb, "state", task_state_names[t->state]);
		jb_kv_int(jb, "line", t->line);
		jb_kv_str(jb, "fn", t->func ? t->func : "");
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	run.lab->snapshot(s, jb);
	jb_obj_close(jb);
	return jb_str(jb);
}

void lab_heat_json_open(struct jbuf *jb, const char *key, struct sim *s,
			struct sim_heat *h)
{
	int r, b, used;

	sim_heat_widen_to(h, s->heat.width);
	used = sim_heat_used(h, s->now);
	jb_key(jb, key);
	jb_obj_open(jb);
	jb_kv_uint(jb, "bucket_ns", h->width);
	jb_kv_int(jb, "nr_time", used);
	jb_kv_int(jb, "nr_rows", h->rows);
	jb_key(jb, "rows");
	jb_arr_open(jb);
	for (r = 0; r < h->rows; r++) {
		jb_arr_open(jb);
		for (b = 0; b < used; b++)
			jb_num(jb, h->bins[(size_t)r * h->buckets + b]);
		jb_arr_close(jb);
	}
	jb_arr_close(jb);
}

const char *jc_heatmap_json(void)
{
	static const char *const names[CPU_NR_STATES] = {
		"idle", "run", "spin", "sleep", "io",
	};
	struct sim *s = &run.sim;
	struct jbuf *jb = &run.out;
	int cpu, b, st, used;

	jb_reset(jb);
	if (!need_run())
		return NULL;
	used = sim_heat_buckets_used(s);
	jb_obj_open(jb);
	jb_kv_int(jb, "cpus", s->nr_cpus);
	jb_kv_int(jb, "buckets", used);
	jb_kv_uint(jb, "bucket_ns", s->heat.width);
	jb_key(jb, "states");
	jb_arr_open(jb);
	for (st = 0; st < CPU_NR_STATES; st++)
		jb_str_val(jb, names[st]);
	jb_arr_close(jb);
	jb_key(jb, "data");
	jb_arr_open(jb);
	for (cpu = 0; cpu < s->nr_cpus; cpu++)
		for (b = 0; b < used; b++) {
			const double *cell = &s->heat.bins[((size_t)cpu * s->heat.buckets + b) * CPU_NR_STATES];

			for (st = 0; st < CPU_NR_STATES; st++) {
				double f = cell[st] / (double)s->heat.width;

				jb_printf(jb, jb->comma ? ",%.4g" : "%.4g", f);
				jb->comma = true;
			}
		}
	jb_arr_close(jb);
	jb_obj_close(jb);
	return jb_str(jb);
}

/* ---------------------------------------------------------------------- */
/* Tables                                                                   */

/*
 * What the engine's own steps carry (sim.h's lock, sleep, wake, I/O and
 * RCU primitives): a lock step's lock is its index in the snapshot's
 * locks, and shared is 1 for a reader.
 */
static const struct { const char *a, *b; } sim_kind_args[SK_LAB] = {
	[SK_LOCK]	= { "lock", "shared" },
	[SK_UNLOCK]	= { "lock", "shared" },
	[SK_IO]		= { "bytes", "flush" },
	[SK_CONTENDED]	= { "lock", "waiting" },
};

static void kv_str_or_null(struct jbuf *jb, const char *key, const char *v)
{
	if (v) {
		jb_kv_str(jb, key, v);
		return;
	}
	jb_key(jb, key);
	jb_null(jb);
}

static void write_step_kind(struct jbuf *jb, const char *name, const char *a,
			    const char *b)
{
	jb_obj_open(jb);
	jb_kv_str(jb, "kind", name);
	kv_str_or_null(jb, "a", a);
	kv_str_or_null(jb, "b", b);
	jb_obj_close(jb);
}

const char *jc_labs_json(void)
{
	struct jbuf *jb = &run.out;
	int i, k, v;

	jb_reset(jb);
	jb_arr_open(jb);
	for (i = 0; i < NR_LABS; i++) {
		const struct lab *lab = lab_table[i];

		jb_obj_open(jb);
		jb_kv_str(jb, "id", lab->id);
		jb_kv_str(jb, "title", lab->title);
		jb_key(jb, "variants");
		jb_arr_open(jb);
		for (v = 0; v < lab->nr_variants; v++)
			jb_str_val(jb, lab->variants[v]);
		jb_arr_close(jb);
		jb_kv_str(jb, "source", lab->source);
		jb_key(jb, "steps");
		jb_arr_open(jb);
		for (k = 0; k < SK_LAB; k++)
			if (sim_kind_names[k])
				write_step_kind(jb, sim_kind_names[k],
						sim_kind_args[k].a, sim_kind_args[k].b);
		for (k = 0; k < lab->nr_kinds; k++)
			write_step_kind(jb, lab->kinds[k].name, lab->kinds[k].a,
					lab->kinds[k].b);
		jb_arr_close(jb);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	return jb_str(jb);
}

static void write_choices(struct jbuf *jb, const struct param_spec *p)
{
	int i;

	jb_arr_open(jb);
	for (i = 0; i < p->nr_choices; i++)
		jb_str_val(jb, p->choices[i]);
	jb_arr_close(jb);
}

const char *jc_params_json(const char *lab_id)
{
	const struct lab *lab = find_lab(lab_id);
	struct jbuf *jb = &run.out;
	int i;

	jb_reset(jb);
	if (!lab)
		return NULL;
	jb_arr_open(jb);
	for (i = 0; i < lab->nr_params; i++) {
		const struct param_spec *p = &lab->params[i];
		bool choice = p->type == PARAM_CHOICE;

		jb_obj_open(jb);
		jb_kv_str(jb, "name", p->name);
		jb_kv_str(jb, "type", choice ? "choice" : "int");
		jb_kv_str(jb, "unit", p->unit);
		jb_kv_int(jb, "min", p->min);
		jb_kv_int(jb, "max", p->max);
		jb_kv_int(jb, "default", p->def);
		if (choice) {
			jb_kv_str(jb, "default_name", p->choices[p->def]);
			jb_key(jb, "choices");
			write_choices(jb, p);
		}
		jb_kv_str(jb, "help", p->help);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	return jb_str(jb);
}

struct row_ctx {
	struct jbuf *jb;
	const struct lab *lab;
	const struct paper_row *row;
};

/* A row's parameter as the number jc_run takes (a choice by its index). */
static bool write_row_param(const char *name, size_t nlen, const char *val,
			    size_t vlen, void *arg)
{
	struct row_ctx *c = arg;
	const struct param_spec *ps = find_param(c->lab, name, nlen);
	long long v;

	if (!ps) {
		set_internal_error("row %d of lab %s names an unknown parameter '%.*s'",
				   c->row->row, c->lab->id, (int)nlen, name);
		return false;
	}
	if (!parse_value(c->lab, ps, val, vlen, &v))
		return false;
	jb_kv_int(c->jb, ps->name, v);
	return true;
}

const char *jc_rows_json(const char *lab_id)
{
	const struct lab *lab = find_lab(lab_id);
	struct jbuf *jb = &run.out;
	const struct citation *c;
	int i;

	jb_reset(jb);
	if (!lab)
		return NULL;
	c = &lab->cite;
	jb_obj_open(jb);
	jb_kv_str(jb, "lab", lab->id);
	jb_kv_str(jb, "metric", lab->row_metric);
	jb_kv_str(jb, "unit", lab->row_unit);
	jb_kv_num(jb, "scale", lab->row_scale);
	jb_key(jb, "citation");
	jb_obj_open(jb);
	jb_kv_str(jb, "author", c->author);
	jb_kv_str(jb, "list", c->list);
	jb_kv_str(jb, "date", c->date);
	jb_kv_str(jb, "subject", c->subject);
	jb_kv_str(jb, "url", c->url);
	jb_kv_str(jb, "commit", c->commit);
	jb_obj_close(jb);
	jb_key(jb, "rows");
	jb_arr_open(jb);
	for (i = 0; i < lab->nr_rows; i++) {
		const struct paper_row *r = &lab->rows[i];
		struct row_ctx rc = { .jb = jb, .lab = lab, .row = r };

		jb_obj_open(jb);
		jb_kv_int(jb, "row", r->row);
		jb_kv_str(jb, "label", r->label);
		jb_key(jb, "params");
		jb_obj_open(jb);
		if (!for_each_pair(r->params, "row parameter", write_row_param, &rc)) {
			jb_reset(jb);
			return NULL;
		}
		jb_obj_close(jb);
		jb_key(jb, "paper");
		jb_obj_open(jb);
		jb_kv_num(jb, "before", r->before);
		jb_kv_num(jb, "after", r->after);
		jb_kv_str(jb, "before_variant", r->before_variant ? r->before_variant :
			  lab->variants[0]);
		jb_kv_str(jb, "after_variant", r->after_variant ? r->after_variant :
			  lab->variants[lab->nr_variants - 1]);
		jb_kv_str(jb, "metric", r->metric ? r->metric : lab->row_metric);
		/* a stated change stands only where the two figures do not */
		jb_kv_num(jb, "change_pct", isnan(r->before) && isnan(r->after) ?
			  r->change_pct : NAN);
		jb_obj_close(jb);
		jb_kv_str(jb, "note", r->note);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_key(jb, "sweep");
	if (lab->sweep_param) {
		jb_obj_open(jb);
		jb_kv_str(jb, "param", lab->sweep_param);
		jb_key(jb, "values");
		jb_arr_open(jb);
		for (i = 0; i < lab->nr_sweep_values; i++)
			jb_int(jb, lab->sweep_values[i]);
		jb_arr_close(jb);
		jb_obj_close(jb);
	} else {
		jb_null(jb);
	}
	jb_obj_close(jb);
	return jb_str(jb);
}

const char *jc_last_error_json(void)
{
	const struct error_about *e = &run.about;
	const struct param_spec *ps = e->spec;
	struct jbuf *jb = &run.out;
	char msg[sizeof(run.error)];
	int i;

	jb_reset(jb);
	jb_obj_open(jb);
	jb_kv_int(jb, "status", e->status);
	snprintf(msg, sizeof(msg), "%.*s", (int)e->len, run.error);
	jb_kv_str(jb, "message", msg);
	jb_key(jb, "step");
	if (e->step)
		jb_uint(jb, e->step);
	else
		jb_null(jb);
	kv_str_or_null(jb, "check", e->check);
	kv_str_or_null(jb, "param", e->param[0] ? e->param : NULL);
	jb_key(jb, "params");
	jb_arr_open(jb);
	if (e->cross)
		for (i = 0; i < e->lab->nr_check_params; i++)
			jb_str_val(jb, e->lab->check_params[i]);
	else if (e->lab && find_param(e->lab, e->param, strlen(e->param)))
		jb_str_val(jb, e->param);
	jb_arr_close(jb);
	if (ps) {
		jb_kv_str(jb, "type", ps->type == PARAM_CHOICE ? "choice" : "int");
		jb_kv_str(jb, "got", e->got);
		if (ps->type == PARAM_CHOICE) {
			jb_key(jb, "allowed");
			write_choices(jb, ps);
		} else {
			jb_kv_int(jb, "min", ps->min);
			jb_kv_int(jb, "max", ps->max);
		}
	}
	jb_obj_close(jb);
	return jb_str(jb);
}
