import { useEffect, useState } from "react";
import { useInput } from "react-admin";
import { TextField, type SxProps, type Theme } from "@mui/material";
import { dateEs, isoFromEs } from "./dates";

/**
 * The panel's one date input (issue 22): written and shown as dd/mm/aaaa whatever the browser's language (a
 * browser's own date input follows its locale: mm/dd/yyyy in an English Chromium). Its value is the API's ISO date;
 * it changes only when the text is a whole real date (or empty), so a half-typed date never reaches a filter.
 */
export function DateFieldEs({
  label,
  value,
  onChange,
  size = "small",
  sx,
}: {
  label: string;
  /** "2026-11-25", or "" for none. */
  value: string;
  onChange: (iso: string) => void;
  size?: "small" | "medium";
  sx?: SxProps<Theme>;
}) {
  const [text, setText] = useState(dateEs(value));
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    // a value set from outside (a link, a reset) shows; the text being typed stays as it is
    setText((current) => (isoFromEs(current) === (value || null) ? current : dateEs(value)));
  }, [value]);
  const invalid = touched && text.trim() !== "" && isoFromEs(text) === null;
  return (
    <TextField
      label={label}
      value={text}
      size={size}
      placeholder="dd/mm/aaaa"
      error={invalid}
      helperText={invalid ? "Escribe la fecha como dd/mm/aaaa" : undefined}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        setTouched(false);
        if (next.trim() === "") onChange("");
        else {
          const iso = isoFromEs(next);
          if (iso) onChange(iso);
        }
      }}
      onBlur={() => setTouched(true)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: "numeric", maxLength: 10, "aria-description": "Formato dd/mm/aaaa" } }}
      sx={{ width: 150, ...sx }}
    />
  );
}

/** DateFieldEs as a react-admin input (list filters, forms): `<DateInputEs source="desde" label="Desde" alwaysOn />`. */
export function DateInputEs({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  return <DateFieldEs label={label} value={typeof field.value === "string" ? field.value : ""} onChange={(iso) => field.onChange(iso)} />;
}
