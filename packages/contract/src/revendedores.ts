import { z } from "zod/mini";

/**
 * Extension (panel): resellers that sell our tours through the OCTO API, each with its API key. The key is shown
 * once, in the answer to its creation (`api_key`); lists show only its first characters.
 */
export const RevendedorSchema = z.object({
  id: z.number().check(z.int()),
  nombre: z.string(),
  key_prefijo: z.string(),
  activo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Revendedor = z.output<typeof RevendedorSchema>;

export const RevendedorCreateBody = z.object({
  nombre: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "El nombre es obligatorio"),
      z.maxLength(200, "El nombre admite hasta 200 caracteres"),
    ),
});
export const RevendedorUpdateBody = z.object({ activo: z.boolean({ error: "Indique si la clave está activa" }) });

export const RevendedorListAnswer = z.object({ succes: z.array(RevendedorSchema) });
export const RevendedorAnswer = z.object({ succes: RevendedorSchema });
export const RevendedorCreatedAnswer = z.object({ succes: z.extend(RevendedorSchema, { api_key: z.string() }) });
