import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import pino from "pino";
import { SignJWT, type JWTPayload } from "jose";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppOptions as AppDeps } from "../src/app.ts";
import { loadConfig, type Config } from "../src/config.ts";
import { openDatabase, type DatabaseHandle, type Db } from "../src/db/client.ts";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../src/db/migrate.ts";
import { createConfiguredStorage, type Storage } from "../src/adapters/storage/index.ts";
import { createBundledFreeTourProvider } from "../src/adapters/freetours/index.ts";
import type { FreeTourProvider } from "../src/adapters/freetours/types.ts";
import { createPaymentProvider } from "../src/adapters/paypal/index.ts";
import type { Rol } from "../src/auth/roles.ts";
import { createStaffUserRepository } from "../src/modules/auth/auth.repository.ts";
import { ensureStaffUser, seedDemo, type SeedOptions } from "../src/seed/index.ts";
import { startJobQueue, type JobQueue } from "../src/jobs/queue.ts";
import { startMail } from "../src/mail/index.ts";
import type { MailTransport } from "../src/mail/transport.ts";

export const TEST_ADMIN = { email: "admin@tours.test", password: "clave-de-prueba-123" } as const;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database connection itself (the job queue runs on it). */
  handle: DatabaseHandle;
  config: Config;
  storage: Storage;
  uploadsDir: string;
  deps: AppDeps;
  /** Closes the app and the database; drops the PostgreSQL database and the temp dir. */
  close(): Promise<void>;
}

export interface TestAppOverrides {
  /** Extra settings (as environment variables) on top of the test defaults. */
  env?: Record<string, string>;
  freeTours?: AppDeps["freeTours"];
  payments?: AppDeps["payments"];
  now?: () => Date;
  notifier?: AppDeps["notifier"];
  /** Seed the demo catalogue first (images off unless asked for). */
  seed?: boolean | SeedOptions;
  /** Run the app with a job queue (pg-boss on its database, idle workers polling every 0.5 s): work it queues runs. */
  jobs?: boolean;
  /**
   * Run the app with its e-mail as the API process runs it (startMail: the job queue with the mail workers and the
   * queues' default polling), sending through this transport; the app's notifier and queue are the mail's.
   */
  mail?: MailTransport;
}

/**
 * A migrated, empty PGlite data directory, dumped once and shared by every test file (keyed by the migrations'
 * content): starting PGlite from it takes a fraction of a fresh initdb.
 */
async function pgliteTemplate(): Promise<Blob> {
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort();
  const hash = createHash("sha256");
  for (const file of files) {
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  }
  const cached = path.join(tmpdir(), `tours-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(cached)]);
  } catch {
    const handle = await openDatabase({ inMemory: true });
    await migrateDatabase(handle);
    if (handle.kind !== "pglite") throw new Error("unreachable");
    const dump = await handle.client.dumpDataDir("none");
    await handle.close();
    const partial = `${cached}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, cached);
    return dump;
  }
}

