import type { FastifyPluginAsync } from "fastify";
import { LoginBody } from "@tours/contract";
import { HTTP_MSG, HttpError, parseBody } from "../../http/errors.ts";
import { requireStaff } from "../../http/auth.ts";
import { createLoginLimiter } from "../../auth/login-limiter.ts";
import type { StaffAuthService } from "./auth.service.ts";

export const LOGIN_FAILED_MSG = "Usuario o contraseña incorrectos";
/** Failed logins allowed per address and minute; the next attempt gets 429 until the minute is over. */
export const LOGIN_FAILURES_PER_MINUTE = 10;

export const authRoutes: FastifyPluginAsync<{ auth: StaffAuthService; now: () => Date }> = async (app, { auth, now }) => {
  const limiter = createLoginLimiter({ maxFailures: LOGIN_FAILURES_PER_MINUTE, windowMs: 60_000, now });

  app.post("/api/auth/login", async (request) => {
    if (limiter.isBlocked(request.ip)) throw new HttpError(429, { errors: [{ msg: HTTP_MSG.tooManyRequests }] });
    const body = parseBody(LoginBody, request.body);
    const result = await auth.login(body.email, body.password);
    if (!result) {
      limiter.recordFailure(request.ip);
      request.log.warn({ ip: request.ip }, "failed staff login");
      throw new HttpError(401, { errors: [{ msg: LOGIN_FAILED_MSG }] });
    }
    return { sucess: result.token, rol: result.user.rol, nombre: result.user.nombre };
  });

  app.get("/api/auth/autenticate", { preHandler: requireStaff }, async (request) => {
    const user = request.staff!;
    return { succes: { id: user.id, nombre: user.nombre, email: user.email, rol: user.rol } };
  });
};
