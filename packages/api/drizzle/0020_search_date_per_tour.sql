-- "Con lugares el …" looked at every horario of the catalogue: without statistics (PGlite never gathers them, and a
-- new catalogue has none) the planner hashed all horarios against the place's tours, so a city's filter by date cost
-- more as other cities grew (PGlite, 5,045 tours: 16–35 ms, against 5–9 ms now). The same rules, now asked per tour
-- of the place: its horarios through horario_tour_idx (OFFSET 0 keeps the planner from flattening the subquery back
-- into the hash join) and that day's departure through salida_tour_fecha_hora_idx (decision 0020).
CREATE OR REPLACE FUNCTION public.tours_con_lugares(p_fecha date, p_now timestamptz, p_horizon_days int, p_pais int, p_ciudad int)
  RETURNS TABLE (tour_id int) LANGUAGE sql STABLE AS $$
  SELECT t.id
  FROM public.tour t
  JOIN public.pais p ON p.id = t.pais
  WHERE (p_pais IS NULL OR t.pais = p_pais) AND (p_ciudad IS NULL OR t.ciudad = p_ciudad)
    AND NOT EXISTS (SELECT 1 FROM public.fecha_cerrada f WHERE f.tour_id = t.id AND f.fecha = p_fecha)
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
                     FROM public.pedido o WHERE o.id = l.id_pedido) IS NOT NULL), 0))
    )
$$;
