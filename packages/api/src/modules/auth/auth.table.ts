import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const staffUsersTable = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    nombre: text("nombre").notNull(),
    /** a code of auth/roles.ts ROLES; "admin" is the Administrador */
    rol: text("rol").notNull().default("admin"),
    passwordHash: text("password_hash").notNull(),
    /** a deactivated user cannot log in and their tokens stop working at once */
    activo: boolean("activo").notNull().default(true),
    /** carried in every token as `ver`; bumped by deactivation, password reset and role change to end all the user's tokens */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_email_idx").on(t.email)],
);
export type StaffUserRow = typeof staffUsersTable.$inferSelect;

/** Tokens ended by logout, kept until they would have expired anyway (then they are deleted). */
export const revokedTokensTable = pgTable("revoked_tokens", {
  tokenId: text("token_id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
