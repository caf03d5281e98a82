import { Form, useActionData, useNavigation } from "@remix-run/react";
import { TRAVELLER_LABELS_ES, formatDateEs } from "@tours/domain";
import { Field } from "./Field";
import { FormNotice } from "./FormNotice";
import { useHydrated } from "./use-hydrated";
import type { BookingCalendar } from "./calendar-state";
import type { FieldErrors, Notice } from "./forms.server";

export type WaitlistResult = (
  | { intent: "waitlist"; ok: true; sentAt: number }
  | { intent: "waitlist"; ok: false; values: Record<string, string>; errors: FieldErrors }
) & { notice?: Notice };

/** The traveller kinds that take a place, as the cart counts them (pets take none: decision 0007). */
const PERSONS = [
  { name: "mayores_15", label: TRAVELLER_LABELS_ES.mayores15, initial: "1" },
  { name: "de_4_15", label: TRAVELLER_LABELS_ES.menoresde15_a4, initial: "0" },
  { name: "menores_3", label: TRAVELLER_LABELS_ES.menores3, initial: "0" },
] as const;

/**
 * "Avísame si se libera un lugar" (issue 24, docs/decisions/0023): when the shown month has sold-out departures (or
 * ones held by other travellers), a plain POST form of the tour page — which departure, an address and how many
 * people — that works without JavaScript; the answer is shown in the form (a toast with JavaScript). Sold-out days
 * stay unclickable in the calendar: the form lists their departures itself, the day asked for first.
 */
export function WaitlistForm({ agotadas }: { agotadas: BookingCalendar["agotadas"] }) {
  const data = useActionData() as WaitlistResult | { intent: string | null } | undefined;
  const result = data?.intent === "waitlist" ? (data as WaitlistResult) : undefined;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "waitlist";
  if (agotadas.length === 0) return null;
  const values = result && !result.ok ? result.values : {};
  const errors = result && !result.ok ? result.errors : {};
  return (
    <section className="waitlist" aria-labelledby="waitlist-title" data-testid="waitlist">
      <h3 id="waitlist-title" className="slots-title">
        Avísame si se libera un lugar
      </h3>
      <p className="muted">
        Te escribimos en orden de llegada si se liberan lugares para tu grupo, y te los guardamos un tiempo para que
        pagues.
      </p>
      <Form method="post" noValidate className="booking-form" key={result?.ok ? result.sentAt : "waitlist"} data-testid="waitlist-form">
        <input type="hidden" name="intent" value="waitlist" />
        <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
        <FormNotice notice={result?.notice} />
        <div className="field">
          <label htmlFor="waitlist-salida">Salida agotada</label>
          <select id="waitlist-salida" name="salida" defaultValue={values.salida ?? `${agotadas[0]!.fecha} ${agotadas[0]!.hora}`} className="waitlist__select">
            {agotadas.map((d) => (
              <option key={`${d.fecha} ${d.hora}`} value={`${d.fecha} ${d.hora}`}>
                {formatDateEs(d.fecha)}, {d.label}
              </option>
            ))}
          </select>
        </div>
        <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} required id="waitlist-email" />
        <fieldset className="waitlist__persons">
          <legend>¿Cuántas personas?</legend>
          {PERSONS.map((p) => (
            <div className="field" key={p.name}>
              <label htmlFor={`waitlist-${p.name}`}>{p.label}</label>
              <input
                id={`waitlist-${p.name}`}
                name={p.name}
                type="number"
                inputMode="numeric"
                min={0}
                max={20}
                defaultValue={values[p.name] ?? p.initial}
                aria-invalid={errors[p.name] ? true : undefined}
                aria-describedby={errors[p.name] ? `waitlist-${p.name}-error` : undefined}
                className="waitlist__count"
              />
              {errors[p.name] ? (
                <div className="field__error" id={`waitlist-${p.name}-error`}>
                  {errors[p.name]}
                </div>
              ) : null}
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Enviando…" : "Avísame si se libera un lugar"}
        </button>
      </Form>
    </section>
  );
}
