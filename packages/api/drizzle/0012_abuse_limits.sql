CREATE TABLE "salida_guia" (
	"salida_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salida_guia_salida_id_usuario_id_pk" PRIMARY KEY("salida_id","usuario_id")
);
--> statement-breakpoint
ALTER TABLE "correo" ALTER COLUMN "pedido_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "cliente" text;--> statement-breakpoint
ALTER TABLE "salida_guia" ADD CONSTRAINT "salida_guia_salida_id_salida_id_fk" FOREIGN KEY ("salida_id") REFERENCES "public"."salida"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salida_guia" ADD CONSTRAINT "salida_guia_usuario_id_staff_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salida_guia_usuario_idx" ON "salida_guia" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "pedido_cliente_pendiente_idx" ON "pedido" USING btree ("cliente") WHERE "pedido"."estado" = 'pendiente';