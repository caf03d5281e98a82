import PgBoss from "pg-boss";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import { sql } from "drizzle-orm";
import type { DatabaseHandle, Db } from "../db/client.ts";

/** What pg-boss needs from a database connection (its `db` option), also used for our own outbox writes. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; rowCount?: number | null }>;
}

type PgliteLike = Pick<PGlite | Transaction, "query" | "exec">;

/**
 * PGlite behind pg-boss's adapter. pg-boss sends its schema (several statements, no parameters) and its commands
 * (one statement, parameters) through the same call; PGlite's `query` takes one statement only, so parameterless
 * text goes through `exec`, which runs any number of statements and answers one result per statement.
 */
export function pgliteExecutor(client: PgliteLike): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? null };
      }
      const results = await client.exec(text);
      const last = results.at(-1);
      return { rows: (last?.rows ?? []) as Array<Record<string, unknown>>, rowCount: last?.affectedRows ?? null };
    },
  };
}

function pgExecutor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await client.query(text, values as unknown[] | undefined);
      return { rows: result.rows as Array<Record<string, unknown>>, rowCount: result.rowCount };
    },
  };
}

/**
 * A Drizzle transaction as pg-boss's connection: a job sent through it is part of that transaction (it commits or
 * rolls back with the caller's own writes). pg-boss's "$n" placeholders become Drizzle parameters.
 */
export function drizzleExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql.param(values[Number(part) - 1]) : sql.raw(part)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: Array<Record<string, unknown>>; rowCount?: number | null; affectedRows?: number };
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? null };
    },
  };
}

/** The connection pg-boss uses and a way to run our own writes and a job insert in one transaction. */
export interface QueueDatabase {
  executor: SqlExecutor;
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

export function queueDatabase(handle: DatabaseHandle): QueueDatabase {
  if (handle.kind === "pglite") {
    const client = handle.client;
    return {
      executor: pgliteExecutor(client),
      // inside, only `tx` may be used: PGlite is one connection and waits for the transaction to end
      transaction: (fn) => client.transaction((tx) => fn(pgliteExecutor(tx))),
    };
  }
  const pool = handle.pool;
  return {
    executor: pgExecutor(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(pgExecutor(client));
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

export interface QueueDefinition {
  name: string;
  /** Tries after the first one, with exponential backoff from retryDelaySeconds (pg-boss: delay·2^n, jittered). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job running longer is taken as lost (its process died) and retried. */
  expireInSeconds: number;
}

export interface JobInfo {
  id: string;
  /** Tries already failed before this one, and how many retries the queue allows: the last try knows it is. */
  retryCount: number;
  retryLimit: number;
}

export interface JobQueue {
  readonly db: QueueDatabase;
  /** Adds a job; with `tx` it is part of that transaction (commits or rolls back with the caller's writes). */
  send(queue: string, data: object, options?: { startAfter?: Date; singletonKey?: string; tx?: SqlExecutor }): Promise<string | null>;
  /** Creates (or updates) a queue after start: modules with a queue of their own (a departure's cancellation). */
  define(queue: QueueDefinition): Promise<void>;
  /**
   * Runs `handler` for every job of the queue, in this process; a throw fails the try (retried per the queue).
   * `pollingIntervalSeconds` overrides the queue's default for this worker (a burst of jobs wants a short one).
   */
  work<T extends object>(queue: string, handler: (data: T, job: JobInfo) => Promise<void>, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then returns; the database stays open. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  queues: QueueDefinition[];
  /** How often an idle worker looks for due jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /**
   * How often pg-boss looks for jobs that outlived their expireInSeconds (their process died) to retry them
   * (default 30 s; pg-boss's own is 120 s).
   */
  maintenanceIntervalSeconds?: number;
  onError?: (err: unknown) => void;
}

/**
 * The durable job queue (pg-boss, docs/decisions/0012) on the app's own database: PostgreSQL through its pool,
 * PGlite through the adapter above. Jobs live in the "pgboss" schema, so they survive restarts; pg-boss fetches
 * with SKIP LOCKED, so with several API processes each job runs in one of them.
 */
export async function startJobQueue(handle: DatabaseHandle, options: JobQueueOptions): Promise<JobQueue> {
  const db = queueDatabase(handle);
  const inFlight = new InFlight();
  let stopped = false;
  // pg-boss does not await the write that records a job's outcome (complete/fail), nor a fetch under way when it is
  // stopped: every statement it sends is counted, so stop() can wait for them before the caller closes the database
  const executor: SqlExecutor = {
    executeSql(text, values) {
      if (stopped) {
        // a handler that outlived stop()'s timeout: its outcome is not recorded, as if the process had died here (the
        // job expires and is retried); it must not reach a closed pool, where pg-boss would leave the error unhandled
        options.onError?.(new Error(`job queue stopped: not run: ${text.trim().slice(0, 60)}`));
        return Promise.resolve({ rows: [], rowCount: 0 });
      }
      return inFlight.track(db.executor.executeSql(text, values));
    },
  };
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    // cron schedules are not used (reminders are jobs with a start time); the clock-skew monitor goes with them
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on("error", (err) => options.onError?.(err));
  await boss.start();
  // createQueue leaves an existing queue as it is: every process calls it at start
  const define = (q: QueueDefinition) =>
    boss.createQueue(q.name, {
      name: q.name,
      retryLimit: q.retryLimit,
      retryDelay: q.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: q.expireInSeconds,
    });
  for (const q of options.queues) await define(q);
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  return {
    db,
    async send(queue, data, opts = {}) {
      if (stopped) throw new Error(`job queue stopped: ${queue} not sent`);
      return boss.send(queue, data, {
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.tx ? { db: opts.tx as PgBoss.Db } : {}),
      });
    },
    define,
    async work(queue, handler, opts = {}) {
      const polling = opts.pollingIntervalSeconds ?? pollingIntervalSeconds;
      // pg-boss waits its polling interval after every fetch, even one that found a job: a burst (20 waiting-list
      // offers, a cancelled departure's e-mails) would drain one job per interval and worker. A worker that has just
      // handled a job looks again at once; only a fetch that found nothing (or a job that failed) waits.
      let workerId = "";
      workerId = await boss.work<never>(queue, { pollingIntervalSeconds: polling, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          await inFlight.track(handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit }));
        }
        if (jobs.length > 0) boss.notifyWorker(workerId);
      });
    },
    async stop(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      if (!(await inFlight.settled(deadline))) options.onError?.(new Error("job queue stopped with a job still running"));
      stopped = true;
    },
  };
}

/** Promises still running (job handlers, pg-boss's statements), so stopping can wait until none is left. */
class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    const forget = () => this.running.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  /**
   * Waits until nothing is running, or the deadline; answers whether nothing is. A settling handler is followed by
   * pg-boss's write of its outcome a few microtasks later, so "nothing" must hold across a turn of the event loop.
   */
  async settled(deadline: number): Promise<boolean> {
    for (;;) {
      if (this.running.size === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (this.running.size === 0) return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
    }
  }
}
