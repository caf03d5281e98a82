import { describe, expect, it } from "vitest";
import { startJobQueue } from "../src/jobs/queue.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";

/**
 * The job queue every background task runs on (e-mails, reminders, expiries, the waiting list, webhooks): a burst of
 * jobs is handled one after another, not one per polling interval (pg-boss waits its interval after every fetch).
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
});
