// Exit 0 when the PostgreSQL server at the given URL answers, 1 otherwise (used by scripts/test-all.sh).
import pg from "pg";

const url = process.argv[2];
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query("select 1");
  await client.end();
  process.exit(0);
} catch {
  process.exit(1);
}
