import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const rewardsTable = pgTable("rewards", {
  id: serial("id").primaryKey(),
  nombre: text("nombre").notNull(),
  apellido: text("apellido").notNull(),
  email: text("email").notNull(),
  telefono: text("telefono").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type RewardsRow = typeof rewardsTable.$inferSelect;
