import { StaticPage, staticMeta } from "~/components/StaticPage";
import { staticPageHeaders } from "~/lib/seo";

export const headers = staticPageHeaders;
export const meta = staticMeta("agencia-de-viaje");

export default function Page() {
  return <StaticPage slug="agencia-de-viaje" />;
}
