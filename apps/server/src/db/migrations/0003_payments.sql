CREATE TABLE "processor_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"vault_token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"settles_at" timestamp with time zone,
	CONSTRAINT "processor_transactions_amount" CHECK ("processor_transactions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "vault_entries" (
	"token" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"type" "payment_method_type" NOT NULL,
	"secret" text NOT NULL,
	"fingerprint" text NOT NULL,
	"last_four" text NOT NULL,
	"card_brand" "card_brand",
	"card_funding" "card_funding",
	"exp_month" smallint,
	"exp_year" smallint,
	"zip" text,
	"holder_name" text NOT NULL,
	"bank_account_type" "bank_account_type",
	"routing_number" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vault_entries_last_four" CHECK ("vault_entries"."last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "vault_token" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource_id" text;--> statement-breakpoint
ALTER TABLE "vault_entries" ADD CONSTRAINT "vault_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processor_transactions_key" ON "processor_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "vault_entries_account" ON "vault_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_resource" ON "idempotency_keys" USING btree ("resource_id");