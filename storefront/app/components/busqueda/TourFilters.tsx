import { Form, Link, useSubmit } from "@remix-run/react";
import type { Busqueda, Faceta } from "@tours/contract";
import { ACCESIBLE_FILTROS, DURACIONES, IDIOMAS, MODALIDADES } from "@tours/domain";
import { useEffect, useRef, type FormEvent } from "react";
import { DEFAULT_ORDEN, type PageRequest } from "~/lib/paging";
import { filledFields, type TourFilters as Filters } from "~/lib/tour-filters";

interface TourFiltersProps {
  /** The list's path: the form is a GET to it. */
  action: string;
  filters: Filters;
  facetas: Busqueda["facetas"] | null;
  page: PageRequest;
  /** The search's words, kept when filtering (the search page). */
  q?: string;
  /** Where "Quitar filtros" goes, when a filter is on. */
  clearHref: string | null;
  /** The business day (YYYY-MM-DD): the date filter starts there. */
  today: string;
}

const count = (facets: Faceta[] | undefined, valor: string) => facets?.find((f) => f.valor === valor)?.cantidad;

/** One choice of a filter: "Cualquiera" and each value with how many tours it would leave. */
function Choice({ name, options, value, facets }: { name: string; options: [string, string][]; value: string | null; facets?: Faceta[] }) {
  return (
    <>
      <label className="check">
        <input type="radio" name={name} value="" defaultChecked={value === null} />
        Cualquiera
      </label>
      {options.map(([code, label]) => {
        const n = count(facets, code);
        return (
          <label key={code} className="check">
            <input type="radio" name={name} value={code} defaultChecked={value === code} />
            {label}
            {n !== undefined ? <span className="muted"> ({n})</span> : null}
          </label>
        );
      })}
    </>
  );
}

/** One end of the price range, in USD; its placeholder is the list's own cheapest or dearest price. */
function PriceField({ name, label, value, hint }: { name: string; label: string; value: number | null; hint?: number }) {
  const id = `f-${name.replace("_", "-")}`;
  return (
    <div style={{ flex: 1 }}>
      <label htmlFor={id} style={{ fontWeight: 400 }}>
        {label}
      </label>
      <input id={id} type="number" name={name} min={0} step="any" inputMode="decimal" placeholder={hint?.toString()} defaultValue={value ?? ""} />
    </div>
  );
}

/**
 * The filters of a list of our tours (price, duration, language, access, group or private, a date with places).
 * A GET form: without JavaScript "Aplicar filtros" sends it; with JavaScript every change applies at once (the
 * prices after a short pause). Each value shows how many tours it would leave with the other filters as they are.
 */
export function TourFilters({ action, filters, facetas, page, q, clearHref, today }: TourFiltersProps) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // The form stays mounted (focus stays where it is); when the URL changes by other means (the back button,
  // "Quitar filtros") its controls are brought in line with the filters the page now shows.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const current: Record<string, string> = {
      precio_min: filters.precioMin?.toString() ?? "",
      precio_max: filters.precioMax?.toString() ?? "",
      duracion: filters.duracion ?? "",
      idioma: filters.idioma ?? "",
      accesible: filters.accesible ?? "",
      modalidad: filters.modalidad ?? "",
      fecha: filters.fecha ?? "",
    };
    for (const input of Array.from(form.querySelectorAll<HTMLInputElement>("input"))) {
      if (!(input.name in current)) continue;
      if (input.type === "radio") input.checked = current[input.name] === input.value;
      else input.value = current[input.name]!;
    }
  }, [filters]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const typed = (event.target as HTMLInputElement).type === "number";
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(filledFields(form), { method: "get", action, preventScrollReset: true }), typed ? 600 : 0);
  };

  return (
    <Form ref={formRef} method="get" action={action} className="filters" onChange={onChange} aria-label="Filtros" data-testid="tour-filters">
      <h2>Filtrar</h2>
      {q ? <input type="hidden" name="q" value={q} /> : null}
      {/* Filtering keeps the chosen order and starts again at the first page. */}
      {page.orden !== DEFAULT_ORDEN ? <input type="hidden" name="orden" value={page.orden} /> : null}
      <fieldset>
        <legend>Con lugares el</legend>
        <label htmlFor="f-fecha" className="visually-hidden">
          Fecha con lugares disponibles
        </label>
        <input id="f-fecha" type="date" name="fecha" min={today} defaultValue={filters.fecha ?? ""} />
      </fieldset>
      <fieldset>
        <legend>Precio (USD)</legend>
        <div className="row">
          <PriceField name="precio_min" label="Desde" value={filters.precioMin} hint={facetas?.precio ? Math.floor(facetas.precio.min) : undefined} />
          <PriceField name="precio_max" label="Hasta" value={filters.precioMax} hint={facetas?.precio ? Math.ceil(facetas.precio.max) : undefined} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Duración</legend>
        <Choice
          name="duracion"
          options={Object.entries(DURACIONES).map(([code, d]) => [code, d.etiqueta])}
          value={filters.duracion}
          facets={facetas?.duracion}
        />
      </fieldset>
      <fieldset>
        <legend>Idioma del guía</legend>
        <Choice name="idioma" options={Object.entries(IDIOMAS)} value={filters.idioma} facets={facetas?.idioma} />
      </fieldset>
      <fieldset>
        <legend>Accesibilidad</legend>
        <Choice name="accesible" options={Object.entries(ACCESIBLE_FILTROS)} value={filters.accesible} facets={facetas?.accesible} />
      </fieldset>
      <fieldset>
        <legend>Modalidad</legend>
        <Choice name="modalidad" options={Object.entries(MODALIDADES)} value={filters.modalidad} facets={facetas?.modalidad} />
      </fieldset>
      <div className="row">
        <button type="submit" className="btn btn--small">
          Aplicar filtros
        </button>
        {clearHref ? (
          <Link to={clearHref} className="btn btn--small btn--ghost" preventScrollReset>
            Quitar filtros
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
