import type { AuthProvider } from "react-admin";
import { api, NAME_KEY, TOKEN_KEY, readToken } from "./config";
import { errorStatus, toHttpError } from "./errors";

/** Where a visitor without a valid session goes: the storefront's home, outside the panel's router. */
function homeUrl(): string {
  return `${window.location.origin}/`;
}

function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
  validated = null;
}

// The token is checked against the API once per page load (each reload checks again); any 401/403 from a later
// call logs out through checkError, so there is no need to re-validate on every navigation.
let validated: { token: string; check: Promise<string> } | null = null;

/** Checks the token once per page load and answers the user's role (which decides the screens shown). */
function validate(token: string): Promise<string> {
  if (validated?.token !== token) {
    const check = api.auth.autenticate().then(
      (answer) => answer.succes.rol,
      (error: unknown) => {
        validated = null;
        throw error;
      },
    );
    validated = { token, check };
  }
  return validated.check;
}

const notAuthenticated = () => ({ redirectTo: homeUrl(), message: false as const });

export const authProvider: AuthProvider = {
  async login(params: { email?: string; username?: string; password: string }) {
    const email = params.email ?? params.username ?? "";
    try {
      const answer = await api.auth.login({ email, password: params.password });
      localStorage.setItem(TOKEN_KEY, answer.sucess);
      localStorage.setItem(NAME_KEY, answer.nombre ?? "");
    } catch (error) {
      throw toHttpError(error);
    }
  },

  async logout() {
    // end the session at the API too (every process sees it); a token that is already invalid needs nothing more
    if (readToken()) await api.auth.logout().catch(() => undefined);
    clearSession();
    return homeUrl();
  },

  async checkAuth() {
    const token = readToken();
    if (!token) throw notAuthenticated();
    try {
      await validate(token);
    } catch (error) {
      // Only the API's "no" ends the session. A check cut short (the page navigating away aborts it) or an API
      // that does not answer must not throw the token away: the next page load checks again.
      if (errorStatus(error) === 401 || errorStatus(error) === 403) clearSession();
      throw notAuthenticated();
    }
  },

  async checkError(error: unknown) {
    const status = errorStatus(error);
    // a 403 is a call the role may not make: the toast says so and the session goes on
    if (status === 401) {
      clearSession();
      throw notAuthenticated();
    }
  },

  async getPermissions() {
    const token = readToken();
    if (!token) return undefined;
    return validate(token).catch(() => undefined);
  },

  async getIdentity() {
    return { id: "staff", fullName: localStorage.getItem(NAME_KEY) || "Administrador" };
  },
};
