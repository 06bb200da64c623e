/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jc_api.h - the one C ABI that JavaScript (browser and Node) and the native
 * tools call. Everything crosses as NUL-terminated strings: JSON out, a small
 * "name=value;name=value" syntax in. Returned strings belong to the library
 * and stay valid until the next jc_* call.
 *
 * A run is deterministic: the same lab, variant, parameters and seed give the
 * same trace, the same metrics and the same 64-bit hash on every platform.
 *
 * JSON shapes (the TypeScript mirror is web/src/core/types.ts):
 *
 *   jc_labs_json()      [{"id","title","variants":["before","after"],
 *                         "source":"<id>/<id>.c",
 *                         "steps":[{"kind","a","b"}]}]
 *                       steps: every step kind the lab's traces hold, with
 *                       the names of what its a and b are (null: unused)
 *   jc_params_json(lab) [{"name","type":"int"|"choice","unit","min","max",
 *                         "default","help"}]; a choice also has
 *                         "choices":["ext4","btrfs"] (value i is named
 *                         choices[i]) and "default_name"
 *   jc_rows_json(lab)   {"lab","metric","unit","scale","citation":{...},
 *                        "rows":[{"row","label","params":{..},
 *                                 "paper":{"before","after"},"note"}]}
 *                       a row's params are numbers, a choice by its index
 *   jc_result_json()    {"lab","variant","seed","params":{..},
 *                        "metrics":{..},"metric_info":[{"name","unit","help"}],
 *                        "sim":{"events","steps","end_ns","halted","mem_bytes",
 *                               "hash"},"cpus"}
 *   jc_steps_json()     {"from","total","steps":[{"i","t","cpu","task","line",
 *                         "kind","a","b"}]}
 *   jc_marks_json()     {"max","kinds":[{"kind","total","kept","every"}],
 *                        "marks":[{"i","t","kind"}]}
 *                       the steps of the kinds jc_run()'s "marks" option
 *                       names, in step order; see jc_run()
 *   jc_snapshot_json()  lab-specific model state where the run stopped
 *   jc_heatmap_json()   {"cpus","buckets","bucket_ns","states":[..],
 *                        "data":[cpu][bucket][state] flattened, fractions}
 *   jc_last_error_json() {"status","message","step","check","param",
 *                         "params":[..]} and, when a parameter's value was
 *                        refused, "type","got" and "min","max" (an
 *                        integer) or "allowed":[..] (a choice)
 *
 * The result's params give a choice parameter's value as its name.
 */
#ifndef JC_API_H
#define JC_API_H

#include <stdint.h>

/*
 * Return codes of jc_run(), jc_advance() and jc_check_params(), and the
 * "status" of jc_last_error_json(): what kind of failure it was, so that a
 * caller tells them apart without reading the message.
 */
enum jc_status {
	JC_OK = 0,
	JC_EINVAL = 1,		/* bad lab, variant, parameter or option */
	JC_EBUDGET = 2,		/* event, step or memory budget exceeded */
	JC_EINTERNAL = 3,	/* a model invariant failed: a bug, with seed */
};

const char *jc_version(void);
const char *jc_labs_json(void);
const char *jc_params_json(const char *lab);
const char *jc_rows_json(const char *lab);

/*
 * jc_check_params - validate @params for @lab as jc_run() would: each value
 * against its range or its names, then the lab's cross-parameter check. No
 * simulation is built and the last run's outputs stay as they were.
 * Returns JC_OK or JC_EINVAL; then jc_last_error() and jc_last_error_json()
 * say what was refused.
 *
 * A parameter is "name=value"; a choice parameter's value is one of its
 * names (or its index).
 */
int jc_check_params(const char *lab, const char *params);

/*
 * jc_run - run one simulation to its end, or to a step.
 * @lab:     lab id, the name of its folder wasm-core/labs/<id>/
 * @variant: "before" or "after"
 * @params:  "name=value;..." (unset parameters take their defaults)
 * @seed:    any 32-bit value
 * @opts:    "stop_step=K;trace_from=A;trace_max=N;heat_buckets=B;
 *            max_events=E;max_mem_mb=M;check_every=C" (all optional)
 *
 * stop_step=K halts the run right after step K (steps count from 1), so the
 * snapshot shows the model mid-flight; 0 runs to the end. Steps in
 * [trace_from, trace_from + trace_max) are recorded for jc_steps_json().
 *
 * check_every=C runs the lab's invariant checker every C events (it always
 * runs once at the end).
 *
 * marks=K1,K2,... marks, over the whole run (not only the trace window), the
 * steps of those kinds (any of the lab's, as jc_labs_json() names them) for
 * jc_marks_json(): each one's step number and virtual time. At most
 * marks_max=M of them are held (default 4096, 128 to 65536): when the
 * buffer is full, the kind holding the most marks drops every other one
 * and from then on keeps every 2nd (then 4th, ...) step of its kind, so
 * every kind's marks stay evenly spread over the run and a rare kind keeps
 * all of its own. Per kind, jc_marks_json() gives "total" (its steps so
 * far), "kept" (its marks) and "every" (it keeps step 1, 1 + every, ...
 * of its kind). A jc_advance() goes on marking. Marks change nothing of the
 * run: its hash and every other output are the same with or without them,
 * but for the result's mem_bytes, which counts their buffer (24 bytes a mark).
 *
 * Returns a jc_status; on failure jc_last_error() names what was wrong.
 */
