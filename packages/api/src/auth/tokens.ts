import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";

export interface StaffClaims {
  userId: number;
  /** the user's token version when it was issued; tokens from before versions existed count as 0 */
  version: number;
  /** `jti`: what logout revokes (tokens issued before ids existed have none) */
  tokenId: string | null;
  expiresAt: Date;
}

const ISSUER = "tours-api";
const AUDIENCE = "tours-staff";

export interface TokenService {
  issue(userId: number, version: number): Promise<string>;
  /** The claims of a valid, unexpired token, or null. */
  verify(token: string): Promise<StaffClaims | null>;
}

/** HS256 tokens that expire `ttlSeconds` after issue. `now` is injectable so tests can travel in time. */
export function createTokenService(secret: string, ttlSeconds: number, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId, version) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          // a token that never expires is refused outright
          requiredClaims: ["exp", "sub"],
        });
        const userId = Number(payload.sub);
        const version = payload.ver ?? 0;
        if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(version)) return null;
        const tokenId = typeof payload.jti === "string" && payload.jti.length <= 100 ? payload.jti : null;
        return { userId, version: version as number, tokenId, expiresAt: new Date(payload.exp! * 1000) };
      } catch {
        return null;
      }
    },
  };
}
