import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One counting window per key (e.g. "login:203.0.113.9"): shared by every API process through PostgreSQL. */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});
