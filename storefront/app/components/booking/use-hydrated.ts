import { useEffect, useState } from "react";

// Effects never run on the server, so this only turns true in the browser, once React has hydrated.
let hydratedOnce = false;

/**
 * False during the server render and the hydration render, true afterwards (JavaScript on). Components mounted
 * later start as true, so a modal does not first flash as its no-JavaScript section.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