/** A fresh database: in-memory PGlite, or (DATABASE_URL set) a new PostgreSQL database dropped on close. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return { handle: await openDatabase({ inMemory: true, template: await pgliteTemplate() }), drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tours-api-test-"));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      JWT_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO: "false",
      // tests fire many orders and forms from one address; the limits themselves are tested with their defaults
      RATE_LIMIT_FORMS_PER_MINUTE: "100000",
      RATE_LIMIT_ORDERS_PER_MINUTE: "100000",
      // likewise big orders and many holds from one address (hold-limits.test.ts tests them with their defaults)
      HOLD_MAX_PERSONS_PER_ORDER: "100000",
      HOLD_MAX_LINES_PER_ORDER: "100000",
      HOLD_MAX_DEPARTURE_PERCENT: "100",
      HOLD_MAX_PERSONS_PER_CLIENT: "100000",
      ...overrides.env,
    },
    { persistSecret: false },
  );
  const { handle, drop } = await freshDatabase();
  await migrateDatabase(handle);
  const storage = createConfiguredStorage(config);
  await ensureStaffUser(handle.db, { email: config.adminEmail, password: config.adminPassword, passwordIsDemo: false });
  if (overrides.seed) {
    await seedDemo({ db: handle.db, storage }, overrides.seed === true ? { images: false } : overrides.seed);
  }
  const log = pino({ level: "silent" });
  const mail = overrides.mail ? await startMail({ handle, config, log, transport: overrides.mail }) : undefined;
  const jobs: JobQueue | undefined = mail ? mail.queue : overrides.jobs ? await startJobQueue(handle, { queues: [], pollingIntervalSeconds: 0.5 }) : undefined;
  const deps: AppDeps = {
    config,
    db: handle.db,
    storage,
    freeTours: overrides.freeTours ?? createBundledFreeTourProvider({ publicApiUrl: config.publicApiUrl }),
    payments: overrides.payments ?? createPaymentProvider(config, log),
    now: overrides.now,
    notifier: mail?.notifier ?? overrides.notifier,
    jobs,
  };
  const app = await buildApp(deps);
  await app.ready();
  databases.set(app, handle.db);
  return {
    app,
    db: handle.db,
    handle,
    config,
    storage,
    uploadsDir: config.uploadsDir,
    deps,
    async close() {
      await app.close();
      if (mail) await mail.stop();
      else await jobs?.stop();
      await handle.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each test app's database, so a staff user of any role can be created from the app alone. */
const databases = new WeakMap<FastifyInstance, Db>();

export const STAFF_PASSWORD = "otra-clave-segura-456";

/**
 * Logs in and answers a bearer token: as the test admin the app starts with, or (another role, or another e-mail)
 * as a staff user created or reset with that role and `STAFF_PASSWORD`.
 */
export async function loginAsStaff(app: FastifyInstance, rol: Rol = "admin", email = `${rol}@tours.test`): Promise<string> {
  let credentials: { email: string; password: string } = TEST_ADMIN;
  if (email !== TEST_ADMIN.email) {
    const db = databases.get(app);
    if (!db) throw new Error("not an app of createTestApp");
    await createStaffUserRepository(db).upsert({ email, password: STAFF_PASSWORD, nombre: `Usuario ${rol}`, rol });
    credentials = { email, password: STAFF_PASSWORD };
  }
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: credentials });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { sucess: string }).sucess;
}

/**
 * A staff token signed with the app's secret the way the API signs them (HS256, its issuer and audience), for the
 * tests of tokens the API never hands out: no expiry, an expired one, one from before token ids (`ver`).
 */
export function signStaffToken(
  config: Config,
  token: { subject?: string; claims?: JWTPayload; issuedAt?: number; expiresAt?: number } = {},
): Promise<string> {
  const jwt = new SignJWT(token.claims ?? {})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(token.subject ?? "1")
    .setIssuer("tours-api")
    .setAudience("tours-staff")
    .setIssuedAt(token.issuedAt);
  if (token.expiresAt !== undefined) jwt.setExpirationTime(token.expiresAt);
  return jwt.sign(new TextEncoder().encode(config.jwtSecret));
}

/** A free-tour provider whose every call ends the same way: rejected with this error, or (no error) never answered. */
export function unavailableFreeTours(error?: Error): FreeTourProvider {
  const answer = () => (error ? Promise.reject(error) : new Promise<never>(() => {}));
  return { toursByCountry: answer, toursByCity: answer, tour: answer, availability: answer, reviews: answer };
}

/** The cities as the public list gives them. */
export async function listCities(app: FastifyInstance): Promise<Array<{ id: number; pais: number; nombre: string }>> {
  return ((await app.inject({ method: "GET", url: "/api/ciudades/index" })).json() as { succes: Array<{ id: number; pais: number; nombre: string }> }).succes;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A real PNG of w×h pixels. */
export function makeImage(w = 64, h = 48, color = { r: 30, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } }).png().toBuffer();
}

export interface UploadFile {
  field: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data payload for `app.inject` (fields first, then files). */
export function multipart(
  fields: Record<string, string | number>,
  files: UploadFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tours${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a directory (recursively), as paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
