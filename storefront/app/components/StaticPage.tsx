import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageHero } from "./PageHero";
import { STATIC_PAGES, type StaticPageSlug } from "./static-pages";
import { sceneImage } from "~/lib/scene-image";
import { seo } from "~/lib/seo";

export function staticMeta(slug: StaticPageSlug): MetaFunction {
  const page = STATIC_PAGES[slug];
  return (args) => seo({ title: page.title, description: page.description }, args);
}

/** A menu page rendered from its content entry. */
export function StaticPage({ slug }: { slug: StaticPageSlug }) {
  const page = STATIC_PAGES[slug];
  return (
    <>
      <PageHero
        title={page.title}
        image={sceneImage(`static-${slug}`)}
        lead={page.lead}
        crumbs={[{ label: "Inicio", to: "/" }, { label: page.title }]}
      />
      <div className="container section prose">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {"paragraphs" in section && section.paragraphs
              ? section.paragraphs.map((p, i) => <p key={i}>{p}</p>)
              : null}
            {"items" in section && section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <div className="row" style={{ marginTop: "1.5rem" }}>
          {page.actions.map((action, i) =>
            "external" in action && action.external ? (
              <a key={action.to} href={action.to} className={i === 0 ? "btn" : "btn btn--ghost"} rel="noopener noreferrer">
                {action.label}
              </a>
            ) : (
              <Link key={action.to} to={action.to} className={i === 0 ? "btn" : "btn btn--ghost"}>
                {action.label}
              </Link>
            ),
          )}
        </div>
      </div>
    </>
  );
}
