import { useNavigation } from "@remix-run/react";
import { MSG } from "@tours/domain/messages";
import { useEffect, useState } from "react";

/** Fast navigations finish before this and never flash the indicator. */
export const NAVIGATION_STATUS_DELAY_MS = 300;

/** Free-tour pages get their data from the external provider (spec §8: 'Cargando la informacion de la api'). */
export function loadingTextFor(pathname: string): string {
  return /^\/(country|activity)\//.test(pathname) ? MSG.cargandoApi : MSG.cargandoInformacion;
}

/**
 * A polite status line while a client navigation loads its data (JavaScript only: without it the browser shows
 * its own progress). Page loads and GET forms count; POST submissions show their own pending texts. The live
 * region is added once hydrated (the server's HTML has no use for it) and stays in the document from then on,
 * so screen readers announce the text when it appears.
 */
export function NavigationStatus() {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && (!navigation.formMethod || navigation.formMethod.toUpperCase() === "GET");
  const text = loading ? loadingTextFor(navigation.location.pathname) : null;
  const [shown, setShown] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!text) {
      setShown(null);
      return;
    }
    const timer = setTimeout(() => setShown(text), NAVIGATION_STATUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  if (!hydrated) return null;
  return (
    <div role="status" aria-live="polite" className="nav-status" data-testid="navigation-status" data-active={shown ? "true" : undefined}>
      {shown ? (
        <>
          <span className="nav-status__spinner" aria-hidden="true" />
          {shown}
        </>
      ) : null}
    </div>
  );
}
