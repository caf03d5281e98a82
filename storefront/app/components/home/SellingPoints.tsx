const POINTS = [
  { icon: "★", title: "Las mejores actividades", text: "Tours guiados y excursiones elegidos por viajeros como tú." },
  { icon: "☎", title: "Atención al cliente 24/7", text: "Te acompañamos antes, durante y después de tu viaje." },
  { icon: "✎", title: "Miles de opiniones", text: "Opiniones reales de viajeros que ya vivieron la experiencia." },
  { icon: "$", title: "Precios finales", text: "Sin sorpresas: el precio que ves, en USD, es el que pagas." },
] as const;

/** The four selling points of the home (spec §2). */
export function SellingPoints() {
  return (
    <section className="container section--tight" aria-labelledby="por-que-title">
      {/* the points are h3s: their section's h2 keeps the outline in order after the hero's h1 */}
      <h2 id="por-que-title" className="visually-hidden">
        Por qué reservar con nosotros
      </h2>
      <ul className="selling-points">
        {POINTS.map((point) => (
          <li key={point.title} className="selling-point">
            <span className="selling-point__icon" aria-hidden="true">
              {point.icon}
            </span>
            <div>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
