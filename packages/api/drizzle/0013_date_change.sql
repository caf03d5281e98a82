CREATE TABLE "cambio_fecha" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"linea_id" integer NOT NULL,
	"desde_salida_id" integer,
	"hacia_salida_id" integer,
	"hacia_fecha" text NOT NULL,
	"hacia_hora" text NOT NULL,
	"total_antes_cents" integer NOT NULL,
	"total_nuevo_cents" integer NOT NULL,
	"diferencia_cents" integer NOT NULL,
	"estado" text NOT NULL,
	"por" text NOT NULL,
	"staff_usuario_id" integer,
	"paypal_order_id" text,
	"capture_id" text,
	"capture_claimed_at" timestamp with time zone,
	"paypal_refund_id" text,
	"refund_claimed_at" timestamp with time zone,
	"refund_intentos" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cambio_fecha" ADD CONSTRAINT "cambio_fecha_pedido_id_pedido_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedido"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambio_fecha" ADD CONSTRAINT "cambio_fecha_linea_id_pedido_line_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."pedido_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambio_fecha" ADD CONSTRAINT "cambio_fecha_desde_salida_id_salida_id_fk" FOREIGN KEY ("desde_salida_id") REFERENCES "public"."salida"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambio_fecha" ADD CONSTRAINT "cambio_fecha_hacia_salida_id_salida_id_fk" FOREIGN KEY ("hacia_salida_id") REFERENCES "public"."salida"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambio_fecha" ADD CONSTRAINT "cambio_fecha_staff_usuario_id_staff_users_id_fk" FOREIGN KEY ("staff_usuario_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cambio_fecha_pedido_idx" ON "cambio_fecha" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cambio_fecha_paypal_order_idx" ON "cambio_fecha" USING btree ("paypal_order_id");