// Every table of the API; drizzle-kit reads this file to generate the committed migrations in ../../drizzle.
export * from "../modules/pais/pais.table.ts";
export * from "../modules/ciudades/ciudades.table.ts";
export * from "../modules/tour/tour.table.ts";
export * from "../modules/rewards/rewards.table.ts";
export * from "../modules/ayuda/ayuda.table.ts";
export * from "../modules/banner/banner.table.ts";
export * from "../modules/auth/auth.table.ts";
export * from "../modules/salidas/salidas.table.ts";
export * from "../modules/salidas/guias.table.ts";
export * from "../modules/compra/compra.table.ts";
export * from "../modules/codigos/codigos.table.ts";
export * from "../modules/limits/limits.table.ts";
export * from "../modules/octo/octo.table.ts";
export * from "../modules/auditoria/auditoria.table.ts";
export * from "../mail/correo.table.ts";
export * from "../modules/reservas/cambio-fecha.table.ts";
export * from "../modules/vitals/vitals.table.ts";
