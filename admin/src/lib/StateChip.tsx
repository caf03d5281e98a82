import { Chip } from "@mui/material";

export type StateColor = "success" | "warning" | "error" | "default";

/** How one state of a record (an order's payment, a departure, a refund, an e-mail) is shown. */
export interface StateLook {
  label: string;
  color: StateColor;
  variant?: "outlined";
}

/** A record's state as a small coloured chip; a state with no look shows its own name, uncoloured. */
export function StateChip({ look, fallback = "", testId }: { look: StateLook | undefined; fallback?: string; testId?: string }) {
  return <Chip label={look?.label ?? fallback} color={look?.color ?? "default"} variant={look?.variant} size="small" data-testid={testId} />;
}
