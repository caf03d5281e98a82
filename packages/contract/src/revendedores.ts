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
  /** Caps on this reseller's holds (OCTO): minutes per reservation or extension, and a hold's whole life. */
  expiracion_max_minutos: z.number().check(z.int()),
  retencion_max_minutos: z.number().check(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const RevendedorCreateBody = z.object({
  nombre: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "El nombre es obligatorio"),
      z.maxLength(200, "El nombre admite hasta 200 caracteres"),
    ),
});
const minutes = (label: string) =>
  z.number({ error: `${label}: indique un número de minutos` }).check(
    z.int(`${label}: indique un número entero de minutos`),
    z.minimum(1, `${label}: al menos 1 minuto`),
    z.maximum(10_080, `${label}: como máximo 10080 minutos (7 días)`),
  );
export const RevendedorUpdateBody = z
  .object({
    activo: z.optional(z.boolean({ error: "Indique si la clave está activa" })),
    expiracion_max_minutos: z.optional(minutes("Minutos máximos por retención")),
    retencion_max_minutos: z.optional(minutes("Duración máxima de una retención")),
  })
  .check(
    z.refine((b) => b.activo !== undefined || b.expiracion_max_minutos !== undefined || b.retencion_max_minutos !== undefined, "Indique qué cambiar"),
    z.refine(
      (b) => b.expiracion_max_minutos === undefined || b.retencion_max_minutos === undefined || b.expiracion_max_minutos <= b.retencion_max_minutos,
      "Los minutos por retención no pueden superar la duración máxima de una retención",
    ),
  );

export const RevendedorListAnswer = z.object({ succes: z.array(RevendedorSchema) });
export const RevendedorAnswer = z.object({ succes: RevendedorSchema });
export const RevendedorCreatedAnswer = z.object({ succes: z.extend(RevendedorSchema, { api_key: z.string() }) });

/** Extension (issue 24): a reseller's OCTO webhook as the panel shows it, with how its deliveries went. */
export const RevendedorWebhookSchema = z.object({
  id: z.string(),
  event: z.enum(["booking_update", "availability_update"]),
  url: z.string(),
  retryOnError: z.boolean(),
  /** The key the reseller checks each delivery's signature with (HMAC-SHA256). */
  signingSecret: z.string(),
  createdAt: z.string(),
  entregas: z.object({
    pendiente: z.number().check(z.int()),
    entregada: z.number().check(z.int()),
    fallida: z.number().check(z.int()),
    ultimoError: z.nullable(z.string()),
  }),
});
export const RevendedorWebhookBody = z.object({
  url: z.string().check(z.trim(), z.minLength(1, "Indique la URL del webhook"), z.maxLength(2000, "La URL admite hasta 2000 caracteres")),
  event: z.enum(["booking_update", "availability_update"], { error: "El evento debe ser booking_update o availability_update" }),
});
export const RevendedorWebhooksAnswer = z.object({ succes: z.array(RevendedorWebhookSchema) });
export const RevendedorWebhookAnswer = z.object({ succes: z.omit(RevendedorWebhookSchema, { entregas: true }) });
