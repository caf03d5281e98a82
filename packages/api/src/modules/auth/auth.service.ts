import type { StaffAuthenticator } from "../../http/auth.ts";
import { dummyPasswordHash, verifyPassword } from "../../auth/passwords.ts";
import type { StaffClaims, TokenService } from "../../auth/tokens.ts";
import type { StaffUserRepository } from "./auth.repository.ts";
import type { StaffUserRow } from "./auth.table.ts";

export type LoginResult = { ok: true; token: string; user: StaffUserRow } | { ok: false; user: StaffUserRow | null };

export interface StaffAuthService extends StaffAuthenticator {
  /** The claims of a token that verifies (signature, expiry), revoked or not: what logout needs. */
  claimsOf(token: string): Promise<StaffClaims | null>;
  /** A token for the right e-mail/password pair of an active user; a failure otherwise (same work either way). */
  login(email: string, password: string): Promise<LoginResult>;
}

export function createStaffAuthService(users: StaffUserRepository, tokens: TokenService): StaffAuthService {
  return {
    async login(email, password) {
      const user = await users.findByEmail(email);
      // an unknown e-mail verifies against a dummy hash so both failures take about as long
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !ok || !user.activo) return { ok: false, user };
      return { ok: true, token: await tokens.issue(user.id, user.tokenVersion), user };
    },
    claimsOf(token) {
      return tokens.verify(token);
    },
    async userForToken(token) {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      if (claims.tokenId && (await users.isRevoked(claims.tokenId))) return null;
      const user = await users.findById(claims.userId);
      // a deactivated user, or a token from before a password reset or role change, is refused at once
      if (!user || !user.activo || user.tokenVersion !== claims.version) return null;
      return user;
    },
  };
}
