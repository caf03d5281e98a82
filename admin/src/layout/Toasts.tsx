import { useEffect, useRef, useState } from "react";
import { Alert, Stack } from "@mui/material";
import { useNotificationContext, useTranslate, type NotificationPayload } from "react-admin";
import { TOAST_AUTOCLOSE_MS } from "@tours/domain";

// react-admin's own notifications are translation keys ("ra.notification.http_error"); the spec's messages are
// shown verbatim (trailing spaces included), so only key-shaped strings go through the translator.
const TRANSLATION_KEY = /^[a-z_]+(\.[a-z_]+)+$/;

interface Toast {
  key: number;
  group?: string;
  message: string;
  type: "info" | "success" | "warning" | "error";
}

/**
 * The panel's toast area. react-admin's own Notification shows one message at a time, so a pending message
 * would hold back its outcome for five seconds and a list of API errors would take a minute to read. This area
 * shows every toast at once, each closing after 5 s; a toast sent with the same `toastGroup` option replaces
 * the previous one of that group (a pending message turns into its outcome).
 */
export function Toasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    // takeNotification() reads the queue of this render: take one, the effect runs again for the rest.
    const payload: NotificationPayload | void = notifications.length > 0 ? takeNotification() : undefined;
    if (!payload) return;
    const options = payload.notificationOptions ?? {};
    const group = typeof options.toastGroup === "string" ? options.toastGroup : undefined;
    const message =
      typeof payload.message === "string" && TRANSLATION_KEY.test(payload.message)
        ? translate(payload.message, { _: payload.message, ...(options.messageArgs ?? {}) })
        : String(payload.message);
    const toast: Toast = { key: ++counter.current, group, message, type: payload.type ?? "info" };
    setToasts((current) => [...(group ? current.filter((t) => t.group !== group) : current), toast]);
  }, [notifications, takeNotification, translate]);

  useEffect(() => {
    const live = timers.current;
    for (const toast of toasts) {
      if (live.has(toast.key)) continue;
      live.set(
        toast.key,
        setTimeout(() => {
          live.delete(toast.key);
          setToasts((current) => current.filter((t) => t.key !== toast.key));
        }, TOAST_AUTOCLOSE_MS),
      );
    }
    for (const [key, timer] of live) {
      if (!toasts.some((t) => t.key === key)) {
        clearTimeout(timer);
        live.delete(key);
      }
    }
  }, [toasts]);

  useEffect(() => {
    const live = timers.current;
    return () => {
      for (const timer of live.values()) clearTimeout(timer);
      live.clear();
    };
  }, []);

  return (
    <Stack
      spacing={1}
      role="region"
      aria-label="Notificaciones"
      sx={{
        position: "fixed",
        zIndex: 2000,
        top: { xs: "auto", sm: 72 },
        bottom: { xs: 16, sm: "auto" },
        right: 16,
        left: { xs: 16, sm: "auto" },
        maxWidth: { sm: 420 },
      }}
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.key}
          role="status"
          data-testid="toast"
          data-type={toast.type}
          severity={toast.type}
          variant="filled"
          onClose={() => setToasts((current) => current.filter((t) => t.key !== toast.key))}
          sx={{ whiteSpace: "pre-wrap", boxShadow: 3 }}
        >
          {toast.message}
        </Alert>
      ))}
    </Stack>
  );
}
