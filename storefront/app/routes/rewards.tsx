import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { InfoRequestForm } from "~/components/booking/InfoRequestForm";
import { submitInfoRequest } from "~/components/booking/info-request.server";
import { seo } from "~/lib/seo";
import { privatePageHeaders } from "~/components/booking/headers";

export const headers = privatePageHeaders;

export const meta: MetaFunction = (args) =>
  seo({ title: "Puzzle Rewards", description: "Solicita información sobre Puzzle Rewards, el programa de beneficios para viajeros." }, args);

export const action = ({ request }: ActionFunctionArgs) => submitInfoRequest(request, "rewards");

export default function Rewards() {
  return (
    <div className="container section booking-narrow">
      <div className="panel">
        <h1>Puzzle Rewards</h1>
        <p>
          Acumula beneficios cada vez que viajas con nosotros. Déjanos tus datos y te enviaremos toda la información del
          programa.
        </p>
        <InfoRequestForm withComment={false} submitLabel="Solicitar información" />
      </div>
    </div>
  );
}
