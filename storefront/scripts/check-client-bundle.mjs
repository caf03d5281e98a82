#!/usr/bin/env node
// Run after `remix vite:build` (part of `npm run build -w @tours/storefront`): fails when zod (i.e. the contract's
// schemas or other server code) reaches a browser chunk, and prints each measured route's first-load JavaScript.
import { MEASURED_ROUTES, firstLoadSize, zodChunks } from "./client-bundle.mjs";

const leaks = zodChunks();
if (leaks.length > 0) {
  console.error(`zod llegó al paquete del navegador: ${leaks.join(", ")}`);
  console.error("Importa en el cliente solo módulos sin zod (p. ej. @tours/contract/urls); los esquemas, en archivos .server.ts.");
  process.exit(1);
}
const rows = Object.entries(MEASURED_ROUTES).map(([name, id]) => {
  const { gzip, files } = firstLoadSize(id);
  return `${name} ${(gzip / 1000).toFixed(1)} kB gzip (${files.length} files)`;
});
console.log(`client bundle: no zod · first-load JS: ${rows.join(" · ")}`);
