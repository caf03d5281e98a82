import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_HOLD_MINUTES, DEFAULT_TIME_ZONE, TARJETA_CONSULTAS_POR_HORA } from "@tours/domain";
import { DEFAULT_PORTS } from "@tours/domain/default-ports";
import type { S3Settings } from "./adapters/storage/s3.ts";

/** The demo staff password used when ADMIN_PASSWORD is unset; printed at start so a newcomer can log in. */
export const DEMO_ADMIN_PASSWORD = "tours-demo-2026";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const port = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
const bool = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z.enum(["true", "false", "1", "0", "yes", "no"]).default(fallback ? "true" : "false")
      .transform((v) => v === "true" || v === "1" || v === "yes"),
  );

/** "8h", "30m", "3600s", "2d" or a bare number of seconds. */
const TTL_PATTERN = /^(\d+)\s*([smhd]?)$/;
const TTL_UNIT_SECONDS: Record<string, number> = { "": 1, s: 1, m: 60, h: 3600, d: 86400 };

export function ttlToSeconds(ttl: string): number {
  const match = TTL_PATTERN.exec(ttl.trim());
  if (!match) throw new Error(`Invalid duration: ${ttl}`);
  return Number(match[1]) * (TTL_UNIT_SECONDS[match[2] ?? ""] ?? 1);
}

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.string().default("development")),
  PORT: port(DEFAULT_PORTS.storefront),
  API_PORT: port(DEFAULT_PORTS.api),
  API_HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  UPLOADS_DIR: optionalString,
  STORAGE: z.preprocess(emptyToUndefined, z.enum(["disk", "s3"]).default("disk")),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(true),
  S3_PREFIX: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default("admin@tours.local")),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).default(DEMO_ADMIN_PASSWORD)),
  CORS_ORIGINS: optionalString,
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  TOKEN_TTL: z.preprocess(
    emptyToUndefined,
    z.string().regex(TTL_PATTERN, 'must look like "8h", "30m" or "3600"').default("8h"),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default("loopback")),
  RATE_LIMIT_FORMS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5)),
  RATE_LIMIT_ORDERS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  RATE_LIMIT_VITALS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  RATE_LIMIT_GIFT_CARD_CHECKS_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(TARJETA_CONSULTAS_POR_HORA)),
  STOREFRONT_URL: optionalUrl,
  PUBLIC_API_URL: optionalUrl,
  BUSINESS_TIMEZONE: z.preprocess(
    emptyToUndefined,
    z.string().default(DEFAULT_TIME_ZONE).refine(isTimeZone, "must be an IANA time zone"),
  ),
  SEED_DEMO: bool(true),
  HOLD_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(24 * 60).default(DEFAULT_HOLD_MINUTES)),
  /** How long a waiting-list offer holds its places at most (decimal hours allowed; the departure's cutoff − 15 min caps it). */
  WAITLIST_OFFER_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(24 * 14).default(12)),
  HOLD_MAX_PERSONS_PER_ORDER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
  HOLD_MAX_LINES_PER_ORDER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  HOLD_MAX_DEPARTURE_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(50)),
  HOLD_MAX_PERSONS_PER_CLIENT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  OCTO_SUPPLIER_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(200).default("Tours")),
  OCTO_WEBHOOK_ADDRESSES: z.preprocess(emptyToUndefined, z.enum(["public", "loopback"]).default("public")),
  OCTO_WEBHOOK_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(60_000).default(10_000)),
  OCTO_WEBHOOK_RETRY_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.5).max(3600).default(10)),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  PAYPAL_API_BASE: optionalUrl,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_SIM_PORT: port(DEFAULT_PORTS.paypalSimulator),
  ALLOW_PAYPAL_SIMULATOR: bool(false),
  FREETOUR_API_URL: optionalUrl,
  FREETOUR_API_KEY: optionalString,
  FREETOUR_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(1500)),
  FREETOUR_CACHE_TTL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(600_000)),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must look like "smtp://user:password@host:587" or "smtps://…:465"').optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().trim().min(3).default("Puzzle Travel <reservas@tours.local>")),
  STAFF_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  MAIL_PORT: port(DEFAULT_PORTS.mailSmtp),
  MAIL_WEB_PORT: port(DEFAULT_PORTS.mailWeb),
  MAIL_RETRY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(50).default(10)),
  MAIL_RETRY_DELAY_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  nodeEnv: string;
  port: number;
  apiPort: number;
  apiHost: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /** STORAGE: uploaded images on the local disk (UPLOADS_DIR) or in an S3-compatible bucket. */
  storage: { kind: "disk" } | ({ kind: "s3" } & S3Settings);
  adminEmail: string;
  adminPassword: string;
  /** True when ADMIN_PASSWORD was not set and the printed demo password is in use. */
  adminPasswordIsDemo: boolean;
  corsOrigins: string[];
  jwtSecret: string;
  tokenTtlSeconds: number;
  tokenTtl: string;
  /**
   * Which proxies' X-Forwarded-For to believe: false, a number of hops, or addresses/ranges (proxy-addr names such
   * as "loopback" included). Never "everyone": a client could then choose its own address, and its limiter keys.
   */
  trustProxy: false | number | string[];
  /** Per client address and minute: comments, rewards and help requests; orders; field-vitals reports. */
  limits: { formsPerMinute: number; ordersPerMinute: number; vitalsPerMinute: number; giftCardChecksPerHour: number };
  storefrontUrl: string;
  publicApiUrl: string;
  businessTimezone: string;
  /** How long an unpaid order holds its places. */
  holdMinutes: number;
  /** How long a waiting-list offer holds its places at most, in hours (docs/decisions/0023). */
  waitlistOfferHours: number;
  /**
   * What a storefront order may hold (docs/decisions/0008): persons and lines per order, and per client (address or
   * IPv6 /64) across its live unpaid holds: a share of any one departure's capacity and a number of persons in all.
   */
  holdLimits: { personsPerOrder: number; linesPerOrder: number; departurePercent: number; personsPerClient: number };
  /** The supplier name resellers see on GET /octo/supplier. */
  octoSupplierName: string;
  /**
   * Resellers' webhooks (docs/decisions/0025): which addresses a delivery may reach ("public": public unicast only;
   * "loopback": this machine only, for local runs and tests), how long one POST may take, the first retry's delay.
   */
  octoWebhooks: { addresses: "public" | "loopback"; timeoutMs: number; retrySeconds: number };
  seedDemo: boolean;
  logLevel: string;
  paypal: {
    apiBase: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookId: string | undefined;
    simPort: number;
    /** The local simulator takes payments (no credentials); in production only with ALLOW_PAYPAL_SIMULATOR. */
    simulatorAllowed: boolean;
  };
  freeTour: {
    apiUrl: string | undefined;
    apiKey: string | undefined;
    timeoutMs: number;
    cacheTtlMs: number;
  };
  mail: {
    /** Unset: `npm start` runs the local mail server (MAIL_PORT, inbox on MAIL_WEB_PORT) and sends there. */
    smtpUrl: string | undefined;
    from: string;
    /** Who gets the new-order e-mails (ADMIN_EMAIL unless set). */
    staffEmail: string;
    localSmtpPort: number;
    localWebPort: number;
    /** A failing e-mail is retried this many times, waiting retryDelaySeconds·2^n (about 8.5 h in all by default). */
    retryLimit: number;
    retryDelaySeconds: number;
  };
}

