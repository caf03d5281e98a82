CREATE TABLE "pais" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"prefijo" integer NOT NULL,
	"imagen" text,
	"destacado" boolean DEFAULT false NOT NULL,
	"freetour_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ciudades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"pais" integer NOT NULL,
	"imagen" text,
	"destacado" boolean DEFAULT false NOT NULL,
	"freetour_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comentarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_tour" integer NOT NULL,
	"email" text NOT NULL,
	"comentario" text NOT NULL,
	"start" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"tour_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "horario" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"hora_inicio" text NOT NULL,
	"lunes" boolean DEFAULT false NOT NULL,
	"martes" boolean DEFAULT false NOT NULL,
	"miercoles" boolean DEFAULT false NOT NULL,
	"jueves" boolean DEFAULT false NOT NULL,
	"viernes" boolean DEFAULT false NOT NULL,
	"sabado" boolean DEFAULT false NOT NULL,
	"domingo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nombre_hotel" text DEFAULT '' NOT NULL,
	"precio_cents" integer NOT NULL,
	"habitacion_individual" boolean DEFAULT false NOT NULL,
	"habitacion_doble" boolean DEFAULT false NOT NULL,
	"habitacion_triple" boolean DEFAULT false NOT NULL,
	"intinerario" text DEFAULT '' NOT NULL,
	"incluye" text DEFAULT '' NOT NULL,
	"no_incluye" text DEFAULT '' NOT NULL,
	"duracion" text DEFAULT '' NOT NULL,
	"accesibilidad" text DEFAULT '' NOT NULL,
	"mascotas" boolean DEFAULT false NOT NULL,
	"salidas" text DEFAULT '' NOT NULL,
	"punto_encuentro" text DEFAULT '' NOT NULL,
	"reembolsable" boolean DEFAULT false NOT NULL,
	"pais" integer NOT NULL,
	"ciudad" integer NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ayuda" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"comentario" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"rol" text DEFAULT 'admin' NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paypal_webhook_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"email" text NOT NULL,
	"nit" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text NOT NULL,
	"telefonorespaldo" text,
	"comentario" text,
	"valor_total_cents" integer NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"id_pay" text,
	"capture_id" text,
	"paid_at" timestamp with time zone,
	"capture_claimed_at" timestamp with time zone,
	"capture_attempt" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedido_id_pay_unique" UNIQUE("id_pay")
);
--> statement-breakpoint
CREATE TABLE "pedido_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_pedido" integer NOT NULL,
	"id_tour" integer NOT NULL,
	"fecha_tour" text NOT NULL,
	"mayores15" integer NOT NULL,
	"menoresde15_a4" integer NOT NULL,
	"menores3" integer NOT NULL,
	"mascotas" integer NOT NULL,
	"valor_cents" integer NOT NULL,
	"valor_total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ciudades" ADD CONSTRAINT "ciudades_pais_pais_id_fk" FOREIGN KEY ("pais") REFERENCES "public"."pais"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comentarios" ADD CONSTRAINT "comentarios_id_tour_tour_id_fk" FOREIGN KEY ("id_tour") REFERENCES "public"."tour"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos" ADD CONSTRAINT "fotos_tour_id_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horario" ADD CONSTRAINT "horario_tour_id_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_pais_pais_id_fk" FOREIGN KEY ("pais") REFERENCES "public"."pais"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_ciudad_ciudades_id_fk" FOREIGN KEY ("ciudad") REFERENCES "public"."ciudades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_line" ADD CONSTRAINT "pedido_line_id_pedido_pedido_id_fk" FOREIGN KEY ("id_pedido") REFERENCES "public"."pedido"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ciudades_pais_idx" ON "ciudades" USING btree ("pais");--> statement-breakpoint
CREATE INDEX "comentarios_tour_idx" ON "comentarios" USING btree ("id_tour","created_at");--> statement-breakpoint
CREATE INDEX "fotos_tour_idx" ON "fotos" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "horario_tour_idx" ON "horario" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "tour_ciudad_idx" ON "tour" USING btree ("ciudad");--> statement-breakpoint
CREATE INDEX "tour_pais_idx" ON "tour" USING btree ("pais");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_idx" ON "staff_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "pedido_line_id_pedido_idx" ON "pedido_line" USING btree ("id_pedido");