/** Wide tables (the tour list has 13 columns) scroll sideways inside their card instead of being cut off. */
export const wideTable = {
  "& .RaDatagrid-tableWrapper": { overflowX: "auto" },
  "& .RaDatagrid-headerCell": { whiteSpace: "nowrap" },
} as const;

/** Figures (money, counts) in columns: digits of equal width, never wrapped. */
export const numeric = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
