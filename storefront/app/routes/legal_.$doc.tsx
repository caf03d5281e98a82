import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { COMPANY, legalDoc } from "~/components/legal-docs";
import { seo, staticPageHeaders } from "~/lib/seo";

export const headers = staticPageHeaders;

export function loader({ params }: LoaderFunctionArgs) {
  const doc = legalDoc(params.doc);
  if (!doc) throw new Response("Documento no encontrado", { status: 404 });
  return json({ doc });
}

export const meta: MetaFunction<typeof loader> = (args) =>
  seo({ title: args.data?.doc.title ?? "Documento legal", description: args.data?.doc.summary, type: "article" }, args);

/** One of the legal documents linked from /legal (contract, privacy policy, terms). */
export default function LegalDocument() {
  const { doc } = useLoaderData<typeof loader>();
  return (
    <article className="container section prose">
      <p>
        <Link to="/legal">← Aviso legal</Link>
      </p>
      <h1>{doc.title}</h1>
      <p className="muted">
        {COMPANY.name} · Última actualización: {doc.updated}
      </p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
