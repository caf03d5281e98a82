import { expect, type Page } from "@playwright/test";
import { ADMIN, API_URL, STORE_URL } from "./env";

/*
 * Staff (the panel's users) as the tests meet them: an API token per role, a page signed in to the panel, and the
 * login form. Tests that are not about the login form sign in with a token (the `signIn` fixture of test.ts).
 */

/** The API's roles (packages/api/src/auth/roles.ts). */
export type Rol = "admin" | "ventas" | "contenido" | "guia";

interface Account {
  email: string;
  password: string;
  token?: string;
}

// One account and one login per role and worker while its token works: the API refuses a client address after 10
// failed logins a minute, shared with the other specs. A "Cerrar sesión" in another test ends every session of
// that user (the API bumps its token version), so a cached token is checked first and replaced when refused.
const accounts = new Map<Rol, Account>([["admin", { ...ADMIN }]]);

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `POST ${path} → ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

async function stillValid(token: string): Promise<boolean> {
  const check = await fetch(`${API_URL}/api/auth/autenticate`, { headers: { Authorization: `Bearer ${token}` } });
  return check.ok;
}

/**
 * A bearer token of a staff member of `rol`: the harness's Administrador (ADMIN of env.ts), or for another role a
 * user of that role created once per worker by the Administrador.
 */
export async function staffToken(rol: Rol = "admin"): Promise<string> {
  let account = accounts.get(rol);
  if (!account) {
    account = { email: `equipo-${rol}-${Date.now().toString(36)}@e2e.test`, password: `clave-e2e-${rol}-2026` };
    await createStaffUser({ rol, nombre: `Equipo E2E ${rol}`, ...account });
    accounts.set(rol, account);
  }
  if (account.token && !(await stillValid(account.token))) account.token = undefined;
  account.token ??= (await post<{ sucess: string }>("/api/auth/login", { email: account.email, password: account.password })).sucess;
  return account.token;
}

/** The Authorization header of staffToken(rol). */
export async function staffHeaders(rol: Rol = "admin"): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await staffToken(rol)}` };
}

/** A staff user made through the API by the Administrador; its id. */
export async function createStaffUser(user: { email: string; nombre: string; rol: Rol; password: string }): Promise<number> {
  return (await post<{ succes: { id: number } }>("/api/usuarios/create", user, await staffToken("admin"))).succes.id;
}

/** The id of the staff member of `rol` that staffToken(rol) signs in as. */
export async function staffId(rol: Rol): Promise<number> {
  const answer = await fetch(`${API_URL}/api/auth/autenticate`, { headers: { Authorization: `Bearer ${await staffToken(rol)}` } });
  return ((await answer.json()) as { succes: { id: number } }).succes.id;
}

/** The Administrador assigns these guides to a departure (`<tour>-<yyyymmdd>-<hhmm>`): a Guía sees only theirs (issue 28). */
export async function assignGuides(salida: string, guias: number[]): Promise<void> {
  const response = await fetch(`${API_URL}/api/salidas/guias/${salida}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...(await staffHeaders("admin")) },
    body: JSON.stringify({ guias }),
  });
  expect(response.ok, `PUT /api/salidas/guias/${salida} → ${response.status} ${await response.text()}`).toBe(true);
}

/** Opens `path` of the panel signed in as staff of `rol` without the login form: the token goes where the login puts it. */
export async function openPanel(page: Page, path = "/panel", rol: Rol = "admin"): Promise<void> {
  const token = await staffToken(rol);
  // any document of the storefront's origin holds its localStorage: the lightest one, with nothing to hydrate
  await page.goto(`${STORE_URL}/robots.txt`);
  await page.evaluate((t) => {
    localStorage.setItem("token", t);
    localStorage.setItem("nombre", "Equipo E2E");
  }, token);
  await page.goto(`${STORE_URL}${path}`);
}

/** Logs in at /login as a visitor would, and waits for the panel. */
export async function logInAtForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${STORE_URL}/login`);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: /ingresar|entrar|iniciar/i }).click();
  await expect(page).toHaveURL(/\/panel/);
}
