export * from "./pricing.ts";
export * from "./calendar.ts";
export * from "./cart.ts";
export * from "./messages.ts";
export * from "./constants.ts";
export * from "./salidas.ts";
