ALTER TABLE "tour" ADD COLUMN "duracion_minutos" integer;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "idiomas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "accesible_silla_ruedas" text;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "modalidad" text;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "edad_minima" smallint;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "encuentro_lat" double precision;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "encuentro_lng" double precision;--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_duracion_minutos_check" CHECK ("tour"."duracion_minutos" IS NULL OR "tour"."duracion_minutos" > 0);--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_accesible_check" CHECK ("tour"."accesible_silla_ruedas" IS NULL OR "tour"."accesible_silla_ruedas" IN ('si', 'no', 'parcial'));--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_modalidad_check" CHECK ("tour"."modalidad" IS NULL OR "tour"."modalidad" IN ('grupo', 'privado'));--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_edad_minima_check" CHECK ("tour"."edad_minima" IS NULL OR "tour"."edad_minima" BETWEEN 0 AND 99);--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_encuentro_check" CHECK (("tour"."encuentro_lat" IS NULL) = ("tour"."encuentro_lng" IS NULL) AND coalesce("tour"."encuentro_lat" BETWEEN -90 AND 90 AND "tour"."encuentro_lng" BETWEEN -180 AND 180, true));