CREATE TABLE "fecha_cerrada" (
	"tour_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fecha_cerrada_tour_id_fecha_pk" PRIMARY KEY("tour_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "salida" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"hora" text NOT NULL,
	"cupo" integer,
	"cerrada" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pais" ADD COLUMN "zona_horaria" text DEFAULT 'America/Bogota' NOT NULL;--> statement-breakpoint
ALTER TABLE "horario" ADD COLUMN "cupo" integer;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "corte_horas" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "zona_horaria" text;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido_line" ADD COLUMN "salida_id" integer;--> statement-breakpoint
ALTER TABLE "fecha_cerrada" ADD CONSTRAINT "fecha_cerrada_tour_id_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salida" ADD CONSTRAINT "salida_tour_id_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "salida_tour_fecha_hora_idx" ON "salida" USING btree ("tour_id","fecha","hora");--> statement-breakpoint
ALTER TABLE "pedido_line" ADD CONSTRAINT "pedido_line_salida_id_salida_id_fk" FOREIGN KEY ("salida_id") REFERENCES "public"."salida"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_line_salida_idx" ON "pedido_line" USING btree ("salida_id");