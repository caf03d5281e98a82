import { useId, type ReactNode } from "react";

interface FieldProps {
  label: string;
  name: string;
  type?: "text" | "email" | "tel" | "password" | "number";
  defaultValue?: string;
  error?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "tel" | "email";
  multiline?: boolean;
  hint?: ReactNode;
  /** A fixed id, for forms whose error summary links to their fields ("#checkout-nombre"). */
  id?: string;
}

/**
 * A labelled input with its error message next to it. `required` is announced (aria-required) but the check is
 * the server's, so the spec's own Spanish message is what the visitor sees, with or without JavaScript.
 */
export function Field({
  label,
  name,
  type = "text",
  defaultValue,
  error,
  required = false,
  autoComplete,
  inputMode,
  multiline = false,
  hint,
  id: fixedId,
}: FieldProps) {
  const generated = useId();
  const id = fixedId ?? generated;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    defaultValue,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} />
      )}
      {hint ? <div className="field__hint">{hint}</div> : null}
      {error ? (
        <div className="field__error" id={errorId}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
