import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/db/client.ts";
import { startJobQueue } from "../src/jobs/queue.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";

/**
 * The job queue every background task runs on (e-mails, reminders, expiries, the waiting list, webhooks): a burst of
 * jobs is handled one after another, not one per polling interval (pg-boss waits its interval after every fetch), and
 * stopping it leaves nothing running against a database its caller then closes.
 */
describe("the job queue", () => {
  const t = useTestApp({});

  it("drains a burst without waiting its polling interval between jobs", async () => {
    const POLLING_SECONDS = 5;
    const queue = await startJobQueue(t.handle, {
      queues: [{ name: "rafaga", retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }],
      pollingIntervalSeconds: POLLING_SECONDS,
    });
    try {
      for (let n = 0; n < 10; n++) await queue.send("rafaga", { n });
      const started = Date.now();
      const done: number[] = [];
      await queue.work<{ n: number }>("rafaga", async ({ n }) => {
        done.push(n);
      });
      await waitFor("the ten jobs", () => done.length === 10, 60_000);
      // one job per interval would take 9 intervals (45 s) after the first
      expect(Date.now() - started).toBeLessThan(2 * POLLING_SECONDS * 1000);
      expect([...done].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await queue.stop();
    }
  }, 90_000);

  it("stopping waits for the record of a job that failed just before: the job is retried later, nothing reaches the closed database", async () => {
    // pg-boss records a handler's failure without awaiting it; here that write takes 1.5 s, as a new connection can
    let closed = false;
    const handle = slowFailureRecords(t.handle, 1_500, () => closed);
    const queue = await startJobQueue(handle, {
      queues: [{ name: "falla-al-parar", retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 60 }],
      pollingIntervalSeconds: 0.5,
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const id = await queue.send("falla-al-parar", {});
      let started = false;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await queue.work("falla-al-parar", async () => {
        started = true;
        await gate;
        throw new Error("PayPal refused");
      });
      await waitFor("the job to start", () => started);
      const stopping = queue.stop(10_000);
      release();
      await stopping;
      closed = true; // what the process does once the queue has stopped
      await delay(2_000);
      expect(unhandled).toEqual([]);
      const { rows } = (await t.db.execute(sql`select state from pgboss.job where id = ${id}`)) as unknown as { rows: Array<{ state: string }> };
      expect(rows.map((r) => r.state)).toEqual(["retry"]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  }, 60_000);
});

/**
 * The same database, where pg-boss's record of a failed job waits `ms` before it is sent, and any statement sent after
 * `isClosed()` fails as node-postgres fails it once the pool has ended.
 */
function slowFailureRecords(handle: DatabaseHandle, ms: number, isClosed: () => boolean): DatabaseHandle {
  const before = async (text: string) => {
    if (!isClosed() && text.includes("retried_jobs")) await delay(ms);
    if (isClosed()) throw new Error("Cannot use a pool after calling end on the pool");
  };
  if (handle.kind === "pglite") {
    const client = handle.client;
    const slow = {
      async query(text: string, values?: unknown[]) {
        await before(text);
        return client.query(text, values);
      },
      async exec(text: string) {
        await before(text);
        return client.exec(text);
      },
      transaction: client.transaction.bind(client),
    };
    return { ...handle, client: slow as unknown as typeof client };
  }
  const pool = handle.pool;
  const slow = {
    async query(text: string, values?: unknown[]) {
      await before(text);
      return pool.query(text, values);
    },
    connect: pool.connect.bind(pool),
  };
  return { ...handle, pool: slow as unknown as typeof pool };
}
