import { performance } from "node:perf_hooks";

/**
 * Runs a benchmark on a fresh in-memory PGlite, then on a fresh PostgreSQL database when DATABASE_URL is set (the
 * test helper picks PostgreSQL when it is set, so it is unset for the PGlite run), prints the failures and sets the
 * exit code. `runOn` answers the figures outside their goals.
 */
export async function onEachDatabase(runOn: (label: string) => Promise<string[]>, allGood: string): Promise<void> {
  const started = performance.now();
  const databaseUrl = process.env.DATABASE_URL;
  const failures: string[] = [];
  delete process.env.DATABASE_URL;
  failures.push(...(await runOn("PGlite (in memory)")));
  if (databaseUrl) {
    process.env.DATABASE_URL = databaseUrl;
    failures.push(...(await runOn(`PostgreSQL (fresh database on ${new URL(databaseUrl).host})`)));
  } else {
    console.log("\nPostgreSQL skipped: set DATABASE_URL (a server where a database can be created) to run it too.");
  }
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (failures.length > 0) {
    console.error(`\nFAILED (${failures.length}):\n${failures.map((f) => `- ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(allGood);
  }
}
