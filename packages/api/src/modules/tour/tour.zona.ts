import { type SQL, sql } from "drizzle-orm";
import { paisTable } from "../pais/pais.table.ts";
import { tourTable } from "./tour.table.ts";

/** A tour's IANA zone in a query that joins its country: its own, else its country's. */
export function tourZona(): SQL<string> {
  return sql<string>`coalesce(${tourTable.zonaHoraria}, ${paisTable.zonaHoraria})`;
}
