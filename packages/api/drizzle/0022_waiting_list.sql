-- Issue 24: every change of a departure's free places is a durable event ("plazas liberadas"), handled by the job
-- queue (pg-boss) in whichever API process takes it; the waiting list is its first consumer (docs/decisions/0023).
-- `origen` says what freed the places (cancelacion, retencion_vencida, cupo, reapertura, octo, salida_cancelada,
-- oferta_vencida, manual); `atendido_at` is set by the job that handled it, in the transaction that made its offers.
CREATE TABLE "plazas_liberadas" (
	"id" serial PRIMARY KEY NOT NULL,
	"salida_id" integer NOT NULL REFERENCES "public"."salida"("id") ON DELETE cascade,
	"origen" text NOT NULL,
	"pedido_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"atendido_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "plazas_liberadas_pendientes_idx" ON "plazas_liberadas" ("created_at") WHERE "atendido_at" IS NULL;--> statement-breakpoint
-- One entry per departure and address (lower-cased). estado: esperando (in line, by created_at), ofrecida (an offer
-- holds its places in `pedido_id` until `oferta_hasta`), usada (that order was paid), vencida (the offer lapsed
-- unused), baja (the visitor left the list).
CREATE TABLE "lista_espera" (
	"id" serial PRIMARY KEY NOT NULL,
	"salida_id" integer NOT NULL REFERENCES "public"."salida"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"mayores15" integer NOT NULL,
	"menoresde15_a4" integer NOT NULL,
	"menores3" integer NOT NULL,
	"mascotas" integer DEFAULT 0 NOT NULL,
	"estado" text DEFAULT 'esperando' NOT NULL,
	"token" text NOT NULL,
	"pedido_id" integer REFERENCES "public"."pedido"("id") ON DELETE set null,
	"ofrecida_at" timestamp with time zone,
	"oferta_hasta" timestamp with time zone,
	"ofrecida_por_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "lista_espera_token_idx" ON "lista_espera" ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "lista_espera_salida_email_idx" ON "lista_espera" ("salida_id", lower("email"));--> statement-breakpoint
CREATE INDEX "lista_espera_esperando_idx" ON "lista_espera" ("salida_id", "created_at", "id") WHERE "estado" = 'esperando';
