-- Issue 25: gift cards (docs/decisions/0024-gift-cards.md). A card's balance is the sum of its movements (the ledger,
-- one row per change, never updated); a payment counts only while its order holds it (paid, or unpaid with its hold
-- live or its capture claimed), so a hold that lapses gives the money back with nothing to run, as a code's use.
CREATE TABLE "tarjeta_regalo" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"origen" text NOT NULL,
	"importe_cents" integer NOT NULL CHECK ("importe_cents" > 0),
	"comprador_nombre" text NOT NULL,
	"comprador_email" text NOT NULL,
	"destinatario_nombre" text NOT NULL,
	"destinatario_email" text NOT NULL,
	"mensaje" text,
	"vence_el" date,
	"id_pay" text,
	"capture_id" text,
	"capture_claimed_at" timestamp with time zone,
	"capture_attempt" integer DEFAULT 0 NOT NULL,
	"pedido_origen_id" integer REFERENCES "public"."pedido"("id") ON DELETE set null,
	"staff_usuario_id" integer REFERENCES "public"."staff_users"("id") ON DELETE set null,
	"activada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "tarjeta_regalo_codigo_idx" ON "tarjeta_regalo" ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "tarjeta_regalo_id_pay_idx" ON "tarjeta_regalo" ("id_pay");--> statement-breakpoint
CREATE INDEX "tarjeta_regalo_created_idx" ON "tarjeta_regalo" ("created_at");--> statement-breakpoint
CREATE TABLE "tarjeta_movimiento" (
	"id" serial PRIMARY KEY NOT NULL,
	"tarjeta_id" integer NOT NULL REFERENCES "public"."tarjeta_regalo"("id") ON DELETE cascade,
	"tipo" text NOT NULL,
	"importe_cents" integer NOT NULL,
	"pedido_id" integer REFERENCES "public"."pedido"("id") ON DELETE set null,
	"reembolso_id" integer REFERENCES "public"."reembolso"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "tarjeta_movimiento_tarjeta_idx" ON "tarjeta_movimiento" ("tarjeta_id", "id");--> statement-breakpoint
CREATE INDEX "tarjeta_movimiento_pedido_idx" ON "tarjeta_movimiento" ("pedido_id") WHERE "pedido_id" is not null;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "tarjeta_regalo_id" integer REFERENCES "public"."tarjeta_regalo"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "tarjeta_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso" ADD COLUMN "tarjeta_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso" ADD COLUMN "a_tarjeta_nueva" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reembolso" ADD COLUMN "tarjeta_nueva_id" integer REFERENCES "public"."tarjeta_regalo"("id") ON DELETE set null;