int jc_run(const char *lab, const char *variant, const char *params,
	   uint32_t seed, const char *opts);

/*
 * jc_advance - take the last jc_run()'s run, halted at its stop step,
 * further: to another step, or to its end.
 * @opts: "stop_step=K;trace_from=A;trace_max=N" (all optional)
 *
 * stop_step=K halts it again right after step K, which must be after the
 * step it stands at; 0 (or none) runs it to the end. The task that halted
 * goes on where it stood, then the events run as in jc_run(), so a run
 * advanced in any number of chunks is the run straight to its last stop
 * step: the same hash, snapshot, metrics, heatmap and steps. The budgets
 * (max_events, max_mem_mb) are jc_run()'s and count the whole run.
 *
 * Steps: without trace_from and trace_max an advance goes on recording
 * jc_run()'s window, so jc_steps_json() is what the straight run records.
 * Either of them sets a new window, [trace_from, trace_from + trace_max)
 * (trace_from defaults to the step after the current one, trace_max to the
 * run's): jc_steps_json() then holds the steps of that window that this
 * advance ran, none from before it.
 *
 * The outputs (jc_result_json() and the others) describe the new stopping
 * point. Returns a jc_status: JC_EINVAL when there is no run, when it has
 * ended or failed, or for a bad option (jc_last_error() says which and
 * what is allowed); JC_EBUDGET and JC_EINTERNAL as jc_run() does.
 */
int jc_advance(const char *opts);

/*
 * jc_heap_top - in WebAssembly, the end of the heap (the program break,
 * sbrk(0)): every byte of the library's state, its static data, the C
 * stack and the malloc heap with the run in it, lies below it in linear
 * memory, and so does the break itself. Between two jc_* calls a copy of
 * linear memory up to it is a checkpoint of everything, and writing that
 * copy back restores it. 0 in a native build.
 */
uintptr_t jc_heap_top(void);

const char *jc_result_json(void);

/*
 * jc_position_json - where the live run stands: {"steps","halted","hash"},
 * the same values as jc_result_json()'s sim.steps, sim.halted and sim.hash,
 * without writing the rest. A halted run's position costs no more than its
 * hash, so a caller that stops a run only to checkpoint it, or to go on,
 * reads this and leaves the outputs unwritten. NULL when there is no run
 * (jc_last_error() says so).
 */
const char *jc_position_json(void);
const char *jc_steps_json(void);
const char *jc_marks_json(void);
const char *jc_snapshot_json(void);
const char *jc_heatmap_json(void);

/*
 * jc_last_error - the last error in one line. A model's failure
 * (JC_EINTERNAL) ends with the lab, variant and seed that reproduce it.
 */
const char *jc_last_error(void);

/*
 * jc_last_status - the jc_status of the error jc_last_error() describes:
 * JC_EINVAL for an input refused (a JSON call's NULL too), JC_EBUDGET and
 * JC_EINTERNAL for a run that failed; JC_OK when the last jc_run(),
 * jc_advance() or jc_check_params() succeeded.
 */
int jc_last_status(void);

/*
 * jc_last_error_json - the last error as JSON:
 * "status": its jc_status (jc_last_status());
 * "message": what went wrong (jc_last_error(), without the run it names);
 * "step": the step the run failed at, or null when the error is not a
 *   failed run's (an input refused, or a failure before the first step);
 * "check": the check that refused the run, or null: for JC_EINTERNAL the
 *   lab's interface function whose answer was wrong ("yours_..."), the
 *   lab's "invariants" or an engine rule ("might_sleep", "deadlock",
 *   "lock_recursion", "lock_release", "held_locks", "exit_holding",
 *   "rcu_unlock"); for JC_EBUDGET the budget that ran out ("max_events",
 *   "max_mem_mb", "max_steps", "lock_classes");
 * "param": the parameter the input named, or null; "params": the lab's
 * parameters the error is about ([param], or those the lab's cross-parameter
 * check reads, or none). A refused value adds "type", "got", and "min" and
 * "max" for an integer or "allowed" (the names) for a choice.
 */
const char *jc_last_error_json(void);

#endif /* JC_API_H */
