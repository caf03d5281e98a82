import pino from "pino";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { buildApp } from "./app.ts";
import { createConfiguredStorage } from "./adapters/storage/index.ts";
import { createFreeTourProvider } from "./adapters/freetours/index.ts";
import { createPaymentProvider, usesPaypalSimulator } from "./adapters/paypal/index.ts";
import { startPaypalSimulator, type RunningSimulator } from "@tours/paypal-simulator";
import { ensureStaffUser, seedDemo } from "./seed/index.ts";
import { startLocalMailServer, type RunningMailServer } from "@tours/local-mail";
import { startMail } from "./mail/index.ts";

/**
 * The API process: settings, database (migrated), demo data, then HTTP. Stops cleanly on SIGINT/SIGTERM:
 * no new connections, in-flight requests finish, then the database closes.
 */
async function main(): Promise<void> {
  const startedAt = Date.now();
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });

  // Before migrations and the seed: a busy port must stop the start at once, in one line, with nothing half done.
  let simulator: RunningSimulator | undefined;
  if (usesPaypalSimulator(config)) {
    try {
      simulator = await startPaypalSimulator({
        port: config.paypal.simPort,
        host: "127.0.0.1",
        webhookId: config.paypal.webhookId,
        // Like PayPal, the simulator notifies the API of approvals and captures, so a buyer who pays and never
        // returns to /pay/ok still ends up paid.
        webhookUrl: `http://127.0.0.1:${config.apiPort}/api/webhooks/paypal`,
        log,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
      console.error(busyPortMessage("el simulador de PayPal", config.paypal.simPort, "PAYPAL_SIM_PORT"));
      process.exit(1);
    }
  }

  // No SMTP server configured: e-mails go to a local one whose web inbox shows them (nothing leaves the machine).
  let mailServer: RunningMailServer | undefined;
  if (!config.mail.smtpUrl) {
    try {
      mailServer = await startLocalMailServer({ smtpPort: config.mail.localSmtpPort, webPort: config.mail.localWebPort });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
      await simulator?.close();
      const busy = (err as { port?: number }).port ?? config.mail.localSmtpPort;
      const setting = busy === config.mail.localWebPort ? "MAIL_WEB_PORT" : "MAIL_PORT";
      console.error(busyPortMessage("el servidor de correo local", busy, setting));
      process.exit(1);
    }
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  log.info({ database: database.kind === "pglite" ? `${config.dataDir}/pglite` : "postgresql" }, "database open");
  await migrateDatabase(database);

  const storage = createConfiguredStorage(config);
  await ensureStaffUser(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    passwordIsDemo: config.adminPasswordIsDemo,
  });
  if (config.seedDemo) {
    const seeded = await seedDemo({ db: database.db, storage, log }, { images: true });
    if (seeded.seeded) log.info(`demo catalogue created in ${(seeded.ms / 1000).toFixed(1)} s`);
  }

  // the job queue (pg-boss, in this database) and its mail workers: e-mails and reminders survive restarts
  const mail = await startMail({ handle: database, config, log, smtpUrl: config.mail.smtpUrl ?? mailServer!.smtpUrl });

  const app = await buildApp({
    config,
    db: database.db,
    storage,
    freeTours: createFreeTourProvider(config, log, storage.objects),
    payments: createPaymentProvider(config, log, simulator?.url),
    notifier: mail.notifier,
    jobs: mail.queue,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await mail.stop();
      await mailServer?.close();
      await simulator?.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  try {
    await app.listen({ port: config.apiPort, host: config.apiHost });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    console.error(busyPortMessage("la API", config.apiPort, "API_PORT"));
    await mail.stop();
    await mailServer?.close();
    await simulator?.close();
    await database.close();
    process.exit(1);
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    `API lista en ${seconds} s: http://localhost:${config.apiPort}/api/pais/index`,
    `Acceso del personal: ${config.adminEmail} / ${config.adminPasswordIsDemo ? config.adminPassword : "(ADMIN_PASSWORD)"}`,
    `Tienda: ${config.storefrontUrl}  ·  Panel: ${config.storefrontUrl}/panel`,
  ];
  if (simulator) {
    lines.push(`Simulador de PayPal: ${simulator.url}`);
    lines.push("ATENCIÓN: sin credenciales de PayPal los pagos van al simulador local; nadie paga de verdad.");
  }
  if (mailServer) {
    lines.push(`Buzón de correo local: ${mailServer.url}  (SMTP en el puerto ${mailServer.smtpPort})`);
    lines.push("ATENCIÓN: sin SMTP_URL los correos se quedan en el buzón local; nadie los recibe.");
  }
  console.log(lines.join("\n"));
}

/** The one line printed when a port is taken (scripts/start.mjs prints the same words). */
function busyPortMessage(what: string, port: number, setting: string): string {
  return `No se puede iniciar ${what}: el puerto ${port} ya está en uso (¿otra copia del producto?). Libéralo o elige otro con ${setting}.`;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
