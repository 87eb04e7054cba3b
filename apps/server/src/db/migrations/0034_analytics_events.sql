-- Client analytics (issue 23 item 2): the events of the batches the browser sent, by the day they arrived (deleted
-- after 90 days by the retention step); the account and the person as keyed hashes only.
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"variant" text NOT NULL,
	"account_hash" text,
	"person_hash" text,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_day" ON "analytics_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_person" ON "analytics_events" USING btree ("person_hash","received_at");