import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CARD_SIZES, srcSetForUrl, useImageBase } from "~/lib/images";

export interface CardProps {
  href: string;
  title: string;
  image: string;
  imageAlt?: string;
  /** One-line brief under the title. */
  text?: ReactNode;
  /** Small facts (duration, city, rating…). */
  meta?: ReactNode[];
  /** Price or other right-aligned footer content. */
  price?: ReactNode;
  badge?: ReactNode;
  /** Above the fold: load eagerly. */
  eager?: boolean;
  /** `sizes` of the photo (stored uploads get a `srcSet`); defaults to the 1/2/3-column grid. */
  sizes?: string;
  children?: ReactNode;
  headingLevel?: 2 | 3;
  testId?: string;
}

/**
 * The storefront's card (ui-brief): a 4:3 photo first (its size fixed by width/height and the 4:3 box, so no
 * layout shift; stored uploads come with a srcset so phones fetch the 480 px copy), then the name, a brief and the facts. The whole card is
 * the link (a stretched link, so the text stays selectable and screen readers hear one link named by the title).
 */
export function Card({
  href,
  title,
  image,
  imageAlt = "",
  text,
  meta,
  price,
  badge,
  eager = false,
  sizes = CARD_SIZES,
  children,
  headingLevel = 3,
  testId,
}: CardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const srcSet = srcSetForUrl(useImageBase(), image);
  return (
    <article className="card" data-testid={testId}>
      <div className="card__media">
        <img
          src={image}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={imageAlt}
          width={800}
          height={600}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      </div>
      <div className="card__body">
        {badge ? <div>{badge}</div> : null}
        <Heading className="card__title">
          <Link to={href} className="card__link" prefetch="intent">
            {title}
          </Link>
        </Heading>
        {text ? <p className="card__text">{text}</p> : null}
        {meta && meta.length > 0 ? (
          <ul className="card__meta">
            {meta.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : null}
        {children}
        {price ? <div className="card__footer">{price}</div> : null}
      </div>
    </article>
  );
}
