ALTER TABLE "autopay_enrollments" ADD COLUMN "pending_debit_day" smallint;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD COLUMN "pending_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD COLUMN "pending_after" date;