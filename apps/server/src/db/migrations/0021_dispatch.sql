CREATE TYPE "public"."job_state" AS ENUM('confirmation_needed', 'scheduled', 'confirmed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."visit_type" AS ENUM('installation', 'repair', 'equipment');--> statement-breakpoint
CREATE TABLE "dispatch_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"job_id" text NOT NULL,
	"type" "visit_type" NOT NULL,
	"state" "job_state" NOT NULL,
	"area" text NOT NULL,
	"address" jsonb NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"technician" text NOT NULL,
	"cancel_reason" text,
	"cancel_note" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dispatch_jobs_jobId_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "dispatch_slots" (
	"area" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer NOT NULL,
	CONSTRAINT "dispatch_slots_area_window_start_pk" PRIMARY KEY("area","window_start"),
	CONSTRAINT "dispatch_slots_booked" CHECK ("dispatch_slots"."booked" >= 0 and "dispatch_slots"."booked" <= "dispatch_slots"."capacity")
);
--> statement-breakpoint
ALTER TABLE "dispatch_jobs" ADD CONSTRAINT "dispatch_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_jobs_account" ON "dispatch_jobs" USING btree ("account_id","window_start","id");