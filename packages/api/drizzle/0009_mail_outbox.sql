-- The e-mail outbox (issue 9): one row per e-mail to send, unique per event (clave). The job queue (pg-boss) keeps its own schema "pgboss", created by pg-boss itself.
CREATE TABLE "correo" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"pedido_id" integer NOT NULL,
	"linea_id" integer,
	"destinatario" text NOT NULL,
	"asunto" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text,
	"enviado_at" timestamp with time zone,
	"clave" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correo_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
ALTER TABLE "correo" ADD CONSTRAINT "correo_pedido_id_pedido_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedido"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correo_pedido_idx" ON "correo" USING btree ("pedido_id");