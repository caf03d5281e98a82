/** Wide tables (the tour list has 13 columns) scroll sideways inside their card instead of being cut off. */
export const wideTable = {
  "& .RaDatagrid-tableWrapper": { overflowX: "auto" },
  "& .RaDatagrid-headerCell": { whiteSpace: "nowrap" },
} as const;

/** Around a table wider than a phone: the table scrolls inside this box, never the page (WCAG 1.4.10, reflow). */
export const scrollsInside = { overflowX: "auto", maxWidth: "100%" } as const;

/** Figures (money, counts) in columns: digits of equal width, never wrapped. */
export const numeric = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
