import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ErrorSummary } from "~/components/booking/ErrorSummary";
import { Field } from "~/components/booking/Field";
import { formValues, type FieldErrors } from "~/components/booking/forms.server";
import { privatePageHeaders } from "~/components/booking/headers";
import { useHydrated } from "~/components/booking/use-hydrated";
import { comprarTarjeta } from "~/lib/gift-card.server";
import { COMPRA_FIELDS, MENSAJE_MAX, MONTO_MAX_USD, MONTO_MIN_USD, MONTOS_USD, OTRO_VALOR, type CompraValues } from "~/lib/gift-card";
import { seo } from "~/lib/seo";

export const headers = privatePageHeaders;

export const meta: MetaFunction = (args) => [
  ...seo(
    {
      title: "Tarjetas regalo",
      description: "Regala un tour: una tarjeta regalo en USD, válida 12 meses para cualquiera de nuestros tours, que llega por correo a quien la recibe.",
    },
    args,
  ),
];

const NO_STORE = { "Cache-Control": "private, no-store" };
const CANCELADA = "Cancelaste el pago: la tarjeta no se compró.";

export async function loader({ request }: LoaderFunctionArgs) {
  const cancelada = new URL(request.url).searchParams.get("cancelada") === "1";
  return json({ cancelada }, { headers: NO_STORE });
}

type ActionData = { values: CompraValues; errors: FieldErrors; messages: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const values = formValues(await request.formData(), COMPRA_FIELDS);
  const outcome = await comprarTarjeta(values);
  // to PayPal in the same tab, with JavaScript or without (Remix follows an action's redirect to another site)
  if (outcome.kind === "approve") return redirect(outcome.url, { headers: NO_STORE });
  return json<ActionData>({ values, errors: outcome.errors, messages: outcome.messages }, { status: 400, headers: NO_STORE });
}

/** The form's fields that can be wrong, in order, with their labels (the summary names them like the form). */
const LABELS: ReadonlyArray<readonly [string, string]> = [
  ["monto", "Valor de la tarjeta"],
  ["comprador_nombre", "Tu nombre"],
  ["comprador_email", "Tu correo electrónico"],
  ["destinatario_nombre", "Nombre de quien la recibe"],
  ["destinatario_email", "Correo de quien la recibe"],
  ["mensaje", "Mensaje"],
];
const fieldId = (name: string) => `tarjeta-${name}`;

