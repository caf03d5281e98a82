import { defaultTheme, type RaThemeOptions } from "react-admin";

// The storefront's accent (terracotta) and navy text on react-admin's Material look (ui-brief.md).
export const ACCENT = "#c8553d";
export const NAVY = "#1f2a44";

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: ACCENT, contrastText: "#ffffff" },
    secondary: { main: NAVY, contrastText: "#ffffff" },
    success: { main: "#2e7d32" },
    error: { main: "#c62828" },
    background: { default: "#f5f6f8" },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
};
