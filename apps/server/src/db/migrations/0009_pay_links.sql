CREATE TABLE "pay_link_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pay_link_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "pay_link_uses_paymentId_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "pay_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"token_hash" text NOT NULL,
	"cap_cents" integer NOT NULL,
	"uses_allowed" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "pay_links_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "pay_links_cap_positive" CHECK ("pay_links"."cap_cents" > 0),
	CONSTRAINT "pay_links_uses_positive" CHECK ("pay_links"."uses_allowed" > 0)
);
--> statement-breakpoint
ALTER TABLE "quick_pay_sessions" ADD COLUMN "pay_link_id" uuid;--> statement-breakpoint
ALTER TABLE "pay_link_uses" ADD CONSTRAINT "pay_link_uses_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_link_uses" ADD CONSTRAINT "pay_link_uses_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_link_uses_link" ON "pay_link_uses" USING btree ("pay_link_id");--> statement-breakpoint
CREATE INDEX "pay_links_account_created" ON "pay_links" USING btree ("account_id","created_at","id");--> statement-breakpoint
ALTER TABLE "quick_pay_sessions" ADD CONSTRAINT "quick_pay_sessions_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE cascade ON UPDATE no action;