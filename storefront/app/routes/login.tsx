import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { LoginBody, isApiError } from "@tours/contract";
import { STORAGE_KEYS } from "@tours/domain";
import { useEffect } from "react";
import { Field } from "~/components/booking/Field";
import {
  answerWithMessage,
  formValues,
  issuesToFieldErrors,
  postedWithJs,
  type FieldErrors,
} from "~/components/booking/forms.server";
import { useHydrated } from "~/components/booking/use-hydrated";
import { api, logLoadFailure } from "~/lib/api.server";
import { seo } from "~/lib/seo";
import { privatePageHeaders } from "~/components/booking/headers";

export const headers = privatePageHeaders;

export const meta: MetaFunction = () => [...seo({ title: "Mi cuenta" }), { name: "robots", content: "noindex" }];

/** Shown when the API cannot be reached (its answer carried no message of its own). */
const LOGIN_UNAVAILABLE = "No fue posible iniciar sesión en este momento, intenta de nuevo en unos minutos";

type LoginResult =
  | { ok: true; token: string; nombre: string }
  | { ok: false; email: string; errors: FieldErrors; messages: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const withJs = postedWithJs(form);
  const values = formValues(form, ["email", "password"] as const);
  const fail = (errors: FieldErrors, messages: string[]) =>
    answerWithMessage<LoginResult>(
      { ok: false, email: values.email, errors, messages },
      { message: messages[0] ?? LOGIN_UNAVAILABLE, type: "error" },
      withJs,
    );
  const parsed = LoginBody.safeParse(values);
  if (!parsed.success) {
    const errors = issuesToFieldErrors(parsed.error.issues);
    return fail(errors, Object.values(errors));
  }
  let answer;
  try {
    answer = await api().auth.login(parsed.data);
  } catch (error) {
    // Spec §8: the answer's `usuario`, `password` or errors[].msg are what the visitor is told.
    const messages = isApiError(error) && error.messages.length > 0 ? error.messages : [LOGIN_UNAVAILABLE];
    if (!isApiError(error) || error.status >= 500 || error.status === 0 || error.status === 408) {
      logLoadFailure("el inicio de sesión", error);
    }
    return fail({}, messages);
  }
  return json<LoginResult>({ ok: true, token: answer.sucess, nombre: answer.nombre });
}

export default function Login() {
  const result = useActionData<LoginResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();

  useEffect(() => {
    if (!result?.ok) return;
    // The panel (a separate single-page app at /panel) reads these two keys (docs/decisions/0001).
    window.localStorage.setItem(STORAGE_KEYS.token, result.token);
    window.localStorage.setItem(STORAGE_KEYS.nombre, result.nombre);
    window.location.assign("/panel");
  }, [result]);

  return (
    <div className="container section booking-narrow">
      <div className="panel">
        <h1>Mi cuenta</h1>
        <p className="muted">Acceso para el equipo de Puzzle Travel.</p>
        {result?.ok ? (
          <p role="status" className="notice notice--success">
            Hola {result.nombre}, abriendo el panel…{" "}
            <noscript>El panel necesita JavaScript: actívalo en tu navegador para continuar.</noscript>
          </p>
        ) : (
          <Form method="post" noValidate className="booking-form" data-testid="login-form">
            <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
            {result && result.messages.length > 0 ? (
              <ul className="notice notice--error" role="alert">
                {result.messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
            <Field
              label="Correo electrónico"
              name="email"
              type="email"
              autoComplete="username"
              defaultValue={result?.email}
              error={result?.errors.email}
              required
            />
            <Field
              label="Contraseña"
              name="password"
              type="password"
              autoComplete="current-password"
              error={result?.errors.password}
              required
            />
            <button type="submit" className="btn btn--block" disabled={busy}>
              {busy ? "Ingresando…" : "Ingresar"}
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
