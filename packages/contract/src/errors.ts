import { z } from "zod/mini";

/** One entry of the contract's 400 answer (express-validator's shape, which the existing clients read). */
export const ValidationErrorItemSchema = z.object({
  type: z.literal("field"),
  value: z.unknown(),
  msg: z.string(),
  path: z.string(),
  location: z.string(),
});
export type ValidationErrorItem = z.output<typeof ValidationErrorItemSchema>;

export const ValidationErrorBody = z.object({ errors: z.array(ValidationErrorItemSchema) });
export type ValidationErrorBody = z.output<typeof ValidationErrorBody>;

/** 400 of POST /api/tour/horario/create/: the list one level down. */
export const HorarioCreateErrorBody = z.object({
  error: z.object({ errors: z.array(z.looseObject({ msg: z.string() })) }),
});
export type HorarioCreateErrorBody = z.output<typeof HorarioCreateErrorBody>;

/** Login failures: `{usuario: msg}`, `{password: msg}` or `{errors: [{msg}]}`. */
export const LoginErrorBody = z.union([
  z.object({ usuario: z.string() }),
  z.object({ password: z.string() }),
  z.object({ errors: z.array(z.looseObject({ msg: z.string() })) }),
]);
export type LoginErrorBody = z.output<typeof LoginErrorBody>;

export type ErrorLocation = "body" | "query" | "params";

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Turns a ZodError into the contract's error list. `input` (the data that was parsed) fills `value`,
 * since zod only reports the input when asked to.
 */
export function zodIssuesToErrors(
  error: z.core.$ZodError,
  location: ErrorLocation = "body",
  input?: unknown,
): ValidationErrorItem[] {
  return error.issues.map((issue) => {
    const withInput = issue as { input?: unknown };
    return {
      type: "field" as const,
      value: "input" in withInput ? withInput.input : valueAt(input, issue.path),
      msg: issue.message,
      path: issue.path.map(String).join("."),
      location,
    };
  });
}

/**
 * The Spanish messages a failed answer carries, in the order the clients show them as toasts:
 * `errors[].msg`, `error.errors[].msg` (schedule creation), and login's `usuario` / `password`.
 */
export function errorMessages(body: unknown): string[] {
  if (body === null || typeof body !== "object") return [];
  const record = body as Record<string, unknown>;
  const fromList = (list: unknown): string[] =>
    Array.isArray(list)
      ? list
          .map((item) => (item && typeof item === "object" ? (item as { msg?: unknown }).msg : undefined))
          .filter((msg): msg is string => typeof msg === "string" && msg.length > 0)
      : [];
  const messages = [...fromList(record.errors)];
  if (record.error && typeof record.error === "object") {
    messages.push(...fromList((record.error as Record<string, unknown>).errors));
  }
  for (const key of ["usuario", "password"] as const) {
    const value = record[key];
    if (typeof value === "string" && value.length > 0) messages.push(value);
  }
  return messages;
}
