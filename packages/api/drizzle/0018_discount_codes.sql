CREATE TABLE "codigo_descuento" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"tipo" text NOT NULL,
	"valor" integer NOT NULL,
	"tours" integer[],
	"reserva_desde" date,
	"reserva_hasta" date,
	"salida_desde" date,
	"salida_hasta" date,
	"usos_max" integer,
	"usos_por_email" integer,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "codigo_descuento_id" integer;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "codigo_descuento" text;--> statement-breakpoint
ALTER TABLE "pedido_line" ADD COLUMN "descuento_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "codigo_descuento_codigo_idx" ON "codigo_descuento" USING btree (upper("codigo"));--> statement-breakpoint
ALTER TABLE "pedido" ADD CONSTRAINT "pedido_codigo_descuento_id_codigo_descuento_id_fk" FOREIGN KEY ("codigo_descuento_id") REFERENCES "public"."codigo_descuento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_codigo_descuento_idx" ON "pedido" USING btree ("codigo_descuento_id") WHERE "pedido"."codigo_descuento_id" is not null;