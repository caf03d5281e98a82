import { defaultTheme, type RaThemeOptions } from "react-admin";

// The storefront's accent (terracotta, the same as its --accent) and navy text on react-admin's Material look
// (ui-brief.md). White on it reads at 5.3:1 (WCAG AA), as on the storefront's buttons.
export const ACCENT = "#b8461f";
export const NAVY = "#1f2a44";

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: ACCENT, contrastText: "#ffffff" },
    secondary: { main: NAVY, contrastText: "#ffffff" },
    success: { main: "#2e7d32" },
    error: { main: "#c62828" },
    // Material's orange (#ed6c02) under white text is 3.1:1; this one is 5:1 (AA), for the "held" chips
    warning: { main: "#b45309", contrastText: "#ffffff" },
    background: { default: "#f5f6f8" },
  },
  components: {
    ...defaultTheme.components,
    // WCAG AA contrast: react-admin greys an empty list's message to half opacity, and Material greys the helper
    // text of a disabled field ("Seleccione primero el país") below 4.5:1.
    RaEmpty: { styleOverrides: { root: { "& .RaEmpty-message": { opacity: 1, color: "rgba(0, 0, 0, 0.6)" } } } },
    // A loading spinner or bar says what it is (axe "aria-progressbar-name"; react-admin's give no name).
    MuiCircularProgress: { defaultProps: { "aria-label": "Cargando" } },
    MuiLinearProgress: { defaultProps: { "aria-label": "Cargando" } },
    MuiFormHelperText: { styleOverrides: { root: { "&.Mui-disabled": { color: "rgba(0, 0, 0, 0.6)" } } } },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
};
