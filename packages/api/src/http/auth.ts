import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError, unauthorized } from "./errors.ts";
import { type Permission, rolCan } from "../auth/roles.ts";
import { FORBIDDEN_MSG } from "./errors.ts";
import type { StaffUserRow } from "../modules/auth/auth.table.ts";

/** What requireStaff needs: set once by buildApp (`app.decorate("staffAuth", …)`). */
export interface StaffAuthenticator {
  /**
   * The staff user behind a bearer token, or null when the token is missing, bad, expired, revoked (logout,
   * deactivation) or the user is gone.
   */
  userForToken(token: string): Promise<StaffUserRow | null>;
}

declare module "fastify" {
  interface FastifyInstance {
    staffAuth: StaffAuthenticator;
  }
  interface FastifyRequest {
    staff: StaffUserRow | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** preHandler for every panel call and every list of people's data: 401 unless the bearer token is valid. */
export async function requireStaff(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const user = token ? await request.server.staffAuth.userForToken(token) : null;
  if (!user) throw unauthorized();
  request.staff = user;
}

/**
 * preHandler for a call that needs a permission (auth/roles.ts): 401 without a valid token, 403 with a Spanish
 * message when the user's role lacks it. One line per route: `{ preHandler: requireRole("catalogo") }`.
 */
export function requireRole(...anyOf: Permission[]) {
  return async function requireRoleHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireStaff(request, reply);
    if (!anyOf.some((permission) => rolCan(request.staff!.rol, permission))) {
      throw new HttpError(403, { errors: [{ msg: FORBIDDEN_MSG }] });
    }
  };
}
