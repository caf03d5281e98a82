import { afterAll, beforeAll, beforeEach } from "vitest";
import type { PaymentProvider } from "../src/adapters/paypal/index.ts";
import type { Rol } from "../src/auth/roles.ts";
import { startPaypalSimulator, type RunningSimulator } from "@tours/paypal-simulator";
import { bearer, createTestApp, loginAsStaff, type TestApp, type TestAppOverrides } from "./helpers.ts";
import { seedCatalogue, simulatorClient, type Catalogue } from "./compra-fixtures.ts";

/** The app's clock in a test file: it starts at a fixed moment and a test moves it. */
export interface TestClock {
  now(): Date;
  set(at: Date): void;
  advance(ms: number): void;
}

export interface ApiTestOptions extends Omit<TestAppOverrides, "now" | "payments"> {
  /** The app's clock starts here and returns here before each test; without it the app follows the real clock. */
  clock?: Date;
  /**
   * Pay through a PayPal simulator of the file's own (its modes reset before each test): the client's timeout, and
   * optionally a provider wrapped around the simulator's client (a test that makes PayPal slow or lose answers).
   */
  paypal?: true | { timeoutMs?: number; wrap?: (client: PaymentProvider) => PaymentProvider };
  /** Seed the small two-tour catalogue of compra-fixtures (`cat`), with its options if given. */
  catalogue?: true | Parameters<typeof seedCatalogue>[1];
  /** Staff roles logged in once for the file, in this order (`staff(rol)`, `token(rol)`). */
  staff?: Rol[];
}

export interface ApiTest extends TestApp {
  clock: TestClock;
  /** The PayPal simulator (with the `paypal` option). */
  sim: RunningSimulator;
  /** The compra-fixtures catalogue (with `catalogue`). */
  cat: Catalogue;
  /** The bearer token of a role named in `staff`. */
  token(rol: Rol): string;
  /** The authorization header of a role named in `staff`. */
  staff(rol: Rol): Record<string, string>;
}

/**
 * The app of one test file (or describe block): built before its first test on a fresh database, closed (with the
 * simulator) after its last. Its fields can be read once the tests run; the file's own `beforeAll` hooks run after
 * this one. Options that are only known once other hooks ran (a server's address) can be given as a function.
 */
export function useTestApp(options: ApiTestOptions | (() => ApiTestOptions) = {}): ApiTest {
  let current: ApiTest | undefined;
  let start: Date | undefined;
  let at: Date | undefined;
  let sim: RunningSimulator | undefined;

  beforeAll(async () => {
    const { clock, paypal: paypalOption, catalogue, staff = [], ...overrides } = typeof options === "function" ? options() : options;
    const paypal = paypalOption === true ? {} : paypalOption;
    start = at = clock;
    if (paypal) sim = await startPaypalSimulator({ port: 0 });
    const client = sim && simulatorClient(sim, paypal?.timeoutMs);
    const t = await createTestApp({
      ...overrides,
      now: start && (() => at!),
      payments: client && (paypal?.wrap ? paypal.wrap(client) : client),
    });
    const cat = catalogue ? await seedCatalogue(t.db, catalogue === true ? {} : catalogue) : undefined;
    const tokens = new Map<Rol, string>();
    for (const rol of staff) tokens.set(rol, await loginAsStaff(t.app, rol));
    const token = (rol: Rol) => {
      const found = tokens.get(rol);
      if (!found) throw new Error(`no ${rol} token: name the role in useTestApp's staff`);
      return found;
    };
    current = {
      ...t,
      clock: {
        now: () => at ?? new Date(),
        set: (next) => (at = next),
        advance: (ms) => (at = new Date((at ?? new Date()).getTime() + ms)),
      },
      get sim() {
        if (!sim) throw new Error("no PayPal simulator: pass useTestApp the paypal option");
        return sim;
      },
      get cat() {
        if (!cat) throw new Error("no catalogue: pass useTestApp catalogue: true");
        return cat;
      },
      token,
      staff: (rol) => bearer(token(rol)),
    };
  });
  afterAll(async () => {
    await current?.close();
    await sim?.close();
  });
  beforeEach(() => {
    at = start;
    sim?.control.reset();
  });

  return new Proxy({} as ApiTest, {
    get(_, key) {
      if (!current) throw new Error("the test app is built in beforeAll: read it inside hooks and tests");
      return current[key as keyof ApiTest];
    },
  });
}
