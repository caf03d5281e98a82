import type { StaffAuthenticator } from "../../http/auth.ts";
import { dummyPasswordHash, verifyPassword } from "../../auth/passwords.ts";
import type { TokenService } from "../../auth/tokens.ts";
import type { StaffUserRepository } from "./auth.repository.ts";
import type { StaffUserRow } from "./auth.table.ts";

export interface StaffAuthService extends StaffAuthenticator {
  /** A token for the right e-mail/password pair; null otherwise (same work either way). */
  login(email: string, password: string): Promise<{ token: string; user: StaffUserRow } | null>;
  /**
   * Ends the session of this token in every API process; the user's other sessions go on. A token from before
   * token ids existed can only be ended together with all the user's tokens.
   */
  logout(token: string, user: StaffUserRow): Promise<void>;
}

export function createStaffAuthService(users: StaffUserRepository, tokens: TokenService, now: () => Date): StaffAuthService {
  return {
    async login(email, password) {
      const user = await users.findByEmail(email);
      // an unknown e-mail verifies against a dummy hash so both failures take about as long
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !ok) return null;
      return { token: await tokens.issue(user.id, user.tokenVersion), user };
    },
    async logout(token, user) {
      const claims = await tokens.verify(token);
      if (claims?.tokenId) await users.revokeToken(claims.tokenId, claims.expiresAt, now());
      else await users.bumpTokenVersion(user.id);
    },
    async userForToken(token) {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      if (claims.tokenId && (await users.isRevoked(claims.tokenId))) return null;
      const user = await users.findById(claims.userId);
      return user && user.tokenVersion === claims.version ? user : null;
    },
  };
}
