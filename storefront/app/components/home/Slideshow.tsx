import { useEffect, useState } from "react";
import { FETCH_PRIORITY_HIGH } from "~/lib/images";
import { sceneImage } from "~/lib/scene-image";
import { SLIDESHOW_INTERVAL_MS } from "@tours/domain";

/** Spec §9: 5 images, a new one every 9 s, 1 → 5 and back to 1. */

export const SLIDES = [
  { title: "Cartagena de Indias", caption: "Murallas, balcones de colores y atardeceres en el Caribe colombiano." },
  { title: "Cusco y el Valle Sagrado", caption: "Camina entre terrazas incas con guías locales." },
  { title: "Ciudad de México", caption: "Mercados, murales y la mejor comida callejera del continente." },
  { title: "Kioto", caption: "Templos, jardines zen y el barrio de las geishas." },
  { title: "Buenos Aires", caption: "Tango, cafés históricos y barrios con carácter." },
] as const;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** The hero's background slideshow with captions; it stays on the first slide for prefers-reduced-motion. */
export function Slideshow() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || prefersReducedMotion()) return;
    const timer = setInterval(() => setActive((i) => (i + 1) % SLIDES.length), SLIDESHOW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  return (
    <>
      <ul className="slides" aria-roledescription="carrusel" aria-label="Destinos destacados">
        {SLIDES.map((slide, i) => (
          <li
            key={slide.title}
            className="slide"
            data-active={i === active}
            data-testid="slide"
            aria-hidden={i !== active}
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${SLIDES.length}`}
          >
            <img
              src={sceneImage(`slide-${slide.title}`)}
              alt=""
              width={1600}
              height={900}
              loading={i === 0 ? "eager" : "lazy"}
              {...(i === 0 ? FETCH_PRIORITY_HIGH : {})}
              decoding="async"
            />
            <p className="slide__caption">
              <strong>{slide.title}</strong>
              {slide.caption}
            </p>
          </li>
        ))}
      </ul>
      <div className="slides__dots" role="group" aria-label="Elegir diapositiva">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            aria-label={`Ver ${slide.title}`}
            aria-current={i === active}
            onClick={() => {
              setActive(i);
              setPaused(true);
            }}
          />
        ))}
      </div>
    </>
  );
}
