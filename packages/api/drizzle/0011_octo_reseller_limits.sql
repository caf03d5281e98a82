-- OCTO (issues 21 and 28, docs/decisions/0009): per-reseller caps on a hold, the reservation request a uuid was first
-- used with, and the contact fields an order has no column for.
ALTER TABLE "pedido" ADD COLUMN "octo_peticion" text;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "octo_contacto" jsonb;--> statement-breakpoint
ALTER TABLE "revendedor" ADD COLUMN "expiracion_max_minutos" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "revendedor" ADD COLUMN "retencion_max_minutos" integer DEFAULT 180 NOT NULL;