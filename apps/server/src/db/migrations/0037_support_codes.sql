-- Support codes (issue 23 item 4): the code of an analytics event's trace id, and the code a ticket quotes.
ALTER TABLE "analytics_events" ADD COLUMN "support_code" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "support_code" text;--> statement-breakpoint
CREATE INDEX "analytics_events_support_code" ON "analytics_events" USING btree ("support_code","received_at") WHERE "analytics_events"."support_code" is not null;