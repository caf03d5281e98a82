import { Link } from "@remix-run/react";

/** A page whose record the API cannot give right now (no answer, or a failure): say so and offer the home. */
export function Unavailable({ title, what }: { title: string; what: string }) {
  return (
    <div className="container section">
      <h1>{title}</h1>
      <p className="empty">{`No pudimos cargar ${what} en este momento. Inténtalo de nuevo en unos minutos.`}</p>
      <p>
        <Link to="/">Volver al inicio</Link>
      </p>
    </div>
  );
}
