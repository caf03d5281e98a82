import { z } from "zod/mini";

/** A departure's guides (issue 28, docs/decisions/0010): who runs it, and the active guides that could. */
const GuiaAsignadoSchema = z.object({ id: z.number(), nombre: z.string(), email: z.string() });

export const SalidaGuiasSchema = z.object({
  /** The departure's key, "<tour>-<YYYYMMDD>-<HHMM>". */
  salida: z.string(),
  guias: z.array(GuiaAsignadoSchema),
  disponibles: z.array(GuiaAsignadoSchema),
});
export type SalidaGuias = z.output<typeof SalidaGuiasSchema>;

/** PUT /api/salidas/guias/{salidaId}: the departure's guides, replaced (an empty list unassigns them all). */
export const SalidaGuiasBody = z.object({
  guias: z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(50)),
});
export type SalidaGuiasBodyInput = z.input<typeof SalidaGuiasBody>;

export const SalidaGuiasAnswer = z.object({ succes: SalidaGuiasSchema });
