import { useRef } from "react";
import { CAROUSEL_SIZES, FETCH_PRIORITY_HIGH, srcSetForUrl, useImageBase } from "~/lib/images";

export interface CarouselImage {
  src: string;
  alt: string;
}

/**
 * Photo carousel showing two images at a time on wide screens (one on phones). Without JavaScript it is a
 * horizontally scrollable strip with snap points; with it, the buttons move one page.
 */
export function Carousel({ images, label }: { images: CarouselImage[]; label: string }) {
  const track = useRef<HTMLDivElement>(null);
  const base = useImageBase();
  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: direction * el.clientWidth, behavior: reduce ? "auto" : "smooth" });
  };
  if (images.length === 0) return null;
  return (
    <section className="carousel" aria-roledescription="carrusel" aria-label={label} data-testid="carousel">
      <div className="carousel__track" ref={track} tabIndex={0} aria-label="Fotos: desliza para ver más">
        {images.map((image, i) => {
          const srcSet = srcSetForUrl(base, image.src);
          return (
            <figure key={`${image.src}-${i}`} className="carousel__item">
              <img
                src={image.src}
                srcSet={srcSet}
                sizes={srcSet ? CAROUSEL_SIZES : undefined}
                alt={image.alt}
                width={800}
                height={600}
                loading={i < 2 ? "eager" : "lazy"}
                {...(i === 0 ? FETCH_PRIORITY_HIGH : {})}
                decoding="async"
              />
            </figure>
          );
        })}
      </div>
      {images.length > 2 ? (
        <div className="carousel__nav">
          <button type="button" className="btn btn--small btn--ghost" onClick={() => move(-1)} aria-label="Fotos anteriores">
            ‹
          </button>
          <button type="button" className="btn btn--small btn--ghost" onClick={() => move(1)} aria-label="Fotos siguientes">
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
