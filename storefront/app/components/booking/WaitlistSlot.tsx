import { lazy, Suspense, type ComponentType } from "react";
import waitlistFormUrl from "virtual:waitlist-form";
import type { BookingCalendar } from "./calendar-state";
import { WaitlistForm } from "./WaitlistForm";

type Props = { agotadas: BookingCalendar["agotadas"] };

/**
 * The browser loads the form's code only for a month with sold-out departures (most tour pages show none), from
 * its own chunk (vite.config.ts, lazyChunks): the tour page's first-load JavaScript stays within its goal
 * (docs/benchmarks.md). If that chunk cannot be loaded, the promise never settles: React keeps the server's HTML of
 * the form, which still posts as it does without JavaScript.
 */
const LazyWaitlistForm = lazy(() =>
  (import(/* @vite-ignore */ waitlistFormUrl) as Promise<typeof import("./WaitlistForm")>).then(
    (m) => ({ default: m.WaitlistForm }),
    () => new Promise<never>(() => {}),
  ),
);

/** "Avísame si se libera un lugar" when the month has sold-out departures; rendered whole by the server. */
export function WaitlistSlot({ agotadas }: Props) {
  if (agotadas.length === 0) return null;
  // the server renders the form itself (import.meta.env.SSR is a constant: the browser's bundle has no static import)
  const Form: ComponentType<Props> = import.meta.env.SSR ? WaitlistForm : LazyWaitlistForm;
  return (
    <Suspense fallback={null}>
      <Form agotadas={agotadas} />
    </Suspense>
  );
}
