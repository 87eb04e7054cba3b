CREATE TYPE "public"."call_direction" AS ENUM('incoming', 'outgoing', 'missed', 'blocked');--> statement-breakpoint
CREATE TYPE "public"."voice_message_kind" AS ENUM('voicemail', 'fax');--> statement-breakpoint
CREATE TABLE "call_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"direction" "call_direction" NOT NULL,
	"other_number" text,
	"other_name" text,
	"started_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"block_reason" text
);
--> statement-breakpoint
CREATE TABLE "voice_line_settings" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"forwarding" jsonb NOT NULL,
	"call_guard" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_media" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"kind" "voice_message_kind" NOT NULL,
	"from_number" text,
	"caller_name" text,
	"received_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer,
	"pages" integer,
	"transcript" jsonb,
	"heard_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "voice_messages_kind_fields" CHECK (("voice_messages"."kind" = 'voicemail' and "voice_messages"."duration_seconds" is not null) or ("voice_messages"."kind" = 'fax' and "voice_messages"."pages" is not null))
);
--> statement-breakpoint
ALTER TABLE "voice_lines" ADD COLUMN "caller_id_name" text;--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_line_id_voice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."voice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_line_settings" ADD CONSTRAINT "voice_line_settings_line_id_voice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."voice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_media" ADD CONSTRAINT "voice_media_message_id_voice_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."voice_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_messages" ADD CONSTRAINT "voice_messages_line_id_voice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."voice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_records_line" ON "call_records" USING btree ("line_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voice_messages_line" ON "voice_messages" USING btree ("line_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);