import { AyudaCreateBody, RewardsCreateBody } from "@tours/contract";
import { MSG } from "@tours/domain";
import { api, logLoadFailure } from "~/lib/api.server";
import {
  answerWithMessage,
  anyBlank,
  apiFieldErrors,
  formValues,
  issuesToFieldErrors,
  postedWithJs,
  type FieldErrors,
  type Notice,
} from "./forms.server";

export const REWARDS_FIELDS = ["nombre", "apellido", "telefono", "email"] as const;
export const AYUDA_FIELDS = ["nombre", "apellido", "telefono", "email", "comentario"] as const;

export type InfoRequestResult = (
  | { ok: true; sentAt: number }
  | { ok: false; values: Record<string, string>; errors: FieldErrors }
) & { notice?: Notice };

/**
 * The rewards and help forms (spec §5/§8): every field required ('Se deben diligenciar todos los campos '),
 * then the contract's own checks (e-mail format…), then the API.
 */
export async function submitInfoRequest(request: Request, kind: "rewards" | "ayuda") {
  const form = await request.formData();
  const withJs = postedWithJs(form);
  const names = kind === "rewards" ? REWARDS_FIELDS : AYUDA_FIELDS;
  const values: Record<string, string> = formValues(form, names);
  const fail = (errors: FieldErrors, message: string) =>
    answerWithMessage<InfoRequestResult>({ ok: false, values, errors }, { message, type: "error" }, withJs);

  if (anyBlank(values, names)) {
    const errors = Object.fromEntries(names.filter((n) => !values[n]).map((n) => [n, "Campo obligatorio"]));
    return fail(errors, MSG.camposObligatorios);
  }
  const parsed = (kind === "rewards" ? RewardsCreateBody : AyudaCreateBody).safeParse(values);
  if (!parsed.success) {
    const errors = issuesToFieldErrors(parsed.error.issues);
    return fail(errors, Object.values(errors)[0] ?? MSG.errorSolicitud);
  }
  try {
    if (kind === "rewards") await api().tour.rewards(values as Record<(typeof REWARDS_FIELDS)[number], string>);
    else await api().tour.ayuda(values as Record<(typeof AYUDA_FIELDS)[number], string>);
  } catch (error) {
    logLoadFailure(kind === "rewards" ? "la solicitud de rewards" : "la solicitud de ayuda", error);
    return fail(apiFieldErrors(error).fields, MSG.errorSolicitud);
  }
  return answerWithMessage<InfoRequestResult>(
    { ok: true, sentAt: Date.now() },
    { message: MSG.informacionRegistrada, type: "success" },
    withJs,
  );
}
