-- Every write of a tour first takes its country's lock, so concurrent writes of tours take their other locks in
-- one order. The triggers on "tour" lock shared rows: the country's counters (0021: BEFORE DELETE, but AFTER INSERT),
-- the search's groups of alike tours (0026: AFTER, the group a tour leaves and then the one it joins). Two writes at
-- once could take them in opposite orders — a delete its country's counters and then its group, an insert its group
-- and then the counters; a tour moved from group A to B beside another moved from B to A — and PostgreSQL cancelled
-- one of them ("deadlock detected": 13 of 80 concurrent writes in busqueda-grupos.test.ts). Now the first trigger
-- of a row write ("0" sorts before every other trigger's name; PostgreSQL fires a table's triggers in name order)
-- waits for a transaction-level advisory lock per country the row is in, before and after (namespace 74310026,
-- beside cupo.ts' 74310002 and hold-limits.ts' 74310012), in the countries' order. Writes of tours of one country
-- then run their triggers one after another, as the country's counters already made inserts and deletes do;
-- several rows in one statement still take their countries row by row (bulk writes are not the panel's).
CREATE OR REPLACE FUNCTION public.tour_bloqueo_por_pais() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_pais int;
BEGIN
  FOR v_pais IN
    SELECT DISTINCT p FROM unnest(ARRAY[
      CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD.pais END,
      CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN NEW.pais END]) AS p
    WHERE p IS NOT NULL ORDER BY p
  LOOP
    PERFORM pg_advisory_xact_lock(74310026, v_pais);
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tour_0_bloqueo_por_pais BEFORE INSERT OR UPDATE OR DELETE ON "tour"
  FOR EACH ROW EXECUTE FUNCTION public.tour_bloqueo_por_pais();
