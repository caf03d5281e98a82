import { createHash } from "node:crypto";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The Drizzle database as every repository sees it, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle =
  | { kind: "pglite"; db: Db; client: PGlite; close: () => Promise<void> }
  | { kind: "postgres"; db: Db; pool: pg.Pool; close: () => Promise<void> };

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files (DATA_DIR/pglite); ignored for PostgreSQL and in-memory. */
  dataDir?: string;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
  /** In-memory PGlite started from a dump (PGlite#dumpDataDir): skips initdb, which takes seconds. */
  template?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // an idle client losing its connection must not crash the process
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { kind: "postgres", db, pool, close: () => pool.end() };
  }
  let client: PGlite;
  // The search's extensions (migration 0016), which PostgreSQL ships in its contrib package.
  const extensions = { fuzzystrmatch, pg_trgm, unaccent };
  if (options.inMemory) {
    client = new PGlite({ extensions, ...(options.template ? { loadDataDir: options.template } : {}) });
  } else {
    const dir = path.join(options.dataDir ?? "./data", "pglite");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    client,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Runs a statement as a named prepared statement on PostgreSQL (plain on PGlite, which has no plan cache), so a
 * connection parses and plans it once instead of on every call. For the few hot statements whose planning costs
 * more than their execution (the hold check at checkout: ~0.5 ms of planning for ~0.3 ms of work). The name is
 * derived from the SQL text, since node-postgres refuses one name for two different texts on a connection.
 */
export async function executePrepared(db: Db, prefix: string, query: SQL): Promise<{ rows: Array<Record<string, unknown>> }> {
  // Drizzle's session is internal API: the same path `db.execute` takes, with a statement name added.
  const session = (db as unknown as { session: PreparingSession }).session;
  const compiled = session.dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash("sha1").update(compiled.sql).digest("hex").slice(0, 16)}`;
  return session.prepareQuery(compiled, undefined, name, false).execute();
}

interface PreparingSession {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(): Promise<{ rows: Array<Record<string, unknown>> }> };
}
