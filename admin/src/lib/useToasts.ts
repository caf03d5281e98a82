import { useCallback, useMemo } from "react";
import { useNotify } from "react-admin";
import { errorMessages } from "../providers/errors";

let groupCounter = 0;

export interface ToastSteps {
  pending?: string;
  success?: string;
  /** Shown when the API answered without a list of `errors[].msg`. */
  error: string;
  /** When true, the API's own `errors[].msg` are shown one by one instead of the fallback. */
  showApiErrors?: boolean;
}

/** Toasts around one action: pending, then its success or its errors, replacing the pending toast. */
export function useToasts() {
  const notify = useNotify();

  const run = useCallback(
    async <T,>(steps: ToastSteps, action: () => Promise<T>): Promise<T | undefined> => {
      const group = `action-${++groupCounter}`;
      if (steps.pending) notify(steps.pending, { type: "info", toastGroup: group });
      try {
        const result = await action();
        if (steps.success) notify(steps.success, { type: "success", toastGroup: group });
        return result;
      } catch (error) {
        const messages = steps.showApiErrors ? errorMessages(error) : [];
        const shown = messages.length > 0 ? messages : [steps.error];
        shown.forEach((message, i) => notify(message, { type: "error", toastGroup: i === 0 ? group : undefined }));
        return undefined;
      }
    },
    [notify],
  );

  const start = useCallback(
    (pending: string) => {
      const group = `action-${++groupCounter}`;
      notify(pending, { type: "info", toastGroup: group });
      return {
        success: (message: string) => notify(message, { type: "success", toastGroup: group }),
        fail: (error: unknown, fallback: string, showApiErrors = false) => {
          const messages = showApiErrors ? errorMessages(error) : [];
          const shown = messages.length > 0 ? messages : [fallback];
          shown.forEach((message, i) => notify(message, { type: "error", toastGroup: i === 0 ? group : undefined }));
        },
      };
    },
    [notify],
  );

  const error = useCallback(
    (error: unknown, fallback: string, showApiErrors = false) => {
      const messages = showApiErrors ? errorMessages(error) : [];
      (messages.length > 0 ? messages : [fallback]).forEach((message) => notify(message, { type: "error" }));
    },
    [notify],
  );

  // one object per set of callbacks: screens put it in effect dependencies
  return useMemo(() => ({ run, start, error, notify }), [run, start, error, notify]);
}
