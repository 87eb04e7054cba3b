CREATE TYPE "public"."network_event_kind" AS ENUM('outage', 'maintenance');--> statement-breakpoint
CREATE TYPE "public"."outage_confidence" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TABLE "network_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" "network_event_kind" NOT NULL,
	"services" jsonb NOT NULL,
	"cause" text NOT NULL,
	"region" text NOT NULL,
	"time_zone" text NOT NULL,
	"area" jsonb NOT NULL,
	"customers_affected" integer NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"estimated_end_at" timestamp with time zone NOT NULL,
	"confidence" "outage_confidence",
	"timeline" jsonb NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_events_reference_unique" UNIQUE("reference"),
	CONSTRAINT "network_events_window" CHECK ("network_events"."estimated_end_at" > "network_events"."starts_at" and "network_events"."announced_at" <= "network_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "network_premises" (
	"zip" text NOT NULL,
	"street" text NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	CONSTRAINT "network_premises_zip_street_pk" PRIMARY KEY("zip","street")
);
--> statement-breakpoint
CREATE INDEX "network_events_starts" ON "network_events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "network_events_closes" ON "network_events" USING btree ("closes_at");