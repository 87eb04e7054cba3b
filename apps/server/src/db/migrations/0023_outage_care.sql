ALTER TYPE "public"."account_event_type" ADD VALUE 'outage_credit';--> statement-breakpoint
CREATE TABLE "outage_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"address_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "outage_callbacks_channel" CHECK ("outage_callbacks"."channel" in ('email', 'text'))
);
--> statement-breakpoint
CREATE TABLE "outage_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"days" integer NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "outage_credits_amount" CHECK ("outage_credits"."amount_cents" > 0 and "outage_credits"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "outage_callbacks" ADD CONSTRAINT "outage_callbacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_callbacks" ADD CONSTRAINT "outage_callbacks_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_callbacks" ADD CONSTRAINT "outage_callbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_credits" ADD CONSTRAINT "outage_credits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_credits" ADD CONSTRAINT "outage_credits_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outage_callbacks_live" ON "outage_callbacks" USING btree ("user_id","address_id","channel","destination") WHERE "outage_callbacks"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "outage_callbacks_address" ON "outage_callbacks" USING btree ("address_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_credits_once" ON "outage_credits" USING btree ("account_id","event_id");