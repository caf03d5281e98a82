import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { InfoRequestForm } from "~/components/booking/InfoRequestForm";
import { submitInfoRequest } from "~/components/booking/info-request.server";
import { seo } from "~/lib/seo";
import { privatePageHeaders } from "~/components/booking/headers";

export const headers = privatePageHeaders;

export const meta: MetaFunction = (args) =>
  seo({ title: "Ayuda", description: "¿Tienes una pregunta sobre tu reserva? Escríbenos y nuestro equipo te responde." }, args);

export const action = ({ request }: ActionFunctionArgs) => submitInfoRequest(request, "ayuda");

export default function Ayuda() {
  return (
    <div className="container section booking-narrow">
      <div className="panel">
        <h1>Centro de ayuda</h1>
        <p>Cuéntanos qué necesitas: nuestro equipo de atención al cliente te responde 24/7.</p>
        <InfoRequestForm withComment submitLabel="Enviar solicitud" />
      </div>
    </div>
  );
}
