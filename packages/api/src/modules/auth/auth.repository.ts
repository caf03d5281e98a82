import { and, asc, eq, lt, ne, sql } from "drizzle-orm";
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
    /** The row locked until the end of the transaction (`db` must be a transaction). */
    async findForUpdate(id: number): Promise<StaffUserRow | null> {
      const [row] = await db.select().from(staffUsersTable).where(eq(staffUsersTable.id, id)).for("update");
      return row ?? null;
    },
    all(): Promise<StaffUserRow[]> {
      return db.select().from(staffUsersTable).orderBy(asc(staffUsersTable.id));
    },
    /**
     * How many other active Administradores there are, their rows locked until the end of the transaction, so
     * that two concurrent demotions cannot both see "one more left".
     */
    async otherActiveAdmins(exceptId: number): Promise<number> {
      const rows = await db
        .select({ id: staffUsersTable.id })
        .from(staffUsersTable)
        .where(and(eq(staffUsersTable.rol, "admin"), eq(staffUsersTable.activo, true), ne(staffUsersTable.id, exceptId)))
        .for("update");
      return rows.length;
    },
    async insert(input: { email: string; nombre: string; rol: string; passwordHash: string }): Promise<StaffUserRow | null> {
      const [row] = await db
        .insert(staffUsersTable)
        .values({ ...input, email: input.email.trim().toLowerCase() })
        .onConflictDoNothing({ target: staffUsersTable.email })
        .returning();
      return row ?? null;
    },
    /** Changes the given fields; `revoke` also ends every token issued so far. */
    async update(
      id: number,
      values: Partial<Pick<StaffUserRow, "nombre" | "rol" | "activo" | "passwordHash">>,
      revoke: boolean,
    ): Promise<StaffUserRow | null> {
      const [row] = await db
        .update(staffUsersTable)
        .set({
          ...values,
          updatedAt: new Date(),
          ...(revoke ? { tokenVersion: sql`${staffUsersTable.tokenVersion} + 1` } : {}),
        })
        .where(eq(staffUsersTable.id, id))
        .returning();
      return row ?? null;
    },
    /** Ends one token (logout), for every API process; forgets tokens that have expired meanwhile. */
    async revokeToken(tokenId: string, expiresAt: Date): Promise<void> {
      await db.delete(revokedTokensTable).where(lt(revokedTokensTable.expiresAt, new Date()));
      await db.insert(revokedTokensTable).values({ tokenId, expiresAt }).onConflictDoNothing();
    },
    async isRevoked(tokenId: string): Promise<boolean> {
      const [row] = await db.select({ id: revokedTokensTable.tokenId }).from(revokedTokensTable).where(eq(revokedTokensTable.tokenId, tokenId));
      return Boolean(row);
    },
    /** Ends every token of the user: shared by all API processes through the database. */
    async revokeTokens(id: number): Promise<void> {
      await db
        .update(staffUsersTable)
        .set({ tokenVersion: sql`${staffUsersTable.tokenVersion} + 1` })
        .where(eq(staffUsersTable.id, id));
    },
    /** Creates the user, or resets the password (and name) of an existing one (CLI and seed). */
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
