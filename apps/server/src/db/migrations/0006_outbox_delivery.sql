CREATE TABLE "outbox_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"kind" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"body" text NOT NULL,
	"immediate" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"send_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "kind" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE INDEX "outbox_texts_created" ON "outbox_texts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);