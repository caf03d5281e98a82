import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Storage } from "./adapters/storage/index.ts";
import type { FreeTourProvider } from "./adapters/freetours/types.ts";
import type { PaymentProvider } from "./adapters/paypal/types.ts";
import type { Notifier } from "./notifications/notifier.ts";

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
}
