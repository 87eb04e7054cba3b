ALTER TABLE "accounts" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "business_phone" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_contact_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_contact_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_phone" text;