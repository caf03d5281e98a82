import type { FastifyInstance } from "fastify";
import type { Db } from "../src/db/client.ts";
import { createStaffUserRepository } from "../src/modules/auth/auth.repository.ts";

export const STAFF_PASSWORD = "otra-clave-segura-456";

/** Creates (or resets) a staff user with the given role and answers a bearer token for them. */
export async function staffToken(app: FastifyInstance, db: Db, rol: string, email = `${rol}@tours.test`): Promise<string> {
  await createStaffUserRepository(db).upsert({ email, password: STAFF_PASSWORD, nombre: `Usuario ${rol}`, rol });
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: STAFF_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { sucess: string }).sucess;
}
