import { useCallback, useEffect, useRef, useState } from "react";
import { srcSetForUrl, useImageBase } from "~/lib/images";
import { BANNER_POPUP_DELAY_MS } from "@tours/domain";

/** Spec §9: the banner pops up 3 s after the page loads. */

/** The popup image's width on screen (app.css `.popup img`), for the browser to pick its file. */
const POPUP_SIZES = "min(92vw, 900px)";

/** sessionStorage key remembering the banner this visitor already closed. */
export const BANNER_SEEN_KEY = "bannerVisto";

function alreadySeen(image: string): boolean {
  try {
    return window.sessionStorage.getItem(BANNER_SEEN_KEY) === image;
  } catch {
    return false;
  }
}

/**
 * The advertising banner as a full-screen popup, 3 s after load when a banner exists; a click anywhere (or
 * Escape) closes it. Once closed, the same banner does not come back during the visit (browser session): a
 * popup on every return to the home would get in the way of browsing. It needs JavaScript by nature.
 */
export function BannerPopup({ image, description }: { image: string; description?: string | null }) {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const srcSet = srcSetForUrl(useImageBase(), image);

  useEffect(() => {
    if (alreadySeen(image)) return;
    let cancelled = false;
    // The 3 s count from the navigation, not from hydration, which on a slow phone comes seconds later; and the popup
    // opens with its image already decoded, so it never shows an empty box that then grows (a layout shift).
    const preload = new Image();
    if (srcSet) {
      preload.srcset = srcSet;
      preload.sizes = POPUP_SIZES;
    }
    preload.src = image;
    const decoded = preload.decode().catch(() => undefined); // a broken image still opens: its alt text says what it was
    const due = new Promise((resolve) => setTimeout(resolve, Math.max(0, BANNER_POPUP_DELAY_MS - performance.now())));
    void Promise.all([decoded, due]).then(() => {
      if (!cancelled) setOpen(true);
    });
    return () => {
      cancelled = true;
    };
  }, [image, srcSet]);

  const close = useCallback(() => {
    setOpen(false);
    try {
      window.sessionStorage.setItem(BANNER_SEEN_KEY, image);
    } catch {
      // Storage disabled: the popup may simply show again on the next visit to the home.
    }
  }, [image]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [open, close]);

  if (!open) return null;
  return (
    <div className="popup" role="dialog" aria-modal="true" aria-label="Promoción" data-testid="banner-popup" onClick={close}>
      <img src={image} srcSet={srcSet} sizes={srcSet ? POPUP_SIZES : undefined} alt={description || "Promoción destacada"} />
      <button ref={closeRef} type="button" className="popup__hint btn btn--small btn--light" onClick={close}>
        Cerrar ✕
      </button>
    </div>
  );
}
