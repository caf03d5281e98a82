CREATE TABLE "field_vital" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"route_type" text NOT NULL,
	"device" text NOT NULL,
	"navigation" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "field_vital_recorded_at_idx" ON "field_vital" USING btree ("recorded_at");