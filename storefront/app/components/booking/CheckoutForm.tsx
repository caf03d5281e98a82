import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { MSG } from "@tours/domain";
import { useEffect, useRef } from "react";
import { showToast } from "~/lib/toast-client";
import type { CheckoutValues } from "~/lib/checkout.server";
import { Field } from "./Field";
import { FormNotice } from "./FormNotice";
import type { FieldErrors, Notice } from "./forms.server";
import { useHydrated } from "./use-hydrated";

interface CheckoutFormProps {
  total: string;
  values?: Partial<CheckoutValues>;
  errors?: FieldErrors;
  messages?: string[];
  /** The message of a plain HTML post (no JavaScript), shown at the top of the form. */
  notice?: Notice;
}

/**
 * The contact form of the checkout (spec §5). With JavaScript it is a modal over the cart; without it, a plain
 * section under the cart. Either way it posts to /shop, and the action sends the buyer to PayPal.
 */
export function CheckoutForm({ total, values = {}, errors = {}, messages = [], notice }: CheckoutFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!hydrated) return;
    box.current?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate("/shop", { preventScrollReset: true, replace: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [hydrated, navigate]);

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
      {messages.length > 0 ? (
        <ul className="notice notice--error" role="alert">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      <div className="form-grid">
        <Field label="Nombre" name="nombre" autoComplete="given-name" defaultValue={values.nombre} error={errors.nombre} required />
        <Field label="Apellido" name="apellido" autoComplete="family-name" defaultValue={values.apellido} error={errors.apellido} required />
        <Field label="Cédula o NIT" name="nit" inputMode="numeric" defaultValue={values.nit} error={errors.nit} required />
        <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} required />
        <Field label="Teléfono" name="telefono" type="tel" autoComplete="tel" defaultValue={values.telefono} error={errors.telefono} required />
        <Field label="Teléfono 2" name="telefonoRespaldo" type="tel" defaultValue={values.telefonoRespaldo} error={errors.telefonoRespaldo} />
      </div>
      <Field label="Dirección" name="direccion" autoComplete="street-address" defaultValue={values.direccion} error={errors.direccion} required />
      <Field label="Comentario" name="comentario" multiline defaultValue={values.comentario} error={errors.comentario} />
      <p className="muted">Te llevaremos a PayPal para pagar {total} de forma segura.</p>
      <button type="submit" className="btn btn--block" disabled={busy}>
        {busy ? "Creando el pedido…" : `Pagar ${total}`}
      </button>
    </Form>
  );

  if (!hydrated) {
    return (
      <section className="panel checkout-section" id="datos" aria-labelledby="checkout-title">
        <h2 id="checkout-title">Datos de contacto</h2>
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
        {form}
      </div>
    </div>
  );
}
