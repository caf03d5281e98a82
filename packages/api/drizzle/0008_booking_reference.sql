-- Booking reference and PIN (issue 9). Orders made before get theirs here; new ones get them from the API (referencia.ts).
ALTER TABLE "pedido" ADD COLUMN "referencia" text;--> statement-breakpoint
ALTER TABLE "pedido" ADD COLUMN "pin" text;--> statement-breakpoint
UPDATE "pedido" SET
  "referencia" = 'TR-' || translate(upper(substr(md5(random()::text || id::text), 1, 8)), '01', 'XY'),
  "pin" = lpad(floor(random() * 1000000)::int::text, 6, '0');--> statement-breakpoint
ALTER TABLE "pedido" ALTER COLUMN "referencia" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido" ALTER COLUMN "pin" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido" ADD CONSTRAINT "pedido_referencia_unique" UNIQUE("referencia");
