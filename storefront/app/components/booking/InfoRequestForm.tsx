import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Field } from "./Field";
import { FormNotice } from "./FormNotice";
import { useHydrated } from "./use-hydrated";
import type { InfoRequestResult } from "./info-request.server";

/** The rewards form (four fields) and the help form (the same plus a comment). */
export function InfoRequestForm({ withComment, submitLabel }: { withComment: boolean; submitLabel: string }) {
  const result = useActionData<InfoRequestResult>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  const values = result && !result.ok ? result.values : {};
  const errors = result && !result.ok ? result.errors : {};
  return (
    // A new key after a success empties the form; after an error the visitor's values are kept.
    <Form
      method="post"
      noValidate
      className="booking-form"
      key={result?.ok ? result.sentAt : "form"}
      data-testid={withComment ? "ayuda-form" : "rewards-form"}
    >
      <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
      <FormNotice notice={result?.notice} />
      <div className="form-grid">
        <Field label="Nombre" name="nombre" autoComplete="given-name" defaultValue={values.nombre} error={errors.nombre} required />
        <Field label="Apellido" name="apellido" autoComplete="family-name" defaultValue={values.apellido} error={errors.apellido} required />
        <Field label="Teléfono" name="telefono" type="tel" autoComplete="tel" defaultValue={values.telefono} error={errors.telefono} required />
        <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} required />
      </div>
      {withComment ? (
        <Field label="Comentario" name="comentario" multiline defaultValue={values.comentario} error={errors.comentario} required />
      ) : null}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? "Enviando…" : submitLabel}
      </button>
    </Form>
  );
}
