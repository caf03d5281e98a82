import { defineConfig } from "drizzle-kit";

// `npm run db:generate -w @tours/api` writes a new migration into ./drizzle after a *.table.ts change.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
