// SPDX-License-Identifier: GPL-2.0
/*
 * test-btrfs-fsync-api.c - the btrfs-fsync lab through the C ABI: 6.12 with
 * the log tree taken on in chunks is the straight run.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

/* 6.12 with the log tree */
static void test_chunks_with_log(void **state)
{
	(void)state;
	check_chunks("btrfs-fsync", "6.12", "clients=2;cpus=2;runtime_ms=200;log=1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chunks_with_log),
	};

	return cmocka_run_group_tests_name("btrfs-fsync api", tests, NULL, NULL);
}
