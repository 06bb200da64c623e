// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_run - a whole run with fuzzed lab, variant, parameters, seed and
 * options, bounded by the event and memory budgets.
 *
 * Input: lab byte, variant byte, 4 seed bytes, a budget byte, then
 * "params" NUL "opts". The budgets are appended after the fuzzed options
 * (a later value wins), so every run ends within 1,000 to 256,000 events
 * and 64 MiB however large the parameters: a run that needs more must stop
 * with JC_EBUDGET and say so, never grow past its budget. Whatever the run
 * returns, its outputs must be JSON or, when it failed before starting,
 * NULL with a message.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const variants[] = { "before", "after" };
	char *text, *params, *opts, *all;
	const uint8_t *nul;
	uint32_t seed;
	unsigned int events;
	size_t n;
	int ret;

	fuzz_init_labs();
	if (size < 7)
		return 0;
	seed = (uint32_t)data[2] | (uint32_t)data[3] << 8 |
	       (uint32_t)data[4] << 16 | (uint32_t)data[5] << 24;
	events = 1000u * (1u + data[6]);
	nul = memchr(data + 7, '\0', size - 7);
	n = nul ? (size_t)(nul - data - 7) : size - 7;
	params = fuzz_text(data + 7, n);
	text = fuzz_text(nul ? nul + 1 : data + size, nul ? size - 7 - n - 1 : 0);
	all = malloc(strlen(text) + 64);
	if (!all)
		abort();
	sprintf(all, "%s%smax_events=%u;max_mem_mb=64", text, *text ? ";" : "", events);
	opts = all;

	ret = jc_run(fuzz_labs[data[0] % fuzz_nr_labs], variants[data[1] % 2],
		     params, seed, opts);
	switch (ret) {
	case JC_OK:
		break;
	case JC_EINVAL:
	case JC_EBUDGET:
		fuzz_error("jc_run");
		break;
	default:
		/* JC_EINTERNAL: a model invariant failed, a bug */
		fprintf(stderr, "fuzz: jc_run returned %d: %s\n", ret, jc_last_error());
		abort();
	}
	if (ret != JC_EINVAL)
		fuzz_outputs();
	free(params);
	free(text);
	free(all);
	return 0;
}
