import { Link } from "@remix-run/react";

// The pages that cannot be shown: one module, so the route chunks that need Unavailable load it with the error page
// every page already loads (the root's), not as a chunk of its own.

/** The Spanish error page: 404 for unknown URLs and ids, a generic message for everything else. */
export function ErrorPage({ status }: { status: number }) {
  const notFound = status === 404;
  return (
    <section className="container error-page" aria-labelledby="error-title" data-testid="error-page">
      <p className="error-page__code" aria-hidden="true">
        {notFound ? "404" : "¡Uy!"}
      </p>
      <h1 id="error-title">{notFound ? "Página no encontrada" : "Algo salió mal"}</h1>
      <p className="muted">
        {notFound
          ? "La página que buscas no existe o el destino ya no está disponible."
          : "No pudimos mostrar esta página. Inténtalo de nuevo en unos minutos; si el problema continúa, escríbenos."}
      </p>
      <div className="row">
        <Link to="/" className="btn">
          Volver al inicio
        </Link>
        <Link to="/buscar" className="btn btn--ghost">
          Buscar un destino
        </Link>
      </div>
    </section>
  );
}

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
