import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { formatTarjetaCodigo } from "@tours/domain";
import { privatePageHeaders } from "~/components/booking/headers";
import { consultarSaldo } from "~/lib/gift-card.server";
import { saldoText } from "~/lib/gift-card";
import { seo } from "~/lib/seo";

export const headers = privatePageHeaders;

export const meta: MetaFunction = (args) => [
  ...seo({ title: "Saldo de tu tarjeta regalo", description: "Consulta cuánto queda en tu tarjeta regalo y hasta cuándo sirve." }, args),
];

type ActionData = { ok: true; final: string; texto: string; vencida: boolean } | { ok: false; message: string };

/**
 * The balance of a card by its code. The code is a secret, so it travels in a POST's body, never in the address;
 * the answer is shown in that same response (the API limits checks per address and hour: a reload asks again).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const outcome = await consultarSaldo(String(form.get("codigo") ?? "").slice(0, 60));
  const headers = { "Cache-Control": "private, no-store" };
  if (!outcome.ok) return json<ActionData>({ ok: false, message: outcome.message }, { status: 400, headers });
  const { saldo } = outcome;
  return json<ActionData>({ ok: true, final: saldo.codigo_final, texto: saldoText(saldo), vencida: saldo.vencida }, { headers });
}

export default function TarjetaSaldo() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = result && !result.ok ? result.message : null;
  return (
    <div className="container section booking-narrow">
      <div className="panel">
        <h1>Saldo de tu tarjeta regalo</h1>
        <p className="muted">Escribe el código que llegó en el correo de la tarjeta para ver cuánto le queda y hasta cuándo sirve.</p>
        <Form method="post" action="/tarjeta-regalo/saldo" noValidate className="booking-form" data-testid="saldo-form">
          <div className="field">
            <label htmlFor="saldo-codigo">Código de la tarjeta regalo</label>
            <input
              id="saldo-codigo"
              type="text"
              name="codigo"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "saldo-codigo-hint saldo-codigo-error" : "saldo-codigo-hint"}
            />
            <div className="field__hint" id="saldo-codigo-hint">
              Ejemplo: {formatTarjetaCodigo("ABCDEFGHJKMN")} (con o sin guiones)
            </div>
            {error ? (
              <div className="field__error" id="saldo-codigo-error" role="alert" data-testid="saldo-error">
                {error}
              </div>
            ) : null}
          </div>
          <button type="submit" className="btn btn--block" disabled={busy}>
            {busy ? "Consultando…" : "Consultar saldo"}
          </button>
        </Form>
        {result?.ok ? (
          <div className={`notice ${result.vencida ? "notice--error" : "notice--success"} gift-balance`} role="status" data-testid="saldo-resultado">
            <p>Tarjeta regalo {result.final}</p>
            <p data-testid="saldo-texto">{result.texto}</p>
          </div>
        ) : null}
        <p>
          ¿Quieres regalar una? <Link to="/tarjeta-regalo">Compra una tarjeta regalo</Link> para quien quieras.
        </p>
      </div>
    </div>
  );
}
