import type { FastifyPluginAsync } from "fastify";
import { LoginBody } from "@tours/contract";
import { HttpError, parseBody } from "../../http/errors.ts";
import { bearerToken, requireStaff } from "../../http/auth.ts";
import type { Db } from "../../db/client.ts";
import { createRateLimiter } from "../limits/rate-limiter.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { loginLimits } from "./login-limits.ts";
import { actorOf, audited, recordAudit } from "../auditoria/auditoria.ts";
import { createStaffUserRepository } from "./auth.repository.ts";
import type { StaffAuthService } from "./auth.service.ts";
import { LOGIN_FAILED_MSG } from "./auth.messages.ts";

/**
 * Failures count per real client address (the storefront forwards its visitors' addresses, trusted through
 * TRUST_PROXY), in PostgreSQL, so every API process sees them and one stranger's failures block only that stranger.
 */
export const authRoutes: FastifyPluginAsync<{ auth: StaffAuthService; db: Db; now: () => Date; notifier: Notifier }> = async (
  app,
  { auth, db, now, notifier },
) => {
  const limits = loginLimits(createRateLimiter(db, now), notifier, now);

  app.post("/api/auth/login", async (request) => {
    const body = parseBody(LoginBody, request.body);
    await limits.check(request, body.email);
    const result = await auth.login(body.email, body.password);
    if (!result.ok) {
      await limits.failed(request, body.email, result.user);
      request.log.warn({ ip: request.ip }, "failed staff login");
      await recordLogin(db, request, "login_failed", result.user, body.email);
      throw new HttpError(401, { errors: [{ msg: LOGIN_FAILED_MSG }] });
    }
    await recordLogin(db, request, "login", result.user, body.email);
    return { sucess: result.token, rol: result.user.rol, nombre: result.user.nombre };
  });

  app.get("/api/auth/autenticate", { preHandler: requireStaff }, async (request) => {
    const user = request.staff!;
    return { succes: { id: user.id, nombre: user.nombre, email: user.email, rol: user.rol } };
  });

  /**
   * Ends the session server-side, for every API process: this token is revoked (the user's other sessions go
   * on); a token from before token ids existed can only be ended with all the user's tokens.
   */
  app.post("/api/auth/logout", { preHandler: requireStaff }, async (request) => {
    const user = request.staff!;
    const claims = (await auth.claimsOf(bearerToken(request)!))!;
    await audited(db, actorOf(request), async (tx, audit) => {
      const users = createStaffUserRepository(tx);
      if (claims.tokenId) await users.revokeToken(claims.tokenId, claims.expiresAt);
      else await users.revokeTokens(user.id);
      await audit({ action: "logout", resource: "sesion", resourceId: user.id });
    });
    return { succes: { sesion: "cerrada" } };
  });
};

/** A login attempt in the audit log, with the address and user agent; the e-mail typed when it is unknown. */
async function recordLogin(
  db: Db,
  request: Parameters<typeof actorOf>[0],
  action: "login" | "login_failed",
  user: { id: number; nombre: string; email: string } | null,
  typedEmail: string,
): Promise<void> {
  const actor = actorOf(request, user);
  if (!user) actor.email = typedEmail.slice(0, 200);
  await recordAudit(db, actor, { action, resource: "sesion", resourceId: user?.id ?? "" });
}