const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;

/** TRUST_PROXY: "false", a hop count, or a comma-separated list of addresses, ranges or proxy-addr names. */
export function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0" || text === "") return false;
  if (text === "true") {
    throw new ConfigError(
      ["TRUST_PROXY"],
      "Invalid settings: TRUST_PROXY\n  \"true\" would trust every hop (a client could pick its own address): give the number of\n" +
        "  proxies in front of the API (e.g. 1) or their addresses (e.g. 10.0.0.5,loopback).",
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const list = text.split(",").map((p) => p.trim()).filter(Boolean);
  const bad = list.filter((p) => !PROXY_ADDRESS.test(p));
  if (bad.length) throw new ConfigError(["TRUST_PROXY"], `Invalid settings: TRUST_PROXY\n  not addresses: ${bad.join(", ")}`);
  return list;
}

export class ConfigError extends Error {
  constructor(public readonly keys: string[], message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/**
 * Parses the settings once. Fails naming every bad key. JWT_SECRET, when unset, is generated once and kept
 * in DATA_DIR/jwt-secret so tokens survive a restart (pass `persistSecret: false` to keep it in memory).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { persistSecret?: boolean } = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const keys = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "?")))];
    const details = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`).join("\n");
    throw new ConfigError(keys, `Invalid settings: ${keys.join(", ")}\n${details}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !(e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET) && !e.ALLOW_PAYPAL_SIMULATOR) {
    throw new ConfigError(
      ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
      "Invalid settings: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET\n" +
        "  NODE_ENV=production without PayPal credentials would take payments through the local simulator, where nobody\n" +
        "  pays. Set the PayPal credentials, or ALLOW_PAYPAL_SIMULATOR=true for a demonstration.",
    );
  }
  // `npm run … -w @tours/api` runs in packages/api; relative paths mean the directory npm was started from
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  const uploadsDir = path.resolve(base, e.UPLOADS_DIR ?? path.join(dataDir, "uploads"));
  const storefrontUrl = (e.STOREFRONT_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const publicApiUrl = (e.PUBLIC_API_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/$/, "");
  const corsOrigins = e.CORS_ORIGINS
    ? e.CORS_ORIGINS.split(",").map((o) => o.trim().replace(/\/$/, "")).filter(Boolean)
    : [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`];
  const badOrigins = corsOrigins.filter((o) => !URL.canParse(o));
  if (badOrigins.length > 0) {
    throw new ConfigError(["CORS_ORIGINS"], `Invalid settings: CORS_ORIGINS\n  not URLs: ${badOrigins.join(", ")}`);
  }
  if (!corsOrigins.includes(storefrontUrl)) corsOrigins.push(storefrontUrl);
  if (e.STORAGE === "s3" && !e.S3_BUCKET) {
    throw new ConfigError(["S3_BUCKET"], "Invalid settings: S3_BUCKET\n  S3_BUCKET: required when STORAGE=s3");
  }

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    apiPort: e.API_PORT,
    apiHost: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    uploadsDir,
    storage:
      e.STORAGE === "s3"
        ? {
            kind: "s3",
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
          }
        : { kind: "disk" },
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    adminPasswordIsDemo: !env.ADMIN_PASSWORD,
    corsOrigins,
    jwtSecret: e.JWT_SECRET ?? (options.persistSecret === false ? randomSecret() : persistentSecret(dataDir)),
    tokenTtl: e.TOKEN_TTL,
    tokenTtlSeconds: ttlToSeconds(e.TOKEN_TTL),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    limits: {
      formsPerMinute: e.RATE_LIMIT_FORMS_PER_MINUTE,
      ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE,
      vitalsPerMinute: e.RATE_LIMIT_VITALS_PER_MINUTE,
      giftCardChecksPerHour: e.RATE_LIMIT_GIFT_CARD_CHECKS_PER_HOUR,
    },
    storefrontUrl,
    publicApiUrl,
    businessTimezone: e.BUSINESS_TIMEZONE,
    holdMinutes: e.HOLD_MINUTES,
    waitlistOfferHours: e.WAITLIST_OFFER_HOURS,
    holdLimits: {
      personsPerOrder: e.HOLD_MAX_PERSONS_PER_ORDER,
      linesPerOrder: e.HOLD_MAX_LINES_PER_ORDER,
      departurePercent: e.HOLD_MAX_DEPARTURE_PERCENT,
      personsPerClient: e.HOLD_MAX_PERSONS_PER_CLIENT,
    },
    octoSupplierName: e.OCTO_SUPPLIER_NAME,
    octoWebhooks: { addresses: e.OCTO_WEBHOOK_ADDRESSES, timeoutMs: e.OCTO_WEBHOOK_TIMEOUT_MS, retrySeconds: e.OCTO_WEBHOOK_RETRY_SECONDS },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    paypal: {
      apiBase: e.PAYPAL_API_BASE,
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      simPort: e.PAYPAL_SIM_PORT,
      simulatorAllowed: e.ALLOW_PAYPAL_SIMULATOR,
    },
    freeTour: {
      apiUrl: e.FREETOUR_API_URL,
      apiKey: e.FREETOUR_API_KEY,
      timeoutMs: e.FREETOUR_TIMEOUT_MS,
      cacheTtlMs: e.FREETOUR_CACHE_TTL_MS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      staffEmail: (e.STAFF_EMAIL ?? e.ADMIN_EMAIL).toLowerCase(),
      localSmtpPort: e.MAIL_PORT,
      localWebPort: e.MAIL_WEB_PORT,
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
  };
}

/**
 * Loads `.env` from the directory the process was started from (npm's INIT_CWD when run through npm), if there
 * is one. Variables already in the environment win.
 */
export function loadDotEnv(env: Record<string, string | undefined> = process.env): string | null {
  const file = path.resolve(env.INIT_CWD ?? process.cwd(), ".env");
  try {
    process.loadEnvFile(file);
    return file;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

function randomSecret(): string {
  return randomBytes(48).toString("base64url");
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomSecret();
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
