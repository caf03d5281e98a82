-- What an order's places are at a moment: 'vendido' (paid), 'retenido' (unpaid with a live hold, or a capture under
-- way) or null (none: cancelled, failed, expired). The one home of this rule (docs/decisions/0007): every count of
-- places calls it, and a plain SQL function like this one is inlined by the planner, so it costs nothing.
CREATE FUNCTION plazas_de_pedido(p_estado text, p_hold_expires_at timestamptz, p_capture_claimed_at timestamptz, p_now timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_estado = 'pagado' THEN 'vendido'
              WHEN p_estado = 'pendiente' AND (p_hold_expires_at > p_now OR p_capture_claimed_at IS NOT NULL) THEN 'retenido'
         END
$$;
--> statement-breakpoint
-- Whether the asked persons fit every departure (already locked by the caller's transaction): none closed, that date
-- not closed, and where there is a capacity (the departure's own, else the slots starting then that weekday:
-- unlimited if one is, else the largest) the places taken plus those asked within it. PL/pgSQL so each connection
-- plans the query once: checkout runs it on every order, and planning it cost more than running it.
CREATE FUNCTION salidas_caben(p_salidas int[], p_personas int[], p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN NOT EXISTS (
    SELECT 1
    FROM salida s
    JOIN unnest(p_salidas, p_personas) AS a (salida_id, personas) ON a.salida_id = s.id
    CROSS JOIN LATERAL (
      SELECT coalesce(s.cupo, (SELECT c.cupo FROM horario c
                               WHERE c.tour_id = s.tour_id AND c.hora_inicio = s.hora
                                 AND (ARRAY[c.domingo, c.lunes, c.martes, c.miercoles, c.jueves, c.viernes, c.sabado])[extract(dow FROM s.fecha)::int + 1]
                               ORDER BY c.cupo DESC NULLS FIRST LIMIT 1)) AS cupo
    ) cap
    WHERE s.cerrada
       OR EXISTS (SELECT 1 FROM fecha_cerrada f WHERE f.tour_id = s.tour_id AND f.fecha = s.fecha)
       OR (cap.cupo IS NOT NULL AND cap.cupo < a.personas + (
             SELECT coalesce(sum(l.mayores15 + l.menoresde15_a4 + l.menores3), 0)
             FROM pedido_line l
             WHERE l.salida_id = s.id
               AND (SELECT plazas_de_pedido(o.estado, o.hold_expires_at, o.capture_claimed_at, p_now)
                    FROM pedido o WHERE o.id = l.id_pedido) IS NOT NULL)));
END
$$;
