import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const staffUsersTable = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    nombre: text("nombre").notNull(),
    rol: text("rol").notNull().default("admin"),
    passwordHash: text("password_hash").notNull(),
    /** Carried by every token as `ver`; bumped on logout, so the user's earlier tokens stop working at once. */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_email_idx").on(t.email)],
);
export type StaffUserRow = typeof staffUsersTable.$inferSelect;
