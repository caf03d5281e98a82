import { HttpError } from "react-admin";
import { errorMessages as contractErrorMessages } from "@tours/contract";

/** HttpError as the panel throws it: react-admin reads `status`; the API's answer is kept in `apiBody`. */
type PanelHttpError = HttpError & { apiBody?: unknown };

/** Status and answer of a failed call, whatever layer threw it. */
function statusAndBody(error: unknown): { status?: number; body?: unknown } {
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; body?: unknown; apiBody?: unknown };
    return { status: typeof e.status === "number" ? e.status : undefined, body: "apiBody" in e ? e.apiBody : e.body };
  }
  return {};
}

/** The API's Spanish messages carried by a failed call (`errors[].msg` and friends), in order. */
export function errorMessages(error: unknown): string[] {
  return contractErrorMessages(statusAndBody(error).body);
}

export function errorStatus(error: unknown): number | undefined {
  return statusAndBody(error).status;
}

/**
 * react-admin reads `status` from HttpError to decide on logging out (authProvider.checkError). The API's answer
 * is not passed as HttpError's body: react-admin would take its `errors` list for per-field form errors and keep
 * the form invalid; the panel shows those messages as toasts instead (spec §8).
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { status, body } = statusAndBody(error);
  const message = errorMessages(error)[0] ?? (error instanceof Error ? error.message : "Error");
  const httpError: PanelHttpError = new HttpError(message, status ?? 0);
  httpError.apiBody = body;
  return httpError;
}

/** Runs a call to the API; whatever fails reaches react-admin as an HttpError (see toHttpError). */
export async function withHttpErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHttpError(error);
  }
}
