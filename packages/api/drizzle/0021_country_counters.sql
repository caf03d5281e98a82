-- The home's counters per country (tours, comments, distinct comment authors) kept by the database on every write,
-- so GET /api/pais/resumen reads one row per country instead of aggregating every tour and comment: with 5,000 tours
-- and 10,000 comments that aggregate made a cold home render 4.5 times slower than on the demo catalogue (issue 27).
-- pais_autor holds how many comments each (lower-cased) e-mail has in a country; a row per author, gone at zero.
-- Read with SQL in modules/pais/resumen.ts (no Drizzle table: nothing else reads or writes them).
CREATE TABLE "pais_contadores" (
	"pais" integer PRIMARY KEY NOT NULL REFERENCES "public"."pais"("id") ON DELETE cascade,
	"tours" integer DEFAULT 0 NOT NULL,
	"comentarios" integer DEFAULT 0 NOT NULL,
	"autores" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "pais_autor" (
	"pais" integer NOT NULL REFERENCES "public"."pais"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"comentarios" integer NOT NULL,
	PRIMARY KEY ("pais", "email")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.contar_tours(p_pais int, p_delta int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.pais_contadores AS c (pais, tours) VALUES (p_pais, p_delta)
  ON CONFLICT (pais) DO UPDATE SET tours = c.tours + p_delta;
$$;--> statement-breakpoint
-- One author's comments in a country move by p_delta; the author counts once while they have any.
CREATE OR REPLACE FUNCTION public.contar_comentarios(p_pais int, p_email text, p_delta int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_now int;
  v_autores int := 0;
BEGIN
  IF p_delta = 0 THEN RETURN; END IF;
  INSERT INTO public.pais_autor AS a (pais, email, comentarios) VALUES (p_pais, lower(p_email), p_delta)
  ON CONFLICT (pais, email) DO UPDATE SET comentarios = a.comentarios + p_delta
  RETURNING comentarios INTO v_now;
  IF v_now = p_delta AND p_delta > 0 THEN
    v_autores := 1;
  ELSIF v_now <= 0 THEN
    DELETE FROM public.pais_autor WHERE pais = p_pais AND email = lower(p_email);
    v_autores := -1;
  END IF;
  INSERT INTO public.pais_contadores AS c (pais, comentarios, autores) VALUES (p_pais, p_delta, v_autores)
  ON CONFLICT (pais) DO UPDATE SET comentarios = c.comentarios + p_delta, autores = c.autores + v_autores;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.tour_contadores() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.contar_tours(NEW.pais, 1);
  ELSIF TG_OP = 'DELETE' THEN
    -- before the row goes: its comments are deleted by the cascade afterwards, when their tour can no longer be read
    PERFORM public.contar_tours(OLD.pais, -1);
    FOR r IN SELECT email, count(*)::int AS n FROM public.comentarios WHERE id_tour = OLD.id GROUP BY email LOOP
      PERFORM public.contar_comentarios(OLD.pais, r.email, -r.n);
    END LOOP;
    RETURN OLD;
  ELSIF NEW.pais IS DISTINCT FROM OLD.pais THEN
    PERFORM public.contar_tours(OLD.pais, -1);
    PERFORM public.contar_tours(NEW.pais, 1);
    FOR r IN SELECT email, count(*)::int AS n FROM public.comentarios WHERE id_tour = NEW.id GROUP BY email LOOP
      PERFORM public.contar_comentarios(OLD.pais, r.email, -r.n);
      PERFORM public.contar_comentarios(NEW.pais, r.email, r.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tour_contadores_insert AFTER INSERT ON public.tour FOR EACH ROW EXECUTE FUNCTION public.tour_contadores();--> statement-breakpoint
CREATE TRIGGER tour_contadores_delete BEFORE DELETE ON public.tour FOR EACH ROW EXECUTE FUNCTION public.tour_contadores();--> statement-breakpoint
CREATE TRIGGER tour_contadores_pais AFTER UPDATE OF pais ON public.tour FOR EACH ROW EXECUTE FUNCTION public.tour_contadores();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.comentario_contadores() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_pais int;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- a comment deleted with its tour was already taken off by the tour's trigger: its tour is gone
    SELECT pais INTO v_pais FROM public.tour WHERE id = OLD.id_tour;
    IF FOUND THEN PERFORM public.contar_comentarios(v_pais, OLD.email, -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT pais INTO v_pais FROM public.tour WHERE id = NEW.id_tour;
    PERFORM public.contar_comentarios(v_pais, NEW.email, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER comentario_contadores AFTER INSERT OR DELETE ON public.comentarios FOR EACH ROW EXECUTE FUNCTION public.comentario_contadores();--> statement-breakpoint
CREATE TRIGGER comentario_contadores_cambio AFTER UPDATE OF email, id_tour ON public.comentarios FOR EACH ROW EXECUTE FUNCTION public.comentario_contadores();--> statement-breakpoint
INSERT INTO public.pais_autor (pais, email, comentarios)
  SELECT t.pais, lower(c.email), count(*)::int FROM public.comentarios c JOIN public.tour t ON t.id = c.id_tour GROUP BY t.pais, lower(c.email);--> statement-breakpoint
INSERT INTO public.pais_contadores (pais, tours, comentarios, autores)
  SELECT p.id,
         (SELECT count(*)::int FROM public.tour t WHERE t.pais = p.id),
         coalesce((SELECT sum(a.comentarios)::int FROM public.pais_autor a WHERE a.pais = p.id), 0),
         (SELECT count(*)::int FROM public.pais_autor a WHERE a.pais = p.id)
  FROM public.pais p;
