-- OCTO webhooks (issue 24): a reseller's subscriptions, its signing secret, and every delivery owed to them.
-- A delivery row is written in the same transaction as the change it reports, so a process that dies before sending
-- leaves it in the database for the next worker; (webhook, event) is unique, so an event is never owed twice.
ALTER TABLE "revendedor" ADD COLUMN "webhook_secreto" text;--> statement-breakpoint
CREATE TABLE "octo_webhook" (
	"id" uuid PRIMARY KEY NOT NULL,
	"revendedor_id" integer NOT NULL REFERENCES "public"."revendedor"("id") ON DELETE cascade,
	"evento" text NOT NULL,
	"url" text NOT NULL,
	"reintentar" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "octo_webhook_evento_check" CHECK ("evento" IN ('booking_update', 'availability_update'))
);--> statement-breakpoint
CREATE INDEX "octo_webhook_revendedor_idx" ON "octo_webhook" USING btree ("revendedor_id");--> statement-breakpoint
CREATE INDEX "octo_webhook_evento_idx" ON "octo_webhook" USING btree ("evento");--> statement-breakpoint
CREATE TABLE "octo_webhook_entrega" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" uuid NOT NULL REFERENCES "public"."octo_webhook"("id") ON DELETE cascade,
	"evento_id" uuid NOT NULL,
	"evento" text NOT NULL,
	-- what the delivery reports: a booking (an order's uuid) or an availability (its id); deliveries with the same
	-- webhook and clave go out in id order
	"clave" text NOT NULL,
	"ocurrido_at" timestamp with time zone NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	-- the queue's times are the database's (now()), whatever clock the app keeps for business rules
	"creada_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proximo_intento_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reclamada_hasta" timestamp with time zone,
	"ultimo_error" text,
	"entregada_at" timestamp with time zone,
	CONSTRAINT "octo_webhook_entrega_estado_check" CHECK ("estado" IN ('pendiente', 'entregada', 'fallida'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "octo_webhook_entrega_evento_idx" ON "octo_webhook_entrega" USING btree ("webhook_id", "evento_id");--> statement-breakpoint
CREATE INDEX "octo_webhook_entrega_pendiente_idx" ON "octo_webhook_entrega" USING btree ("webhook_id", "clave", "id") WHERE "estado" = 'pendiente';
