import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { MSG } from "@tours/domain";
import { useEffect, useRef } from "react";
import { showToast } from "~/lib/toast-client";
import type { CheckoutField, CheckoutValues } from "~/lib/checkout.server";
import { Field } from "./Field";
import { ErrorSummary } from "./ErrorSummary";
import { FormNotice } from "./FormNotice";
import type { FieldErrors, Notice } from "./forms.server";
import { useHydrated } from "./use-hydrated";
import { HoldNotice } from "./HoldNotice";
import type { HoldView } from "~/lib/hold";

/** The form's fields in order, with their labels (the error summary names them like the form does). */
const FIELD_LABELS: ReadonlyArray<readonly [CheckoutField, string]> = [
  ["nombre", "Nombre"],
  ["apellido", "Apellido"],
  ["nit", "Cédula o NIT"],
  ["email", "Email"],
  ["telefono", "Teléfono"],
  ["telefonoRespaldo", "Teléfono 2"],
  ["direccion", "Dirección"],
  ["comentario", "Comentario"],
];
const fieldId = (name: CheckoutField) => `checkout-${name}`;

interface CheckoutFormProps {
  total: string;
  values?: Partial<CheckoutValues>;
  errors?: FieldErrors;
  messages?: string[];
  /** The message of a plain HTML post (no JavaScript), shown at the top of the form. */
  notice?: Notice;
  /** The places an order made before from this cart still holds (paying again replaces that order). */
  hold?: HoldView | null;
  /** The cart's gift card: its code's end, the part it pays and what is left for PayPal. */
  card?: { final: string; part: string; paypal: string; paypalCents: number } | null;
}

/**
 * The contact form of the checkout (spec §5). With JavaScript it is a modal over the cart; without it, a plain
 * section under the cart. Either way it posts to /shop, and the action sends the buyer to PayPal.
 */
const NO_ERRORS: FieldErrors = {};

export function CheckoutForm({ total, values = {}, errors = NO_ERRORS, messages = [], notice, hold, card = null }: CheckoutFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);

  const invalid = FIELD_LABELS.filter(([name]) => errors[name]);
  const firstInvalid = invalid[0]?.[0];

  useEffect(() => {
    if (!hydrated) return;
    // the first field to correct, else the first field: its error is read out with it (aria-describedby)
    const first = firstInvalid ? document.getElementById(fieldId(firstInvalid)) : box.current?.querySelector<HTMLInputElement>("input:not([type=hidden])");
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate("/shop", { preventScrollReset: true, replace: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [hydrated, navigate, firstInvalid, errors]);

  const form = (
    <Form
      method="post"
      action="/shop?pagar=1#datos"
      noValidate
      className="booking-form"
      data-testid="checkout-form"
      onSubmit={() => showToast(MSG.creandoPedido, "info")}
    >
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
      <FormNotice notice={notice} />
      <ErrorSummary invalid={invalid} errors={errors} fieldId={fieldId} messages={messages} testId="checkout-errors" />
      <div className="form-grid">
        <Field label="Nombre" name="nombre" id={fieldId("nombre")} autoComplete="given-name" defaultValue={values.nombre} error={errors.nombre} required />
        <Field label="Apellido" name="apellido" id={fieldId("apellido")} autoComplete="family-name" defaultValue={values.apellido} error={errors.apellido} required />
        <Field label="Cédula o NIT" name="nit" id={fieldId("nit")} inputMode="numeric" defaultValue={values.nit} error={errors.nit} required />
        <Field label="Email" name="email" id={fieldId("email")} type="email" autoComplete="email" defaultValue={values.email} error={errors.email} required />
        <Field label="Teléfono" name="telefono" id={fieldId("telefono")} type="tel" autoComplete="tel" defaultValue={values.telefono} error={errors.telefono} required />
        <Field label="Teléfono 2" name="telefonoRespaldo" id={fieldId("telefonoRespaldo")} type="tel" defaultValue={values.telefonoRespaldo} error={errors.telefonoRespaldo} />
      </div>
      <Field label="Dirección" name="direccion" id={fieldId("direccion")} autoComplete="street-address" defaultValue={values.direccion} error={errors.direccion} required />
      <Field label="Comentario" name="comentario" id={fieldId("comentario")} multiline defaultValue={values.comentario} error={errors.comentario} />
      {card === null ? (
        <p className="muted">Te llevaremos a PayPal para pagar {total} de forma segura.</p>
      ) : card.paypalCents > 0 ? (
        <p className="muted" data-testid="checkout-card">
          Tu tarjeta regalo {card.final} paga {card.part}; te llevaremos a PayPal para pagar el resto, {card.paypal}, de forma segura.
        </p>
      ) : (
        <p className="muted" data-testid="checkout-card">
          Tu tarjeta regalo {card.final} paga todo el pedido ({card.part}): no hace falta pasar por PayPal.
        </p>
      )}
      <button type="submit" className="btn btn--block" disabled={busy}>
        {busy ? "Creando el pedido…" : card === null ? `Pagar ${total}` : card.paypalCents > 0 ? `Pagar ${card.paypal} con PayPal` : "Pagar con la tarjeta regalo"}
      </button>
    </Form>
  );

  if (!hydrated) {
    return (
      <section className="panel checkout-section" id="datos" aria-labelledby="checkout-title">
        <h2 id="checkout-title">Datos de contacto</h2>
        {hold ? <HoldNotice hold={hold} /> : null}
        {form}
      </section>
    );
  }
  return (
    <div className="modal">
      <div className="modal__box" role="dialog" aria-modal="true" aria-labelledby="checkout-title" ref={box}>
        <Link to="/shop" className="modal__close" aria-label="Cerrar" preventScrollReset replace>
          ×
        </Link>
        <h2 id="checkout-title">Datos de contacto</h2>
        {hold ? <HoldNotice hold={hold} /> : null}
        {form}
      </div>
    </div>
  );
}
