#!/usr/bin/env bash
# All tests: native unit tests (ctest, with ASan/UBSan), a bounded fuzz run of every libFuzzer
# target, the node tests of the sources (no browser), then the browser tests in Chromium. Ends with
# one count line. Browser tests that need the
# corpus are skipped when it is absent (DEHYDRA_REQUIRE_CORPUS=1 fails them instead).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
npm run build || exit 1

passed=0
failed=0
log=$(mktemp -d)

echo "== native unit tests"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Debug -DDEHYDRA_SANITIZE=ON >/dev/null &&
  cmake --build build/native -j2 >"$log/native-build.txt" 2>&1 || { cat "$log/native-build.txt"; exit 1; }
ctest --test-dir build/native --output-on-failure -j2 | tee "$log/ctest.txt"
n_total=$(grep -oE 'out of [0-9]+' "$log/ctest.txt" | grep -oE '[0-9]+' || echo 0)
n_failed=$(grep -oE '[0-9]+ tests failed' "$log/ctest.txt" | grep -oE '^[0-9]+' || echo 0)
passed=$((passed + n_total - n_failed)); failed=$((failed + n_failed))

echo "== fuzz (${FUZZ_SECONDS:=20} s per target)"
CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDEHYDRA_FUZZ=ON >/dev/null &&
  cmake --build build/fuzz -j2 >"$log/fuzz-build.txt" 2>&1 || { cat "$log/fuzz-build.txt"; exit 1; }
for target in build/fuzz/*_fuzz; do
  [ -x "$target" ] || continue
  if "$target" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb=2048 -print_final_stats=0 >"$log/fuzz.txt" 2>&1; then
    echo "ok   $(basename "$target"): $(grep -oE 'Done [0-9]+ runs' "$log/fuzz.txt")"
    passed=$((passed + 1))
  else
    echo "FAIL $(basename "$target")"; tail -40 "$log/fuzz.txt"
    failed=$((failed + 1))
  fi
done

echo "== source checks (node, no browser)"
node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$log/node.tap" tests/node/
n_pass=$(grep -E '^# pass ' "$log/node.tap" | grep -oE '[0-9]+' || echo 0)
n_fail=$(grep -E '^# fail ' "$log/node.tap" | grep -oE '[0-9]+' || echo 0)
[ -s "$log/node.tap" ] || n_fail=1
passed=$((passed + n_pass)); failed=$((failed + n_fail))

echo "== browser tests (Chromium)"
node --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$log/browser.tap" tests/browser/
b_pass=$(grep -E '^# pass ' "$log/browser.tap" | grep -oE '[0-9]+' || echo 0)
b_fail=$(grep -E '^# fail ' "$log/browser.tap" | grep -oE '[0-9]+' || echo 0)
b_skip=$(grep -E '^# skipped ' "$log/browser.tap" | grep -oE '[0-9]+' || echo 0)
[ -s "$log/browser.tap" ] || b_fail=1
passed=$((passed + b_pass)); failed=$((failed + b_fail))

echo
if [ "${DEHYDRA_REQUIRE_CORPUS:-}" = 1 ] && [ "$b_skip" != 0 ]; then
  echo "DEHYDRA_REQUIRE_CORPUS=1: the $b_skip skipped test(s) count as failed"
  failed=$((failed + b_skip))
fi
# Skipped tests name their reason above (the corpus-based ones: README.md, "Contributing").
echo "all: $passed passed, $failed failed, $b_skip skipped"
[ "$failed" = 0 ]
