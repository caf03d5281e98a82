import { STAR_RATING_MAX } from "@tours/domain";

/** A read-only rating out of 5 (spec §9), e.g. ★★★★☆ with its value for screen readers. */
export function Stars({ value }: { value: number }) {
  const rounded = Math.max(0, Math.min(STAR_RATING_MAX, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={`${rounded} de ${STAR_RATING_MAX} estrellas`}>
      <span aria-hidden="true" className="stars__on">
        {"★".repeat(rounded)}
      </span>
      <span aria-hidden="true" className="stars__off">
        {"★".repeat(STAR_RATING_MAX - rounded)}
      </span>
    </span>
  );
}

/** The 1–5 star input: radio buttons (so it works without JavaScript) drawn as stars. */
export function StarInput({ name, defaultValue, error }: { name: string; defaultValue?: number; error?: string }) {
  return (
    <fieldset className="star-input" aria-invalid={error ? true : undefined}>
      <legend>Calificación</legend>
      <div className="star-input__options">
        {[5, 4, 3, 2, 1].map((n) => (
          <label key={n} title={`${n} de 5`}>
            <input type="radio" name={name} value={n} defaultChecked={defaultValue === n} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{`${n} ${n === 1 ? "estrella" : "estrellas"}`}</span>
          </label>
        ))}
      </div>
      {error ? <div className="field__error">{error}</div> : null}
    </fieldset>
  );
}
