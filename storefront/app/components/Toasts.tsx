import { useEffect, useRef, useState } from "react";
import { TOAST_EVENT, type ClientToast, type ToastType } from "~/lib/toast-client";
import { TOAST_AUTOCLOSE_MS } from "@tours/domain/constants";

/** Spec §9: toasts close by themselves after 5 s. */

export interface ServerToast {
  /** Unique per response, so the same message flashed twice shows twice. */
  id: string;
  message: string;
  type: ToastType;
}

interface ShownToast extends ClientToast {
  id: string;
}

let counter = 0;

/**
 * The one toast region of the storefront: shows the server's flash toast (remix-toast, via the root loader)
 * and the ones raised in the browser with showToast(). Without JavaScript the server's toast is still in the
 * HTML and fades out by CSS after the same 5 s.
 */
export function Toasts({ serverToast }: { serverToast?: ServerToast | null }) {
  const [toasts, setToasts] = useState<ShownToast[]>(() => (serverToast ? [serverToast] : []));
  const seen = useRef(new Set<string>(serverToast ? [serverToast.id] : []));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = (id: string) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  };

  const push = (toast: ShownToast) => {
    setToasts((list) => [...list.filter((t) => t.id !== toast.id), toast]);
  };

  useEffect(() => {
    if (serverToast && !seen.current.has(serverToast.id)) {
      seen.current.add(serverToast.id);
      push(serverToast);
    }
  }, [serverToast]);

  useEffect(() => {
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<ClientToast>).detail;
      if (!detail?.message) return;
      counter += 1;
      push({ ...detail, id: `client-${counter}-${Date.now()}` });
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    const active = timers.current;
    for (const toast of toasts) {
      if (active.has(toast.id)) continue;
      active.set(
        toast.id,
        setTimeout(() => {
          active.delete(toast.id);
          setToasts((list) => list.filter((t) => t.id !== toast.id));
        }, TOAST_AUTOCLOSE_MS),
      );
    }
  }, [toasts]);

  useEffect(() => {
    const active = timers.current;
    return () => {
      for (const timer of active.values()) clearTimeout(timer);
      active.clear();
    };
  }, []);

  return (
    <div className="toasts" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.type}`}
          role="status"
          data-testid="toast"
        >
          <span className="toast__message">{toast.message}</span>
          <button type="button" className="toast__close" aria-label="Cerrar aviso" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
