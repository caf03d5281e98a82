import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
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
  if (options.inMemory) {
    client = options.template ? new PGlite({ loadDataDir: options.template }) : new PGlite();
  } else {
    const dir = path.join(options.dataDir ?? "./data", "pglite");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
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
