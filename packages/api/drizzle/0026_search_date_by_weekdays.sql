-- "Con lugares el …" without three index lookups per tour of the place (issue 26, decision 0020). 0020 asked every
-- tour of the place for its horarios, that day's departure and that day's closing: at 5,045 tours a city's 280 tours
-- cost 280 times that per search. But for nearly every tour the answer needs none of them: a tour with no departure
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
-- The same rule as 0016 and 0020 (the calendar's: salidas.service.ts monthAvailability), in two steps. First what a
-- column of the tour can tell: a horario starts that weekday. Then, for a tour with no departure row and no closing
-- that day, on a date inside its safe window (after its cutoff can reach, before the horizon can), that is the
-- answer; any other tour (the array of the day's tours is worked out once per statement) goes through 0020's whole
-- rule as before: its horarios, that day's departure and closing, the cutoff in its zone, the places left.
CREATE OR REPLACE FUNCTION public.tours_con_lugares(p_fecha date, p_now timestamptz, p_horizon_days int, p_pais int, p_ciudad int)
  RETURNS TABLE (tour_id int) LANGUAGE sql STABLE AS $$
  SELECT t.id
  FROM public.tour t
  JOIN public.pais p ON p.id = t.pais
  WHERE (p_pais IS NULL OR t.pais = p_pais) AND (p_ciudad IS NULL OR t.ciudad = p_ciudad)
    AND t.dias_con_horario & (1 << extract(dow FROM p_fecha)::int) <> 0
    AND CASE WHEN p_fecha BETWEEN (p_now AT TIME ZONE 'UTC')::date + t.corte_horas / 24 + 2
                              AND (p_now AT TIME ZONE 'UTC')::date + p_horizon_days - 1
                  AND t.id <> ALL (ARRAY(SELECT s.tour_id FROM public.salida s WHERE s.fecha = p_fecha
                                         UNION SELECT f.tour_id FROM public.fecha_cerrada f WHERE f.fecha = p_fecha))
             THEN true
             ELSE NOT EXISTS (SELECT 1 FROM public.fecha_cerrada f WHERE f.tour_id = t.id AND f.fecha = p_fecha)
               AND EXISTS (
                 SELECT 1
                 FROM (SELECT * FROM public.horario hh WHERE hh.tour_id = t.id OFFSET 0) h
                 LEFT JOIN public.salida s ON s.tour_id = t.id AND s.fecha = p_fecha AND s.hora = h.hora_inicio
                 WHERE (ARRAY[h.domingo, h.lunes, h.martes, h.miercoles, h.jueves, h.viernes, h.sabado])[extract(dow FROM p_fecha)::int + 1]
                   AND CASE WHEN p_fecha BETWEEN (p_now AT TIME ZONE 'UTC')::date + t.corte_horas / 24 + 2
                                             AND (p_now AT TIME ZONE 'UTC')::date + p_horizon_days - 1 THEN true
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
