import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const bannerTable = pgTable("banner", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  descripcion: text("descripcion").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type BannerRow = typeof bannerTable.$inferSelect;
