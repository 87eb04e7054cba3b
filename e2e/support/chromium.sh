#!/usr/bin/env bash
# Debian's Chromium (CHROMIUM_REAL, from scripts/find-chromium.mjs) for the browser tests, with every
# `--disable-features=` switch merged into one: Chromium keeps only the last one given, so the features the tests turn
# off (e2e/playwright.config.ts) would otherwise switch Playwright's own list back on. See e2e/README.md.
set -euo pipefail
args=()
disabled=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if [ "${#disabled[@]}" -gt 0 ]; then
  args+=("--disable-features=$(IFS=,; echo "${disabled[*]}")")
fi
exec "${CHROMIUM_REAL:?the real Chromium}" "${args[@]}"
