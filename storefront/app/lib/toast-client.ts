export type ToastType = "success" | "error" | "info" | "warning";

export interface ClientToast {
  message: string;
  type: ToastType;
}

/** The window event that app/components/Toasts.tsx listens to. */
export const TOAST_EVENT = "tours:toast";

/**
 * Shows a toast from the browser (e.g. a pending message while a fetcher runs). Server-side messages go
 * through remix-toast instead; both end up in the same Toasts region.
 */
export function showToast(message: string, type: ToastType = "info"): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<ClientToast>(TOAST_EVENT, { detail: { message, type } }));
}
