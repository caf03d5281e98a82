-- Self-service cancellation, refunds and check-in (issue 9, docs/decisions/0013).
CREATE TABLE "reembolso" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"monto_cents" integer NOT NULL,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"paypal_refund_id" text,
	"request_id" text NOT NULL,
	"motivo" text,
	"por" text NOT NULL,
	"staff_usuario_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reembolso_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "pedido_line" ADD COLUMN "cancelada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido_line" ADD COLUMN "reembolso_id" integer;--> statement-breakpoint
ALTER TABLE "pedido_line" ADD COLUMN "checkin_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido_line" ADD COLUMN "checkin_usuario_id" integer;--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_pedido_id_pedido_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedido"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_staff_usuario_id_staff_users_id_fk" FOREIGN KEY ("staff_usuario_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reembolso_pedido_idx" ON "reembolso" USING btree ("pedido_id");--> statement-breakpoint
ALTER TABLE "pedido_line" ADD CONSTRAINT "pedido_line_reembolso_id_reembolso_id_fk" FOREIGN KEY ("reembolso_id") REFERENCES "public"."reembolso"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_line" ADD CONSTRAINT "pedido_line_checkin_usuario_id_staff_users_id_fk" FOREIGN KEY ("checkin_usuario_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- What a line's places are at a moment: none once the line is cancelled, else its order's (plazas_de_pedido). The
-- one home of the places rule from now on: every count of places and the checkout's check call this. Plain SQL, so
-- the planner inlines it like plazas_de_pedido.
CREATE FUNCTION plazas_de_linea(p_cancelada_at timestamptz, p_estado text, p_hold_expires_at timestamptz, p_capture_claimed_at timestamptz, p_now timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_cancelada_at IS NULL THEN plazas_de_pedido(p_estado, p_hold_expires_at, p_capture_claimed_at, p_now) END
$$;
--> statement-breakpoint
-- As in 0007, counting with plazas_de_linea: a cancelled line's places are free again.
CREATE OR REPLACE FUNCTION salidas_caben(p_salidas int[], p_personas int[], p_now timestamptz)
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
               AND (SELECT plazas_de_linea(l.cancelada_at, o.estado, o.hold_expires_at, o.capture_claimed_at, p_now)
                    FROM pedido o WHERE o.id = l.id_pedido) IS NOT NULL)));
END
$$;
