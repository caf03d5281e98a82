import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Storage } from "./adapters/storage/index.ts";
import type { FreeTourProvider } from "./adapters/freetours/types.ts";
import type { PaymentProvider } from "./adapters/paypal/types.ts";
import type { Notifier } from "./notifications/notifier.ts";
import type { JobQueue } from "./jobs/queue.ts";

/** What every routes plugin is given: buildApp fills the clock and the notifier before any plugin sees them. */
export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  freeTours: FreeTourProvider;
  payments: PaymentProvider;
  /** The clock (tests move it). */
  now: () => Date;
  /** E-mails and reminders after booking changes. */
  notifier: Notifier;
  /**
   * The durable job queue (pg-boss), when the app runs with one (server.ts: the mail's): work that must survive a
   * restart, such as a cancelled departure's refunds. Without it those calls answer 503.
   */
  jobs?: JobQueue;
}
