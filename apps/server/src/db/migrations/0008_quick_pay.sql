CREATE TABLE "quick_pay_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quick_pay_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "guest_language" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "guest_scope" text;--> statement-breakpoint
ALTER TABLE "quick_pay_sessions" ADD CONSTRAINT "quick_pay_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_pay_sessions_expiry" ON "quick_pay_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_guest_key" ON "idempotency_keys" USING btree ("guest_scope","key");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_guest_receipt" CHECK (("payments"."guest_email" is null) = ("payments"."guest_language" is null));--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_owner" CHECK (("idempotency_keys"."user_id" is null) <> ("idempotency_keys"."guest_scope" is null));