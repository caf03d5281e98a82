import { StaticPage, staticMeta } from "~/components/StaticPage";
import { staticPageHeaders } from "~/lib/seo";

export const headers = staticPageHeaders;
export const meta = staticMeta("afiliados");

export default function Page() {
  return <StaticPage slug="afiliados" />;
}
