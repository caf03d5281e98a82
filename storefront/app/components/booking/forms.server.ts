import { json } from "@remix-run/node";
import { isApiError } from "@tours/contract";
import { jsonWithError, jsonWithSuccess } from "~/lib/toast.server";

export type FieldErrors = Record<string, string>;

/** The named text fields of a submitted form, trimmed ("" when absent). */
export function formValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.trim() : "";
  }
  return values;
}

/** True when any of the named fields is blank. */
export function anyBlank(values: Record<string, string>, names: readonly string[]): boolean {
  return names.some((name) => !values[name]);
}

interface IssueLike {
  path: PropertyKey[];
  message: string;
}

/** First message per field of a failed schema parse (contract schemas carry Spanish messages). */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The API's 400 answer (`errors[].path/msg`) as messages per field, plus the ones that name no field. */
export function apiFieldErrors(error: unknown): { fields: FieldErrors; messages: string[] } {
  const fields: FieldErrors = {};
  const messages: string[] = [];
  if (!isApiError(error)) return { fields, messages };
  const body = error.body as { errors?: Array<{ path?: unknown; msg?: unknown }> } | undefined;
  if (Array.isArray(body?.errors)) {
    for (const item of body.errors) {
      if (typeof item.msg !== "string") continue;
      if (typeof item.path === "string" && item.path) fields[item.path] ??= item.msg;
      else messages.push(item.msg);
    }
  } else {
    messages.push(...error.messages);
  }
  return { fields, messages };
}

export interface Notice {
  message: string;
  type: "success" | "error";
}

/** True when the form was posted by the hydrated page (its hidden `js` field), i.e. not a plain HTML post. */
export function postedWithJs(form: FormData): boolean {
  return form.get("js") === "1";
}

/**
 * Answers a form post with one of the spec's messages. With JavaScript it is a toast (remix-toast flash, read
 * by the root loader's revalidation). A plain HTML post renders the page in the same request, before the flash
 * cookie could be read, so the message travels in the data (`notice`) and the page shows it inline instead.
 */
export function answerWithMessage<T extends object>(data: T, notice: Notice, withJs: boolean, init?: ResponseInit) {
  if (withJs) {
    return notice.type === "success" ? jsonWithSuccess(data, notice.message, init) : jsonWithError(data, notice.message, init);
  }
  return json({ ...data, notice }, init);
}
