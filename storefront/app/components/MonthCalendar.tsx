import { Link } from "@remix-run/react";
import { WEEKDAY_INITIALS_ES, WEEKDAYS_ES, formatDateEs, type CalendarDay, type DayState } from "@tours/domain";

/** What a day's state adds to its accessible name (and a visible mark), when the availability is known. */
const DAY_STATE_TEXT: Partial<Record<DayState, string>> = { agotado: "agotado", cerrado: "cerrado", pocos: "quedan pocos lugares" };

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
  weeks: Array<Array<CalendarDay & { estado?: DayState }>>;
  selected?: string | null;
  dayHref: (date: string) => string;
  prevHref?: string | null;
  nextHref?: string | null;
  caption?: string;
}) {
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
        <h3 aria-live="polite">{title}</h3>
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
      <table>
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
                const label = `${formatDateEs(day.date)}${day.available ? ", disponible" : ""}${stateText ? `, ${stateText}` : ""}`;
                return (
                  <td key={day.date}>
                    {day.available ? (
                      <Link
                        to={dayHref(day.date)}
                        className={classes}
                        aria-label={label}
                        aria-current={selected === day.date ? "date" : undefined}
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
