-- The search's GIN indexes are written as tours and words change, not through GIN's pending list (fastupdate).
-- With fastupdate every new entry waits in an unsorted list that each search reads whole until a VACUUM merges it:
-- after 5,000 tours were added, a typo search took 4 ms per statement on a sequential scan instead of 0.5 ms on the
-- index (decision 0020). The catalogue is written rarely and searched often, so the writes pay.
ALTER INDEX "tour_busqueda_palabras_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "palabra_busqueda_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT pg_catalog.gin_clean_pending_list('tour_busqueda_palabras_idx'::regclass);--> statement-breakpoint
SELECT pg_catalog.gin_clean_pending_list('palabra_busqueda_trgm_idx'::regclass);
