import { Link } from "@remix-run/react";
import { sceneImage } from "~/lib/scene-image";

/** The Japan promo banner of the home; it links to the country page when Japan is in the catalogue. */
export function JapanPromo({ href }: { href: string }) {
  return (
    <section className="container section" aria-labelledby="promo-japon">
      <div className="promo" data-testid="japan-promo">
        <img src={sceneImage("promo-japon-sakura")} alt="" width={1600} height={600} loading="lazy" decoding="async" />
        <div className="promo__content">
          <p className="badge">Nuevo destino</p>
          <h2 id="promo-japon">Descubre Japón</h2>
          <p>Tokio, Kioto y Osaka con guías en español: templos, mercados y la temporada de los cerezos.</p>
          <Link to={href} className="btn">
            Ver experiencias en Japón
          </Link>
        </div>
      </div>
    </section>
  );
}
