-- The catalogue search (issue 26, decision 0020): accent- and case-insensitive, one typo per word, in the database.
-- unaccent, pg_trgm and fuzzystrmatch are PostgreSQL contrib extensions (PGlite loads them too: db/client.ts).
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch SCHEMA public;--> statement-breakpoint
-- What a text is searched as: lower case, no accents, no HTML tags nor entities (descriptions are rich text). unaccent() is only
-- STABLE (its dictionary could change), so an index needs this IMMUTABLE wrapper naming the dictionary. Every name
-- is schema-qualified: PostgreSQL 17 runs index builds and triggers' maintenance with a search_path of pg_catalog.
CREATE OR REPLACE FUNCTION public.texto_busqueda(texto text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, pg_catalog.regexp_replace(texto, '<[^>]*>|&[a-z]+;', ' ', 'g'))) $$;--> statement-breakpoint
-- The words a text is found by: texto_busqueda's, split on spaces and punctuation (Spanish's ¿ ¡ « » too), once each.
CREATE OR REPLACE FUNCTION public.palabras_busqueda(texto text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(pg_catalog.array_agg(DISTINCT w), '{}') FROM pg_catalog.regexp_split_to_table(public.texto_busqueda(texto), '[[:space:][:punct:]¿¡«»“”‘’…–—]+') AS w WHERE w <> '' $$;--> statement-breakpoint
-- Every word of the catalogue once (of three letters or more, not a number): a query's word one typo away from one
-- of these (fuzzystrmatch's levenshtein, candidates by trigrams) or starting it is looked for as that word.
CREATE TABLE "palabra_busqueda" ("palabra" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "palabra_busqueda_trgm_idx" ON "palabra_busqueda" USING gin ("palabra" public.gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.anotar_palabras(p_palabras text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.palabra_busqueda (palabra)
  SELECT w FROM pg_catalog.unnest(p_palabras) AS w WHERE pg_catalog.length(w) >= 3 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- A tour is found by the words of its name, its description and its city's and country's names. The columns are kept
-- by the triggers below (not by the application, and not in the Drizzle schema: no read of a tour carries them).
ALTER TABLE "tour" ADD COLUMN "busqueda_palabras" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The name's own words, which rank a tour above those found by their description.
ALTER TABLE "tour" ADD COLUMN "nombre_palabras" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.tour_palabras(p_nombre text, p_descripcion text, p_ciudad int, p_pais int) RETURNS text[]
  LANGUAGE sql STABLE AS $$
  SELECT public.palabras_busqueda(p_nombre || ' ' || p_descripcion || ' '
         || coalesce((SELECT c.nombre FROM public.ciudades c WHERE c.id = p_ciudad), '') || ' '
         || coalesce((SELECT p.nombre FROM public.pais p WHERE p.id = p_pais), ''))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.tour_busqueda_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.busqueda_palabras := public.tour_palabras(NEW.nombre, NEW.descripcion, NEW.ciudad, NEW.pais);
  NEW.nombre_palabras := public.palabras_busqueda(NEW.nombre);
  PERFORM public.anotar_palabras(NEW.busqueda_palabras);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tour_busqueda BEFORE INSERT OR UPDATE OF nombre, descripcion, ciudad, pais ON "tour"
  FOR EACH ROW EXECUTE FUNCTION public.tour_busqueda_trigger();--> statement-breakpoint
-- A city or country named or renamed: its name's words are known, and its tours are found by the new name.
CREATE OR REPLACE FUNCTION public.lugar_busqueda_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.anotar_palabras(public.palabras_busqueda(NEW.nombre));
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'ciudades' THEN
    UPDATE public.tour t SET busqueda_palabras = public.tour_palabras(t.nombre, t.descripcion, t.ciudad, t.pais) WHERE t.ciudad = NEW.id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE public.tour t SET busqueda_palabras = public.tour_palabras(t.nombre, t.descripcion, t.ciudad, t.pais) WHERE t.pais = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ciudad_busqueda AFTER INSERT OR UPDATE OF nombre ON "ciudades"
  FOR EACH ROW EXECUTE FUNCTION public.lugar_busqueda_trigger();--> statement-breakpoint
CREATE TRIGGER pais_busqueda AFTER INSERT OR UPDATE OF nombre ON "pais"
  FOR EACH ROW EXECUTE FUNCTION public.lugar_busqueda_trigger();--> statement-breakpoint
SELECT public.anotar_palabras(public.palabras_busqueda(nombre)) FROM "pais";--> statement-breakpoint
SELECT public.anotar_palabras(public.palabras_busqueda(nombre)) FROM "ciudades";--> statement-breakpoint
UPDATE "tour" SET "busqueda_palabras" = public.tour_palabras("nombre", "descripcion", "ciudad", "pais"), "nombre_palabras" = public.palabras_busqueda("nombre");--> statement-breakpoint
SELECT public.anotar_palabras("busqueda_palabras") FROM "tour";--> statement-breakpoint
CREATE INDEX "tour_busqueda_palabras_idx" ON "tour" USING gin ("busqueda_palabras");
--> statement-breakpoint
-- The filter "con lugares el …": the tours (of a country or a city, or all) with a departure that day that can still
-- be booked. The same rule as the tour's calendar (salidas.service.ts monthAvailability, the domain's departureState):
-- a slot starting that weekday, the date and the departure not closed, before the cutoff in the tour's zone, within
-- the booking horizon, and a place left (capacity: the departure's own, else the slot's; none is unlimited; places
-- taken as plazas_de_linea says). One set-based query over the place's slots; the time-zone arithmetic only runs for
-- the days near now, where a cutoff or the horizon can decide (zones are within ±14 h of UTC).
CREATE OR REPLACE FUNCTION public.tours_con_lugares(p_fecha date, p_now timestamptz, p_horizon_days int, p_pais int, p_ciudad int)
  RETURNS TABLE (tour_id int) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT t.id
  FROM public.tour t
  JOIN public.pais p ON p.id = t.pais
  JOIN public.horario h ON h.tour_id = t.id
  LEFT JOIN public.salida s ON s.tour_id = t.id AND s.fecha = p_fecha AND s.hora = h.hora_inicio
  WHERE (p_pais IS NULL OR t.pais = p_pais) AND (p_ciudad IS NULL OR t.ciudad = p_ciudad)
    AND (ARRAY[h.domingo, h.lunes, h.martes, h.miercoles, h.jueves, h.viernes, h.sabado])[extract(dow FROM p_fecha)::int + 1]
    AND CASE WHEN p_fecha BETWEEN (p_now AT TIME ZONE 'UTC')::date + t.corte_horas / 24 + 2
                              AND (p_now AT TIME ZONE 'UTC')::date + p_horizon_days - 1 THEN true
             ELSE p_fecha <= (p_now AT TIME ZONE coalesce(t.zona_horaria, p.zona_horaria))::date + p_horizon_days
                  AND (p_fecha + h.hora_inicio::time) AT TIME ZONE coalesce(t.zona_horaria, p.zona_horaria)
                      - make_interval(hours => t.corte_horas) > p_now
        END
    AND NOT EXISTS (SELECT 1 FROM public.fecha_cerrada f WHERE f.tour_id = t.id AND f.fecha = p_fecha)
    AND NOT coalesce(s.cerrada, false)
    AND (s.id IS NULL OR coalesce(s.cupo, h.cupo) IS NULL OR coalesce(s.cupo, h.cupo) > coalesce((
          SELECT sum(l.mayores15 + l.menoresde15_a4 + l.menores3)
          FROM public.pedido_line l
          WHERE l.salida_id = s.id
            AND (SELECT public.plazas_de_linea(l.cancelada_at, o.estado, o.hold_expires_at, o.capture_claimed_at, p_now)
                 FROM public.pedido o WHERE o.id = l.id_pedido) IS NOT NULL), 0))
$$;
