/**
 * Dates as the panel shows them: dd/mm/aaaa everywhere (issue 22). The API speaks ISO (2026-11-25); these turn one
 * into the other. The shared date input (DateInputEs.tsx) uses them.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})/;
const ES = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** "2026-11-25" (or an ISO instant) → "25/11/2026"; anything else as it came. */
export function dateEs(iso: string | null | undefined): string {
  if (!iso) return "";
  const m = ISO.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** "2026-11-25" → "25/11". */
export function shortDateEs(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}/${m[2]}` : iso;
}

/** "25/11/2026" → "2026-11-25"; null when it is not a real date written so. */
export function isoFromEs(text: string): string | null {
  const m = ES.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** An instant as staff read it, dd/mm/aaaa hh:mm (24 h) in the browser's zone; "—" when there is none. */
export function dateTimeEs(instant: string | Date | null | undefined): string {
  if (!instant) return "—";
  const d = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) return "—";
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** An instant's time, hh:mm, in the browser's zone. */
export function timeEs(instant: string | Date): string {
  const d = typeof instant === "string" ? new Date(instant) : instant;
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/** react-admin's DateField options for dd/mm/aaaa (with `locales="es-CO"`), and with the time. */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_OPTIONS, hour: "2-digit", minute: "2-digit" };
