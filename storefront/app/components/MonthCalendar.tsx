import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { MONTHS_ES, WEEKDAY_INITIALS_ES, WEEKDAYS_ES, type CalendarDay, type DayState } from "@tours/domain";

/** What a day's state adds to its accessible name (and a visible mark), when the availability is known. */
const DAY_STATE_TEXT: Partial<Record<DayState, string>> = { agotado: "agotado", cerrado: "cerrado", pocos: "quedan pocos lugares" };

type Day = CalendarDay & { estado?: DayState; quedan?: number | null };

/** "viernes 27 de noviembre, quedan 2 lugares": what a day cell announces (its date and its state). */
export function dayLabel(day: Day): string {
  const [, month, dd] = day.date.split("-").map(Number);
  const weekday = WEEKDAYS_ES[new Date(`${day.date}T12:00:00Z`).getUTCDay()];
  const date = `${weekday} ${dd} de ${MONTHS_ES[month! - 1]}`;
  const stateText = day.estado && !day.isPast ? DAY_STATE_TEXT[day.estado] : undefined;
  if (day.available && typeof day.quedan === "number") return `${date}, quedan ${day.quedan} ${day.quedan === 1 ? "lugar" : "lugares"}`;
  return `${date}${day.available ? ", disponible" : ""}${stateText ? `, ${stateText}` : ""}`;
}

/** Arrow keys, Home and End inside the grid: the day they move to (the month's days only). */
function moveTo(key: string, date: string, days: string[]): string | undefined {
  const i = days.indexOf(date);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7, Home: -weekday, End: 6 - weekday };
  if (i < 0 || step[key] === undefined) return undefined;
  return days[Math.min(days.length - 1, Math.max(0, i + step[key]))];
}

/**
 * A month grid (ui-brief): Sunday first, weekday initials, available days in the accent and each one a link
 * (so choosing a day works without JavaScript), today outlined, past days greyed and inert.
 */
export function MonthCalendar({
  title,
  weeks,
  selected,
  dayHref,
  prevHref,
  nextHref,
  caption,
}: {
  title: string;
  weeks: Day[][];
  selected?: string | null;
  dayHref: (date: string) => string;
  prevHref?: string | null;
  nextHref?: string | null;
  caption?: string;
}) {
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  // With JavaScript the table is an ARIA grid: one day in the tab order, arrows move between days. Without it
  // (and before hydration) every bookable day is a link in the tab order.
  const [grid, setGrid] = useState(false);
  useEffect(() => setGrid(true), []);
  const days = weeks.flat().filter((d) => d.inMonth);
  const dates = days.map((d) => d.date);
  const initial = (selected && dates.includes(selected) ? selected : undefined) ?? days.find((d) => d.available)?.date ?? days.find((d) => d.isToday)?.date ?? dates[0];
  const [active, setActive] = useState(initial);
  const current = active && dates.includes(active) ? active : initial;
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    const to = from ? moveTo(event.key, from, dates) : undefined;
    if (!to) return;
    event.preventDefault();
    setActive(to);
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${to}"]`)?.focus();
  };
  const tabIndexOf = (date: string) => (grid ? (date === current ? 0 : -1) : undefined);
  return (
    <div className="calendar" data-testid="calendar">
      <div className="calendar__head">
        {prevHref ? (
          <Link to={prevHref} className="btn btn--small btn--ghost" aria-label="Mes anterior" preventScrollReset replace>
            ‹
          </Link>
        ) : (
          <span className="btn btn--small btn--ghost" aria-hidden="true" style={{ visibility: "hidden" }}>
            ‹
          </span>
        )}
        <h3 aria-live="polite" id={titleId}>
          {title}
        </h3>
        {nextHref ? (
          <Link to={nextHref} className="btn btn--small btn--ghost" aria-label="Mes siguiente" preventScrollReset replace>
            ›
          </Link>
        ) : (
          <span className="btn btn--small btn--ghost" aria-hidden="true" style={{ visibility: "hidden" }}>
            ›
          </span>
        )}
      </div>
      <table ref={gridRef} role={grid ? "grid" : undefined} aria-labelledby={titleId} onKeyDown={grid ? onKeyDown : undefined}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {WEEKDAY_INITIALS_ES.map((initial, i) => (
              <th key={i} scope="col" abbr={WEEKDAYS_ES[i]}>
                {initial}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((day) => {
                const classes = [
                  "day",
                  day.inMonth ? "" : "day--out",
                  day.isPast ? "day--past" : "",
                  day.isToday ? "day--today" : "",
                  day.available ? "day--available" : "",
                  selected === day.date ? "day--selected" : "",
                  day.estado && !day.isPast ? `day--${day.estado}` : "",
                ]
                  .filter(Boolean)
                  .join(" ");
                const stateText = day.estado && !day.isPast ? DAY_STATE_TEXT[day.estado] : undefined;
                const label = dayLabel(day);
                return (
                  <td key={day.date}>
                    {day.available ? (
                      <Link
                        to={dayHref(day.date)}
                        className={classes}
                        aria-label={label}
                        aria-current={selected === day.date ? "date" : undefined}
                        tabIndex={tabIndexOf(day.date)}
                        onFocus={() => setActive(day.date)}
                        preventScrollReset
                        replace
                        data-date={day.date}
                        data-estado={day.estado}
                      >
                        {day.day}
                      </Link>
                    ) : (
                      <span
                        className={classes}
                        aria-label={day.inMonth ? label : undefined}
                        aria-hidden={!day.inMonth}
                        tabIndex={day.inMonth ? tabIndexOf(day.date) : undefined}
                        onFocus={day.inMonth ? () => setActive(day.date) : undefined}
                        data-date={day.inMonth ? day.date : undefined}
                        data-estado={day.inMonth ? day.estado : undefined}
                        title={stateText ? stateText.charAt(0).toUpperCase() + stateText.slice(1) : undefined}
                      >
                        {day.day}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar__legend">
        <span className="lg-available">Disponible</span>
        {weeks.some((w) => w.some((d) => d.estado === "pocos")) ? <span className="lg-few">Pocos lugares</span> : null}
        {weeks.some((w) => w.some((d) => d.estado === "agotado" && !d.isPast)) ? <span className="lg-soldout">Agotado</span> : null}
        {weeks.some((w) => w.some((d) => d.estado === "cerrado" && !d.isPast)) ? <span className="lg-closed">Cerrado</span> : null}
        <span className="lg-today">Hoy</span>
      </p>
    </div>
  );
}