function AmountChoice({ values, error }: { values: Partial<CompraValues>; error?: string }) {
  const hydrated = useHydrated();
  const typedOther = Boolean(values.monto_otro) && (values.monto === OTRO_VALOR || !values.monto);
  const chosen = typedOther ? OTRO_VALOR : (values.monto ?? "");
  const [other, setOther] = useState(chosen === OTRO_VALOR);
  const errorId = `${fieldId("monto")}-error`;
  return (
    <fieldset className="gift-amounts" aria-describedby={error ? errorId : undefined}>
      <legend>
        Valor de la tarjeta<span aria-hidden="true"> *</span>
      </legend>
      <div className="gift-amounts__options">
        {MONTOS_USD.map((usd, index) => (
          <label key={usd} className="gift-amount">
            <input
              type="radio"
              name="monto"
              value={String(usd)}
              id={index === 0 ? fieldId("monto") : undefined}
              defaultChecked={chosen === String(usd)}
              onChange={() => setOther(false)}
            />
            <span>USD {usd}</span>
          </label>
        ))}
        <label className="gift-amount">
          <input type="radio" name="monto" value={OTRO_VALOR} defaultChecked={chosen === OTRO_VALOR} onChange={() => setOther(true)} data-testid="monto-otro-radio" />
          <span>Otro valor</span>
        </label>
      </div>
      <div className="field gift-amounts__other" hidden={hydrated && !other}>
        <label htmlFor={fieldId("monto_otro")}>
          Otro valor en USD (de {MONTO_MIN_USD} a {MONTO_MAX_USD})
        </label>
        <input
          id={fieldId("monto_otro")}
          name="monto_otro"
          type="number"
          inputMode="decimal"
          min={MONTO_MIN_USD}
          max={MONTO_MAX_USD}
          step="0.01"
          defaultValue={values.monto_otro}
          // hidden with JavaScript while a fixed amount is marked: then it is not sent either
          disabled={hydrated && !other}
          aria-invalid={error && chosen === OTRO_VALOR ? true : undefined}
          aria-describedby={error && chosen === OTRO_VALOR ? errorId : undefined}
        />
        {hydrated ? null : <div className="field__hint">Para otro valor marca «Otro valor» y escribe el importe, sin puntos de miles (por ejemplo 75 o 75.50).</div>}
      </div>
      {error ? (
        <div className="field__error" id={errorId}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

function Mensaje({ value, error }: { value?: string; error?: string }) {
  const hydrated = useHydrated();
  const [length, setLength] = useState(value?.length ?? 0);
  const id = fieldId("mensaje");
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>Mensaje para quien la recibe (opcional)</label>
      <textarea
        id={id}
        name="mensaje"
        rows={4}
        maxLength={MENSAJE_MAX}
        defaultValue={value}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div className="field__hint" id={`${id}-hint`} aria-live={hydrated ? "polite" : undefined} data-testid="mensaje-contador">
        {hydrated ? `${length} de ${MENSAJE_MAX} caracteres` : `Hasta ${MENSAJE_MAX} caracteres`}
      </div>
      {error ? (
        <div className="field__error" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

export default function TarjetaRegalo() {
  const { cancelada } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const values: Partial<CompraValues> = posted?.values ?? {};
  const errors = posted?.errors ?? {};
  const messages = posted?.messages ?? [];
  const invalid = LABELS.filter(([name]) => errors[name]);
  const firstInvalid = invalid[0]?.[0];

  useEffect(() => {
    // after a refused post, the first field to correct takes the focus (its error is read with it)
    if (!hydrated || !firstInvalid) return;
    const other = document.getElementById(fieldId("monto_otro"));
    const target = firstInvalid === "monto" && other && !other.closest("[hidden]") ? other : document.getElementById(fieldId(firstInvalid));
    target?.focus();
  }, [hydrated, firstInvalid, posted]);

  return (
    <div className="container section booking-narrow">
      <h1>Tarjetas regalo</h1>
      <div className="panel gift-intro">
        <p>
          Regala un viaje: la tarjeta regalo lleva el valor que elijas en dólares y llega por correo a quien la recibe, con
          un código y tu mensaje.
        </p>
        <ul>
          <li>Sirve durante 12 meses desde la compra.</li>
          <li>Vale para cualquiera de nuestros tours, en cualquier fecha con lugares.</li>
          <li>
            Paga una reserva entera o una parte: en el carrito se escribe el código y, si la reserva cuesta más, el resto se
            paga con PayPal. Lo que no se gaste queda como saldo.
          </li>
        </ul>
        <p>
          ¿Ya tienes una? <Link to="/tarjeta-regalo/saldo">Consulta su saldo</Link>.
        </p>
      </div>

      <section className="panel" aria-labelledby="comprar-titulo">
        <h2 id="comprar-titulo">Comprar una tarjeta regalo</h2>
        {cancelada && !posted ? (
          <p className="notice notice--info" role="status" data-testid="tarjeta-cancelada">
            {CANCELADA}
          </p>
        ) : null}
        <Form method="post" action="/tarjeta-regalo" noValidate className="booking-form" data-testid="tarjeta-form">
          <ErrorSummary invalid={invalid} errors={errors} fieldId={fieldId} messages={messages} testId="tarjeta-errores" />
          <AmountChoice values={values} error={errors.monto} />
          <h3 className="gift-form__group">Tus datos</h3>
          <div className="form-grid">
            <Field label="Tu nombre" name="comprador_nombre" id={fieldId("comprador_nombre")} autoComplete="name" defaultValue={values.comprador_nombre} error={errors.comprador_nombre} required />
            <Field
              label="Tu correo electrónico"
              name="comprador_email"
              id={fieldId("comprador_email")}
              type="email"
              autoComplete="email"
              defaultValue={values.comprador_email}
              error={errors.comprador_email}
              hint="Te avisamos aquí cuando la tarjeta se envíe."
              required
            />
          </div>
          <h3 className="gift-form__group">Quién la recibe</h3>
          <div className="form-grid">
            <Field label="Nombre de quien la recibe" name="destinatario_nombre" id={fieldId("destinatario_nombre")} autoComplete="off" defaultValue={values.destinatario_nombre} error={errors.destinatario_nombre} required />
            <Field
              label="Correo de quien la recibe"
              name="destinatario_email"
              id={fieldId("destinatario_email")}
              type="email"
              autoComplete="off"
              defaultValue={values.destinatario_email}
              error={errors.destinatario_email}
              hint="Le enviamos la tarjeta con su código en cuanto pagues."
              required
            />
          </div>
          <Mensaje value={values.mensaje} error={errors.mensaje} />
          <p className="muted">Te llevaremos a PayPal para pagar la tarjeta de forma segura.</p>
          <button type="submit" className="btn btn--block" disabled={busy} data-testid="tarjeta-pagar">
            {busy ? "Preparando el pago…" : "Comprar con PayPal"}
          </button>
        </Form>
      </section>
    </div>
  );
}
