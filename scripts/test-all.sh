#!/usr/bin/env bash
# The one test command (npm test): static checks (lint, import rules, nothing unused, types), unit and API tests on PGlite, the API tests again on
# PostgreSQL when one answers, then a production build and the end-to-end suite in Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

step() { printf '\n=== %s ===\n' "$1"; }

step "lint"
npm run lint
step "import rules (no cycles; routes import neither app.ts nor other routes)"
npm run check:imports
step "nothing unused (dependencies, files, exports)"
npm run check:unused
step "typecheck"
npm run typecheck
step "unit + API tests (PGlite)"
env -u DATABASE_URL npx vitest run
PG_AVAILABLE=no
if node scripts/pg-available.mjs "$PG_URL"; then
  PG_AVAILABLE=yes
  step "API tests (PostgreSQL at $PG_URL)"
  DATABASE_URL="$PG_URL" npx vitest run --project api
else
  step "API tests on PostgreSQL skipped: no server answers at $PG_URL"
fi
step "build"
npm run build
if [ "$PG_AVAILABLE" = yes ]; then
  step "multi-process run (two APIs, two storefronts, one PostgreSQL at $PG_URL, one S3 bucket)"
  DATABASE_URL="$PG_URL" npx vitest run -c packages/api/multi-process/vitest.config.ts
else
  step "multi-process run skipped: no PostgreSQL server answers at $PG_URL"
fi
step "end-to-end (Playwright, chromium)"
npm run test:e2e
