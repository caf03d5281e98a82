import type { ReactNode } from "react";
import { Box } from "@mui/material";

/**
 * Around a table that can be wider than a phone: the table scrolls inside this box, never the page (WCAG 1.4.10,
 * reflow). The box is a named region that takes the keyboard's focus, so a table with nothing focusable in it can
 * still be scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: "auto", maxWidth: "100%" }}>
      {children}
    </Box>
  );
}
