/** Wire conventions of the contract: 0|1 flags and ISO timestamps. */
export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
export const iso = (date: Date): string => date.toISOString();
export const timestamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});
