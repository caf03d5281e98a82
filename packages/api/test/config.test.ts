import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, DEMO_ADMIN_PASSWORD, loadConfig, ttlToSeconds } from "../src/config.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tours-config-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("config", () => {
  it("has working defaults for a newcomer", () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.apiPort).toBe(4000);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.uploadsDir).toBe(path.join(dir, "uploads"));
    expect(config.adminEmail).toBe("admin@tours.local");
    expect(config.adminPassword).toBe(DEMO_ADMIN_PASSWORD);
    expect(config.adminPasswordIsDemo).toBe(true);
    expect(config.corsOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(config.tokenTtlSeconds).toBe(8 * 3600);
    expect(config.businessTimezone).toBe("America/Bogota");
    expect(config.paypal.simPort).toBe(4010);
  });

  it("TRUST_PROXY is a hop count or a list of proxies, never everyone", () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "10.0.0.5, 10.1.0.0/16" }).trustProxy).toEqual(["10.0.0.5", "10.1.0.0/16"]);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: "proxy.example.com" })).toThrow(/TRUST_PROXY/);
  });

  it("refuses to take payments through the simulator in production unless told to", () => {
    const production = { DATA_DIR: dir, NODE_ENV: "production", JWT_SECRET: "x".repeat(40) };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    try {
      loadConfig(production);
    } catch (err) {
      expect((err as ConfigError).keys).toEqual(["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"]);
      expect((err as Error).message).toContain("ALLOW_PAYPAL_SIMULATOR=true");
    }
    expect(loadConfig({ ...production, ALLOW_PAYPAL_SIMULATOR: "true" }).paypal.simulatorAllowed).toBe(true);
    expect(loadConfig({ ...production, PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" }).nodeEnv).toBe("production");
    // development keeps the simulator as the local default
    expect(() => loadConfig({ DATA_DIR: dir })).not.toThrow();
  });

  it("generates JWT_SECRET once and keeps it under DATA_DIR", async () => {
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect((await readFile(path.join(dir, "jwt-secret"), "utf8")).trim()).toBe(first.jwtSecret);
  });

  it("fails fast naming every bad key", () => {
    try {
      loadConfig({ DATA_DIR: dir, API_PORT: "abc", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nope", TOKEN_TTL: "mucho", BUSINESS_TIMEZONE: "Marte/Base" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).keys.sort()).toEqual(["ADMIN_EMAIL", "API_PORT", "BUSINESS_TIMEZONE", "DATABASE_URL", "TOKEN_TTL"]);
      expect((err as Error).message).toContain("API_PORT");
    }
    expect(() => loadConfig({ DATA_DIR: dir, CORS_ORIGINS: "not a url" })).toThrow(/CORS_ORIGINS/);
  });

  it("reads durations", () => {
    expect(ttlToSeconds("30m")).toBe(1800);
    expect(ttlToSeconds("2d")).toBe(172800);
    expect(ttlToSeconds("90")).toBe(90);
  });
});
