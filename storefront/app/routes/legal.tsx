import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { COMPANY, LEGAL_DOCS } from "~/components/legal-docs";
import { seo, staticPageHeaders } from "~/lib/seo";

export const headers = staticPageHeaders;

export const meta: MetaFunction = (args) =>
  seo(
    {
      title: "Aviso legal",
      description: `Aviso legal de ${COMPANY.name}: contrato, política de privacidad, términos, datos tributarios y contacto.`,
    },
    args,
  );

export default function Legal() {
  return (
    <div className="container section prose">
      <h1>Aviso legal</h1>
      <p>
        Este sitio pertenece a <strong>{COMPANY.name}</strong>, agencia de viajes legalmente constituida en Colombia.
        Aquí encuentras los documentos que rigen tus compras y el uso de tus datos.
      </p>
      <h2>Documentos</h2>
      <ul className="doc-links" data-testid="legal-docs">
        {LEGAL_DOCS.map((doc) => (
          <li key={doc.slug}>
            <Link to={`/legal/${doc.slug}`}>
              <Icon name="doc" size={24} />
              <span>
                {doc.title}
                <br />
                <small className="muted" style={{ fontWeight: 400 }}>
                  {doc.summary}
                </small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <h2>Datos tributarios y registro</h2>
      <dl data-testid="tax-details">
        <dt>Razón social</dt>
        <dd>{COMPANY.name}</dd>
        <dt>Identificación tributaria</dt>
        <dd>{COMPANY.nit} · Responsable de IVA</dd>
        <dt>Registro turístico</dt>
        <dd>{COMPANY.rnt}</dd>
        <dt>Domicilio</dt>
        <dd>{COMPANY.address}</dd>
      </dl>
      <h2>Contacto</h2>
      <p>
        Correo: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
        <br />
        Teléfono: <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
      </p>
    </div>
  );
}
