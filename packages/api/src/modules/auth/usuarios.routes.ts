import type { FastifyPluginAsync } from "fastify";
import { UsuarioCreateBody, UsuarioPasswordBody, UsuarioUpdateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { HttpError, badRequest, fieldError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { passwordProblem } from "./password-policy.ts";
import { timestamps } from "../../http/serialize.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { createStaffUserRepository } from "./auth.repository.ts";
import type { StaffUserRow } from "./auth.table.ts";
import { USUARIO_MSG } from "./auth.messages.ts";

/** What the Usuarios screen and the audit log see of a user: never the hash or the token version. */
export function toUsuario(row: StaffUserRow) {
  return { id: row.id, email: row.email, nombre: row.nombre, rol: row.rol, activo: row.activo, ...timestamps(row) };
}

function checkPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw badRequest([fieldError(problem, "password")]);
}

/** Staff accounts (Administrador only): list, create, change name/role, (de)activate, reset password. */
export const usuariosRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const admin = { preHandler: requireRole("usuarios") };

  app.get("/api/usuarios/index", admin, async () => {
    return { succes: (await createStaffUserRepository(deps.db).all()).map(toUsuario) };
  });

  app.post("/api/usuarios/create", admin, async (request) => {
    const body = parseBody(UsuarioCreateBody, request.body);
    checkPassword(body.password, body.email);
    const passwordHash = await hashPassword(body.password);
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const created = await createStaffUserRepository(tx).insert({ email: body.email, nombre: body.nombre, rol: body.rol, passwordHash });
      if (!created) throw badRequest([fieldError(USUARIO_MSG.emailTaken, "email", body.email)]);
      await audit({ action: "create", resource: "usuario", resourceId: created.id, after: toUsuario(created) });
      return created;
    });
    return { succes: toUsuario(row) };
  });

  app.put<{ Params: { id: string } }>("/api/usuarios/update/:id", admin, async (request) => {
    const id = parseId(request.params.id);
    const body = parseBody(UsuarioUpdateBody, request.body ?? {});
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const users = createStaffUserRepository(tx);
      const before = await users.findForUpdate(id);
      if (!before) throw notFound(USUARIO_MSG.notFound);
      const stopsBeingAdmin =
        before.rol === "admin" && before.activo && ((body.rol !== undefined && body.rol !== "admin") || body.activo === false);
      if (stopsBeingAdmin && (await users.otherActiveAdmins(id)) === 0) {
        throw new HttpError(409, { errors: [{ msg: USUARIO_MSG.lastAdmin }] });
      }
      // a new role or a deactivation ends the user's sessions: the next call is made with what they may do now
      const revoke = (body.rol !== undefined && body.rol !== before.rol) || body.activo === false;
      const after = await users.update(id, body, revoke);
      await audit({ action: "update", resource: "usuario", resourceId: id, before: toUsuario(before), after: toUsuario(after!) });
      return after!;
    });
    return { succes: toUsuario(row) };
  });

  app.put<{ Params: { id: string } }>("/api/usuarios/password/:id", admin, async (request) => {
    const id = parseId(request.params.id);
    const body = parseBody(UsuarioPasswordBody, request.body);
    const existing = await createStaffUserRepository(deps.db).findById(id);
    if (!existing) throw notFound(USUARIO_MSG.notFound);
    checkPassword(body.password, existing.email);
    const passwordHash = await hashPassword(body.password);
    await audited(deps.db, actorOf(request), async (tx, audit) => {
      const updated = await createStaffUserRepository(tx).update(id, { passwordHash }, true);
      if (!updated) throw notFound(USUARIO_MSG.notFound);
      // the entry says the password was reset, never what it is
      await audit({ action: "password_reset", resource: "usuario", resourceId: id });
    });
    return { succes: true };
  });
};
