import type { LoaderFunctionArgs } from "@remix-run/node";
import { servePanel } from "~/lib/panel.server";

// Resource route: built files of admin/dist, or index.html for any SPA path under /panel/.
export const loader = ({ params, context }: LoaderFunctionArgs) => servePanel(params["*"] ?? "", context.cspNonce);
