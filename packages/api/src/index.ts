export { buildApp, type AppOptions } from "./app.ts";
export type { AppDeps } from "./deps.ts";
export { loadConfig, type Config } from "./config.ts";
export { openDatabase, type Db, type DatabaseHandle } from "./db/client.ts";
export { migrateDatabase } from "./db/migrate.ts";
export { createLocalStorage, type Storage } from "./adapters/storage/index.ts";
