CREATE TABLE "revendedor" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefijo" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revendedor_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "canal" text DEFAULT 'tienda' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "octo_uuid" text;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "revendedor_id" integer;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "revendedor_referencia" text;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "motivo_cancelacion" text;--> statement-breakpoint
ALTER TABLE "pedido" ADD CONSTRAINT "pedido_revendedor_id_revendedor_id_fk" FOREIGN KEY ("revendedor_id") REFERENCES "public"."revendedor"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_octo_uuid_idx" ON "pedido" USING btree ("octo_uuid");--> statement-breakpoint
CREATE INDEX "pedido_revendedor_idx" ON "pedido" USING btree ("revendedor_id");