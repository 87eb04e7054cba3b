CREATE TYPE "public"."notification_event" AS ENUM('bill_ready', 'payment_received', 'payment_failed', 'autopay_upcoming', 'card_expiring', 'outage', 'appointment_reminder', 'users_changed', 'security');--> statement-breakpoint
ALTER TYPE "public"."link_purpose" ADD VALUE 'not_me';--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"event" "notification_event" NOT NULL,
	"email" boolean NOT NULL,
	"text" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preferences_user_id_event_pk" PRIMARY KEY("user_id","event")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;