import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveBeacon } from "~/lib/field-vitals.server";

/** The field-vitals beacon (issue 27): same origin, so the page's CSP (`connect-src 'self'`) allows it. */
export const action = ({ request }: ActionFunctionArgs) => receiveBeacon(request);
