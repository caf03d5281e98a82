import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, loadConfig, loadDotEnv } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { createStaffUserRepository } from "../modules/auth/auth.repository.ts";

/**
 * Creates a staff user, or resets the password of an existing one:
 *   npm run user -w @tours/api -- --email ana@example.com --password 'una clave larga' --nombre "Ana"
 * Uses the same settings as the server (DATABASE_URL or DATA_DIR).
 */
const USAGE = "Uso: npm run user -w @tours/api -- --email <correo> --password <contraseña> [--nombre <nombre>]";

const Args = z.object({
  email: z.email("--email debe ser un correo válido"),
  password: z.string().min(8, "--password debe tener al menos 8 caracteres"),
  nombre: z.string().trim().min(1, "--nombre no puede estar vacío").optional(),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, nombre: { type: "string" } },
    strict: true,
  });
  const args = Args.safeParse(values);
  if (!args.success) {
    console.error(args.error.issues.map((i) => i.message).join("\n") + "\n" + USAGE);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const users = createStaffUserRepository(database.db);
    const existing = await users.findByEmail(args.data.email);
    // a reset without --nombre keeps the name
    const nombre = args.data.nombre ?? existing?.nombre ?? "Administrador";
    const user = await users.upsert({ ...args.data, nombre });
    console.log(`${existing ? "Contraseña restablecida" : "Usuario creado"}: ${user.email} (${user.nombre})`);
    return 0;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
    process.exit(1);
  });
