-- A place's search (its page, its filters and their counts, a date far from now) no longer costs more as the place's
-- tours grow (issue 26, decision 0020): what it asked of every matching tour is kept by the database on write. Two
-- parts: the weekdays each tour runs, for "con lugares el …"; and the tours of each place grouped by their filterable
-- facts, for the filters' counts. Searches by words or by a price range still count their matching tours.
--
-- 1. "Con lugares el …" without three index lookups per tour of the place. 0020 asked every tour of the place for
-- its horarios, that day's departure and that day's closing: at 5,045 tours a city's 280 tours cost 280 times that
-- per search. But for nearly every tour the answer needs none of them: a tour with no departure
-- row and no closing that day, on a date whose cutoff and horizon cannot decide (the days away from now), has places
-- exactly when one of its horarios starts that weekday — the departure is not created, so nothing is booked, closed
-- or given a capacity of its own. So each tour keeps the weekdays its horarios start (kept by the database on every
-- write of a horario), the few tours with a departure row or a closing that day are found once through an index on
-- the date, and only they, and the days near now, still go through the calendar's whole rule.
--
-- Bit d of dias_con_horario (d = extract(dow): 0 Sunday … 6 Saturday) is set while a horario of the tour starts that
-- weekday. Not in the Drizzle schema (no read of a tour carries it), like busqueda_palabras.
ALTER TABLE "tour" ADD COLUMN "dias_con_horario" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.dias_con_horario(p_tour int) RETURNS smallint LANGUAGE sql STABLE AS $$
  -- parenthesised: PostgreSQL gives | and << the same precedence, left to right
  SELECT coalesce(pg_catalog.bit_or(h.domingo::int | (h.lunes::int << 1) | (h.martes::int << 2) | (h.miercoles::int << 3)
                                    | (h.jueves::int << 4) | (h.viernes::int << 5) | (h.sabado::int << 6)), 0)::smallint
  FROM public.horario h WHERE h.tour_id = p_tour
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.horario_dias_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.tour t SET dias_con_horario = public.dias_con_horario(t.id)
    WHERE t.id = OLD.tour_id AND t.dias_con_horario <> public.dias_con_horario(t.id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE public.tour t SET dias_con_horario = public.dias_con_horario(t.id)
    WHERE t.id = NEW.tour_id AND t.dias_con_horario <> public.dias_con_horario(t.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER horario_dias AFTER INSERT OR DELETE OR UPDATE OF tour_id, lunes, martes, miercoles, jueves, viernes, sabado, domingo
  ON "horario" FOR EACH ROW EXECUTE FUNCTION public.horario_dias_trigger();--> statement-breakpoint
UPDATE "tour" SET "dias_con_horario" = public.dias_con_horario("id");--> statement-breakpoint
-- The departures and closings of one date, whatever the tour: what the search asks for a date.
CREATE INDEX "salida_fecha_idx" ON "salida" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "fecha_cerrada_fecha_idx" ON "fecha_cerrada" USING btree ("fecha");--> statement-breakpoint
-- Whether a date is, for a tour with this cutoff, far enough from now that neither its cutoff (in any zone: zones are
-- within ±14 h of UTC) nor the booking horizon can decide: then only the horarios, the departure and the closing do.
CREATE OR REPLACE FUNCTION public.fecha_lejos_del_corte(p_fecha date, p_now timestamptz, p_horizon_days int, p_corte_horas int)
  RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p_fecha BETWEEN (p_now AT TIME ZONE 'UTC')::date + p_corte_horas / 24 + 2 AND (p_now AT TIME ZONE 'UTC')::date + p_horizon_days - 1
$$;--> statement-breakpoint
-- The tours whose day is not just their horarios: a departure row (booked, closed or given its own capacity) or a
-- closing that day. Few on any date; found through the date's indexes.
CREATE OR REPLACE FUNCTION public.tours_con_salida_el(p_fecha date) RETURNS TABLE (tour_id int) LANGUAGE sql STABLE AS $$
  SELECT s.tour_id FROM public.salida s WHERE s.fecha = p_fecha
  UNION SELECT f.tour_id FROM public.fecha_cerrada f WHERE f.fecha = p_fecha
$$;--> statement-breakpoint
-- The same rule as 0016 and 0020 (the calendar's: salidas.service.ts monthAvailability), in two steps. First what a
-- column of the tour can tell: a horario starts that weekday. Then, for a tour not among the day's tours with a
-- departure row or closing (worked out once per statement), on a date far from its cutoff, that is the answer; any
-- other tour goes through 0020's whole rule as before: its horarios, that day's departure and closing, the cutoff in
-- its zone, the places left.
CREATE OR REPLACE FUNCTION public.tours_con_lugares(p_fecha date, p_now timestamptz, p_horizon_days int, p_pais int, p_ciudad int)
  RETURNS TABLE (tour_id int) LANGUAGE sql STABLE AS $$
  SELECT t.id
  FROM public.tour t
  JOIN public.pais p ON p.id = t.pais
  WHERE (p_pais IS NULL OR t.pais = p_pais) AND (p_ciudad IS NULL OR t.ciudad = p_ciudad)
    AND t.dias_con_horario & (1 << extract(dow FROM p_fecha)::int) <> 0
    AND CASE WHEN public.fecha_lejos_del_corte(p_fecha, p_now, p_horizon_days, t.corte_horas)
                  AND t.id <> ALL (ARRAY(SELECT d.tour_id FROM public.tours_con_salida_el(p_fecha) d))
             THEN true
             ELSE NOT EXISTS (SELECT 1 FROM public.fecha_cerrada f WHERE f.tour_id = t.id AND f.fecha = p_fecha)
               AND EXISTS (
                 SELECT 1
                 FROM (SELECT * FROM public.horario hh WHERE hh.tour_id = t.id OFFSET 0) h
                 LEFT JOIN public.salida s ON s.tour_id = t.id AND s.fecha = p_fecha AND s.hora = h.hora_inicio
                 WHERE (ARRAY[h.domingo, h.lunes, h.martes, h.miercoles, h.jueves, h.viernes, h.sabado])[extract(dow FROM p_fecha)::int + 1]
                   AND CASE WHEN public.fecha_lejos_del_corte(p_fecha, p_now, p_horizon_days, t.corte_horas) THEN true
                            ELSE p_fecha <= (p_now AT TIME ZONE coalesce(t.zona_horaria, p.zona_horaria))::date + p_horizon_days
                                 AND (p_fecha + h.hora_inicio::time) AT TIME ZONE coalesce(t.zona_horaria, p.zona_horaria)
                                     - make_interval(hours => t.corte_horas) > p_now
                       END
                   AND NOT coalesce(s.cerrada, false)
                   AND (s.id IS NULL OR coalesce(s.cupo, h.cupo) IS NULL OR coalesce(s.cupo, h.cupo) > coalesce((
                         SELECT sum(l.mayores15 + l.menoresde15_a4 + l.menores3)
                         FROM public.pedido_line l
                         WHERE l.salida_id = s.id
                           AND (SELECT public.plazas_de_linea(l.cancelada_at, o.estado, o.hold_expires_at, o.capture_claimed_at, p_now)
                                FROM public.pedido o WHERE o.id = l.id_pedido) IS NOT NULL), 0)))
        END
$$;
--> statement-breakpoint
-- 2. The filters' counts from groups instead of tours. Every count the search shows (the total, each filter value's
-- with the other filters, the price range) is a sum over the place's tours of conditions on their duration range,
-- languages, wheelchair access and kind; tours alike in these (and in country, city, weekdays and cutoff) count the
-- same, so each such group keeps how many tours it has and their lowest and highest price. A place's groups are bounded by the
-- filters' values, not by its tours: in the bench's 5,045 tours, Medellín's 280 tours are 30 groups and Colombia's
-- 842 are 148. The groups also keep the weekdays and the cutoff, so that "con lugares el …" is a condition on a group
-- on the dates where the weekday alone decides (busqueda_por_dias below). Read with SQL by busqueda.repository.ts
-- when a search has no words and no price range (those count their matching tours one by one, as before).
--
-- The duration ranges as the filter has them (@tours/domain's DURACIONES, both ends included; busqueda-grupos.test.ts
-- checks that the two agree at every boundary). Null: no duration given.
CREATE OR REPLACE FUNCTION public.duracion_rango(p_minutos int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_minutos <= 120 THEN 'hasta-2h' WHEN p_minutos <= 240 THEN '2-4h' WHEN p_minutos <= 480 THEN '4-8h'
              WHEN p_minutos > 480 THEN 'mas-8h' END
$$;--> statement-breakpoint
CREATE TABLE "busqueda_grupo" (
	"pais" integer NOT NULL REFERENCES "public"."pais"("id") ON DELETE cascade,
	"ciudad" integer NOT NULL REFERENCES "public"."ciudades"("id") ON DELETE cascade,
	"duracion_rango" text,
	"idiomas" text[] NOT NULL,
	"accesible_silla_ruedas" text,
	"modalidad" text,
	"dias_con_horario" smallint NOT NULL,
	"corte_horas" integer NOT NULL,
	"tours" integer NOT NULL,
	"precio_min" integer NOT NULL,
	"precio_max" integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "busqueda_grupo_key_idx" ON "busqueda_grupo"
  ("pais", "ciudad", "duracion_rango", "idiomas", "accesible_silla_ruedas", "modalidad", "dias_con_horario", "corte_horas") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX "busqueda_grupo_ciudad_idx" ON "busqueda_grupo" ("ciudad");--> statement-breakpoint
-- A tour joins its group: one more, and its price may widen the range (commutative: concurrent inserts add up).
CREATE OR REPLACE FUNCTION public.busqueda_grupo_sumar(p_tour public.tour) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.busqueda_grupo AS g (pais, ciudad, duracion_rango, idiomas, accesible_silla_ruedas, modalidad, dias_con_horario, corte_horas,
                                          tours, precio_min, precio_max)
  VALUES (p_tour.pais, p_tour.ciudad, public.duracion_rango(p_tour.duracion_minutos), p_tour.idiomas, p_tour.accesible_silla_ruedas,
          p_tour.modalidad, p_tour.dias_con_horario, p_tour.corte_horas, 1, p_tour.precio_cents, p_tour.precio_cents)
  ON CONFLICT (pais, ciudad, duracion_rango, idiomas, accesible_silla_ruedas, modalidad, dias_con_horario, corte_horas)
  DO UPDATE SET tours = g.tours + 1, precio_min = least(g.precio_min, excluded.precio_min), precio_max = greatest(g.precio_max, excluded.precio_max);
$$;--> statement-breakpoint
-- A tour leaves its group (deleted, or its facts or price changed: the table already holds its new row). One less;
-- when its price was at an end of the group's range, the range is read again from the group's tours once the group's
-- row is locked by that decrement, so a concurrent insert into the group has committed and is seen (READ COMMITTED:
-- each statement its own snapshot). A price strictly inside the range leaves the range as it is.
-- Row triggers run after their whole statement, so the tours read are the statement's outcome: a DELETE of several
-- tours of a group finds none left before the last decrement (the range is kept until the row goes at zero).
CREATE OR REPLACE FUNCTION public.busqueda_grupo_restar(p_tour public.tour) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_left int;
  v_min int;
  v_max int;
  v_rango text := public.duracion_rango(p_tour.duracion_minutos);
BEGIN
  UPDATE public.busqueda_grupo g SET tours = g.tours - 1
  WHERE g.pais = p_tour.pais AND g.ciudad = p_tour.ciudad
    AND (g.duracion_rango, g.idiomas, g.accesible_silla_ruedas, g.modalidad, g.dias_con_horario, g.corte_horas)
        IS NOT DISTINCT FROM (v_rango, p_tour.idiomas, p_tour.accesible_silla_ruedas, p_tour.modalidad, p_tour.dias_con_horario, p_tour.corte_horas)
  RETURNING g.tours, g.precio_min, g.precio_max INTO v_left, v_min, v_max;
  IF v_left = 0 THEN
    DELETE FROM public.busqueda_grupo g
    WHERE g.pais = p_tour.pais AND g.ciudad = p_tour.ciudad
      AND (g.duracion_rango, g.idiomas, g.accesible_silla_ruedas, g.modalidad, g.dias_con_horario, g.corte_horas)
          IS NOT DISTINCT FROM (v_rango, p_tour.idiomas, p_tour.accesible_silla_ruedas, p_tour.modalidad, p_tour.dias_con_horario, p_tour.corte_horas);
  ELSIF v_left > 0 AND NOT (p_tour.precio_cents > v_min AND p_tour.precio_cents < v_max) THEN
    UPDATE public.busqueda_grupo g SET precio_min = coalesce(r.precio_min, g.precio_min), precio_max = coalesce(r.precio_max, g.precio_max)
    FROM (SELECT min(t.precio_cents) AS precio_min, max(t.precio_cents) AS precio_max
          FROM public.tour t
          WHERE t.ciudad = p_tour.ciudad AND t.pais = p_tour.pais
            AND (public.duracion_rango(t.duracion_minutos), t.idiomas, t.accesible_silla_ruedas, t.modalidad, t.dias_con_horario, t.corte_horas)
                IS NOT DISTINCT FROM (v_rango, p_tour.idiomas, p_tour.accesible_silla_ruedas, p_tour.modalidad, p_tour.dias_con_horario, p_tour.corte_horas)) r
    WHERE g.pais = p_tour.pais AND g.ciudad = p_tour.ciudad
      AND (g.duracion_rango, g.idiomas, g.accesible_silla_ruedas, g.modalidad, g.dias_con_horario, g.corte_horas)
          IS NOT DISTINCT FROM (v_rango, p_tour.idiomas, p_tour.accesible_silla_ruedas, p_tour.modalidad, p_tour.dias_con_horario, p_tour.corte_horas);
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.tour_busqueda_grupo_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.pais, OLD.ciudad, OLD.duracion_minutos, OLD.idiomas, OLD.accesible_silla_ruedas, OLD.modalidad, OLD.dias_con_horario, OLD.corte_horas, OLD.precio_cents)
         IS NOT DISTINCT FROM (NEW.pais, NEW.ciudad, NEW.duracion_minutos, NEW.idiomas, NEW.accesible_silla_ruedas, NEW.modalidad, NEW.dias_con_horario, NEW.corte_horas, NEW.precio_cents) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM public.busqueda_grupo_restar(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM public.busqueda_grupo_sumar(NEW); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tour_busqueda_grupo
  AFTER INSERT OR DELETE OR UPDATE OF pais, ciudad, duracion_minutos, idiomas, accesible_silla_ruedas, modalidad, dias_con_horario, corte_horas, precio_cents
  ON "tour" FOR EACH ROW EXECUTE FUNCTION public.tour_busqueda_grupo_trigger();--> statement-breakpoint
INSERT INTO "busqueda_grupo" (pais, ciudad, duracion_rango, idiomas, accesible_silla_ruedas, modalidad, dias_con_horario, corte_horas, tours, precio_min, precio_max)
  SELECT pais, ciudad, public.duracion_rango(duracion_minutos), idiomas, accesible_silla_ruedas, modalidad, dias_con_horario, corte_horas,
         count(*)::int, min(precio_cents), max(precio_cents)
  FROM "tour" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
-- Whether, on that date, every tour of the place (a country, a city or all) has places exactly when one of its
-- horarios starts that weekday: no tour of the place has a departure row or a closing that day, and the date is far
-- from the cutoff of every group that runs that weekday. Then the search's "con lugares el …" is the weekday's bit,
-- on the groups and on the tours alike; else tours_con_lugares decides tour by tour.
CREATE OR REPLACE FUNCTION public.busqueda_por_dias(p_fecha date, p_now timestamptz, p_horizon_days int, p_pais int, p_ciudad int)
  RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM public.busqueda_grupo g
                     WHERE (p_pais IS NULL OR g.pais = p_pais) AND (p_ciudad IS NULL OR g.ciudad = p_ciudad)
                       AND g.dias_con_horario & (1 << extract(dow FROM p_fecha)::int) <> 0
                       AND NOT public.fecha_lejos_del_corte(p_fecha, p_now, p_horizon_days, g.corte_horas))
     AND NOT EXISTS (SELECT 1 FROM public.tours_con_salida_el(p_fecha) d JOIN public.tour t ON t.id = d.tour_id
                     WHERE (p_pais IS NULL OR t.pais = p_pais) AND (p_ciudad IS NULL OR t.ciudad = p_ciudad))
$$;--> statement-breakpoint
-- With the counts from the groups, the page is read from the place's tours in the order asked: in these indexes'
-- order it stops at the page's last tour instead of sorting all of them (at 5,045 tours a country's 842, of which the
-- bench's English speakers are 127). Also for the small city of a big catalogue, which PGlite (no statistics) would
-- otherwise find by reading the whole primary key in id order.
CREATE INDEX "tour_ciudad_id_idx" ON "tour" USING btree ("ciudad", "id");--> statement-breakpoint
CREATE INDEX "tour_pais_id_idx" ON "tour" USING btree ("pais", "id");--> statement-breakpoint
CREATE INDEX "tour_ciudad_precio_idx" ON "tour" USING btree ("ciudad", "precio_cents", "id");--> statement-breakpoint
CREATE INDEX "tour_pais_precio_idx" ON "tour" USING btree ("pais", "precio_cents", "id");
