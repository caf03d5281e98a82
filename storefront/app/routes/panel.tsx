import type { LoaderFunctionArgs } from "@remix-run/node";
import { servePanel } from "~/lib/panel.server";

// Resource route: /panel itself answers the panel's index.html (see panel.$.tsx for everything below it).
export const loader = ({ context }: LoaderFunctionArgs) => servePanel("", context.cspNonce);
