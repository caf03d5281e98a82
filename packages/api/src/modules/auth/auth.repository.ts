import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { type StaffUserRow, revokedTokensTable, staffUsersTable } from "./auth.table.ts";

export function createStaffUserRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<StaffUserRow | null> {
      const [row] = await db.select().from(staffUsersTable).where(eq(staffUsersTable.email, email.trim().toLowerCase()));
      return row ?? null;
    },
    async findById(id: number): Promise<StaffUserRow | null> {
      const [row] = await db.select().from(staffUsersTable).where(eq(staffUsersTable.id, id));
      return row ?? null;
    },
    /** Ends one token (logout) for every API process; forgets revoked tokens that have expired meanwhile. */
    async revokeToken(tokenId: string, expiresAt: Date, now: Date): Promise<void> {
      await db.delete(revokedTokensTable).where(lt(revokedTokensTable.expiresAt, now));
      await db.insert(revokedTokensTable).values({ tokenId, expiresAt }).onConflictDoNothing();
    },
    async isRevoked(tokenId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: revokedTokensTable.tokenId })
        .from(revokedTokensTable)
        .where(eq(revokedTokensTable.tokenId, tokenId));
      return Boolean(row);
    },
    /** Ends every token of the user at once. */
    async bumpTokenVersion(id: number): Promise<void> {
      await db
        .update(staffUsersTable)
        .set({ tokenVersion: sql`${staffUsersTable.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(staffUsersTable.id, id));
    },
    /** Creates the user, or resets the password (and name) of an existing one. */
    async upsert(input: { email: string; password: string; nombre: string; rol?: string }): Promise<StaffUserRow> {
      const email = input.email.trim().toLowerCase();
      const passwordHash = await hashPassword(input.password);
      const [row] = await db
        .insert(staffUsersTable)
        .values({ email, nombre: input.nombre, rol: input.rol ?? "admin", passwordHash })
        .onConflictDoUpdate({
          target: staffUsersTable.email,
          set: { passwordHash, nombre: input.nombre, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },
  };
}
export type StaffUserRepository = ReturnType<typeof createStaffUserRepository>;
