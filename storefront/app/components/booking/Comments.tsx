import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { Comentario } from "@tours/contract";
import { formatDateEs, isValidDate } from "@tours/domain";
import { Field } from "./Field";
import { FormNotice } from "./FormNotice";
import type { FieldErrors, Notice } from "./forms.server";
import { StarInput, Stars } from "./Stars";
import { useHydrated } from "./use-hydrated";

export type CommentResult = (
  | { intent: "comment"; ok: true; sentAt: number }
  | { intent: "comment"; ok: false; values: Record<string, string>; errors: FieldErrors }
) & { notice?: Notice };

function CommentForm() {
  // The page's action also answers the booking step; only the comment's answer concerns this form.
  const data = useActionData() as CommentResult | { intent: null } | undefined;
  const result = data?.intent === "comment" ? data : undefined;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "comment";
  const values = result && !result.ok ? result.values : {};
  const errors = result && !result.ok ? result.errors : {};
  const rating = Number(values.start);
  return (
    <Form
      method="post"
      noValidate
      preventScrollReset
      className="booking-form"
      key={result?.ok ? result.sentAt : "comment"}
      data-testid="comment-form"
    >
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
      <FormNotice notice={result?.notice} />
      <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} required />
      <Field label="Comentario" name="comentario" multiline defaultValue={values.comentario} error={errors.comentario} required />
      <StarInput name="start" defaultValue={Number.isInteger(rating) ? rating : undefined} error={errors.start} />
      <button type="submit" className="btn" disabled={busy}>
        {busy ? "Enviando…" : "Publicar comentario"}
      </button>
    </Form>
  );
}

/** Comment form (email, text, 1–5 stars) and the list, newest first (the API masks the e-mail addresses). */
export function Comments({ comentarios }: { comentarios: Comentario[] }) {
  const average = comentarios.length
    ? comentarios.reduce((sum, c) => sum + c.start, 0) / comentarios.length
    : null;
  return (
    <section aria-labelledby="comentarios-title" id="comentarios">
      <h2 id="comentarios-title">Comentarios</h2>
      {average !== null ? (
        <p className="row">
          <Stars value={average} />
          <span className="muted">
            {average.toFixed(1)} de 5 · {comentarios.length} {comentarios.length === 1 ? "opinión" : "opiniones"}
          </span>
        </p>
      ) : (
        <p className="muted">Todavía no hay comentarios. ¡Cuéntanos tu experiencia!</p>
      )}
      <CommentForm />
      {comentarios.length > 0 ? (
        <ul className="comments" data-testid="comment-list">
          {comentarios.map((c) => (
            <li key={c.id} className="comment">
              <div className="comment__head">
                <strong>{c.email}</strong>
                <Stars value={c.start} />
                {isValidDate(c.createdAt.slice(0, 10)) ? <span className="muted">{formatDateEs(c.createdAt.slice(0, 10))}</span> : null}
              </div>
              <p>{c.comentario}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
