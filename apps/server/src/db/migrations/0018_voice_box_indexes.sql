DROP INDEX "voice_messages_line";--> statement-breakpoint
DROP INDEX "call_records_line";--> statement-breakpoint
CREATE INDEX "voice_messages_new" ON "voice_messages" USING btree ("line_id","received_at","id") WHERE "voice_messages"."deleted_at" is null and "voice_messages"."heard_at" is null;--> statement-breakpoint
CREATE INDEX "voice_messages_saved" ON "voice_messages" USING btree ("line_id","received_at","id") WHERE "voice_messages"."deleted_at" is null and "voice_messages"."heard_at" is not null;--> statement-breakpoint
CREATE INDEX "voice_messages_deleted" ON "voice_messages" USING btree ("line_id","received_at","id") WHERE "voice_messages"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "voice_messages_purge" ON "voice_messages" USING btree ("deleted_at") WHERE "voice_messages"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "call_records_line" ON "call_records" USING btree ("line_id","started_at","id");--> statement-breakpoint
ALTER TABLE "voice_media" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;