import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FETCH_PRIORITY_HIGH, HERO_SIZES, srcSetForUrl, useImageBase } from "~/lib/images";

export interface Crumb {
  label: string;
  to?: string;
}

/** Full-width photo hero with the page name over a soft gradient (country, city, static pages). */
export function PageHero({
  title,
  image,
  lead,
  crumbs,
  children,
}: {
  title: string;
  image: string;
  lead?: ReactNode;
  crumbs?: Crumb[];
  children?: ReactNode;
}) {
  const srcSet = srcSetForUrl(useImageBase(), image);
  return (
    <header className="hero page-hero">
      <div className="hero__media">
        {/* the page's first, largest picture: fetched eagerly and first */}
        <img
          src={image}
          srcSet={srcSet}
          sizes={srcSet ? HERO_SIZES : undefined}
          alt=""
          width={1600}
          height={600}
          loading="eager"
          {...FETCH_PRIORITY_HIGH}
          decoding="async"
        />
      </div>
      <div className="hero__shade" />
      <div className="container hero__content">
        {crumbs && crumbs.length > 0 ? <Breadcrumbs crumbs={crumbs} /> : null}
        <h1>{title}</h1>
        {lead ? <p className="hero__lead">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Ruta de navegación">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={`${crumb.label}-${i}`}>
            {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
