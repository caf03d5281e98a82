import type { Notice } from "./forms.server";

/**
 * The message of a plain HTML form post (no JavaScript), shown where a toast would be. With JavaScript the same
 * message arrives as a toast and no notice is sent.
 */
export function FormNotice({ notice }: { notice?: Notice | null }) {
  if (!notice) return null;
  return (
    <p className={`notice notice--${notice.type}`} role={notice.type === "error" ? "alert" : "status"} data-testid="form-notice">
      {notice.message}
    </p>
  );
}
