import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle, Schema } from "./client.ts";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** Applies the committed migrations (packages/api/drizzle) with the migrator of the driver in use. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, config);
  }
}
