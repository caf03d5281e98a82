import { Card } from "../Card";
import { countryPath } from "~/lib/catalogue-format";
import { useImageBase } from "~/lib/images";
import { imageOrScene } from "~/lib/scene-image";

export interface CountryCardData {
  id: number;
  nombre: string;
  imagen: string | null;
  actividades: number;
  viajeros: number;
  opiniones: number;
}

const nf = new Intl.NumberFormat("es-CO");

/** "Principales Experiencias": one card per country with its counters and the 0/10 rating placeholder. */
export function CountryCards({ countries }: { countries: CountryCardData[] }) {
  const base = useImageBase();
  return (
    <section className="container section" aria-labelledby="experiencias-title">
      <div className="section__head">
        <h2 id="experiencias-title">Principales Experiencias</h2>
      </div>
      {countries.length === 0 ? (
        <p className="empty">Pronto tendremos nuevos destinos para ti.</p>
      ) : (
        <div className="grid grid--3">
          {countries.map((country, i) => (
            <Card
              key={country.id}
              testId="country-card"
              href={countryPath(country.id)}
              title={country.nombre}
              image={imageOrScene(base, country.imagen, `pais-${country.nombre}`, country.nombre)}
              eager={i < 3}
              price={
                <span>
                  <span className="badge badge--navy" aria-label="Valoración 0 de 10">
                    0/10
                  </span>
                </span>
              }
            >
              <dl className="counters">
                <dt>Actividades</dt>
                <dd data-testid="count-actividades">{nf.format(country.actividades)}</dd>
                <dt>Viajeros</dt>
                <dd data-testid="count-viajeros">{nf.format(country.viajeros)}</dd>
                <dt>Opiniones</dt>
                <dd data-testid="count-opiniones">{nf.format(country.opiniones)}</dd>
              </dl>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
