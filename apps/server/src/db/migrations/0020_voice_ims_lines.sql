CREATE TABLE "voice_ims_lines" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"moved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_ims_lines" ADD CONSTRAINT "voice_ims_lines_line_id_voice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."voice_lines"("id") ON DELETE cascade ON UPDATE no action;