import { bigserial, doublePrecision, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One field vital of one page view (issue 27): what kind of page, which device class, how it was reached, the
 * metric and its value. Nothing that names a visitor; rows older than the panel's longest period are swept.
 */
export const fieldVital = pgTable(
  "field_vital",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    routeType: text("route_type").notNull(),
    device: text("device").notNull(),
    navigation: text("navigation").notNull(),
    metric: text("metric").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating").notNull(),
  },
  (t) => [index("field_vital_recorded_at_idx").on(t.recordedAt)],
);
