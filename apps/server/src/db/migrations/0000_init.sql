CREATE TYPE "public"."charge_kind" AS ENUM('one_time', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."account_event_type" AS ENUM('promotion_ended', 'plan_change', 'new_service', 'one_time_charge', 'tax_change');--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('active', 'soft_disconnected', 'disconnected');--> statement-breakpoint
CREATE TYPE "public"."address_kind" AS ENUM('service', 'bill_to');--> statement-breakpoint
CREATE TYPE "public"."autopay_scope" AS ENUM('core', 'mobile');--> statement-breakpoint
CREATE TYPE "public"."autopay_status" AS ENUM('enrolled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."bank_account_type" AS ENUM('checking', 'savings');--> statement-breakpoint
CREATE TYPE "public"."biller_type" AS ENUM('ICOMS', 'CSG');--> statement-breakpoint
CREATE TYPE "public"."billing_category" AS ENUM('internet', 'tv', 'phone', 'mobile', 'account');--> statement-breakpoint
CREATE TYPE "public"."card_brand" AS ENUM('visa', 'mc', 'discover', 'amex');--> statement-breakpoint
CREATE TYPE "public"."card_funding" AS ENUM('credit', 'debit', 'prepaid');--> statement-breakpoint
CREATE TYPE "public"."enterprise_role" AS ENUM('CHARTER', 'ADMIN', 'STANDARD', 'NONE');--> statement-breakpoint
CREATE TYPE "public"."footprint" AS ENUM('CHTR', 'TWC', 'BHN');--> statement-breakpoint
CREATE TYPE "public"."idempotency_status" AS ENUM('in_progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."line_kind" AS ENUM('monthly_service', 'equipment', 'one_time', 'proration', 'promotion', 'taxes_fees', 'auto_pay_discount');--> statement-breakpoint
CREATE TYPE "public"."mobile_line_status" AS ENUM('active', 'past_due', 'hotlined', 'temporarily_disconnected', 'disconnected');--> statement-breakpoint
CREATE TYPE "public"."payment_channel" AS ENUM('online', 'phone', 'in-store', 'autoPay', 'agent-assisted', 'chat-assisted');--> statement-breakpoint
CREATE TYPE "public"."payment_method_type" AS ENUM('card', 'bank');--> statement-breakpoint
CREATE TYPE "public"."payment_restriction" AS ENUM('none', 'card', 'bank', 'both');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('scheduled', 'processing', 'pending', 'successful', 'failed', 'returned', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."portal_role" AS ENUM('PRIMARY', 'ADMIN', 'BILLING', 'STANDARD');--> statement-breakpoint
CREATE TYPE "public"."recurring_kind" AS ENUM('monthly_service', 'equipment', 'promotion', 'fee');--> statement-breakpoint
CREATE TYPE "public"."service_key" AS ENUM('VOICE', 'EMAIL', 'BACKUP', 'SECURITY', 'INTERNET', 'VIDEO', 'DOMAIN', 'WEB_HOSTING', 'LAYER_3_VPN', 'ETHERNET', 'OPTICAL_WAVE');--> statement-breakpoint
CREATE TYPE "public"."service_status" AS ENUM('Assigned', 'Unassigned', 'Active', 'Undefined');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('active', 'invited', 'locked', 'disabled');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('CONSUMER', 'CSR', 'BOBO');--> statement-breakpoint
CREATE TABLE "account_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_key" "service_key" NOT NULL,
	"status" "service_status" NOT NULL,
	"value_added_service_id" text,
	"started_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" text NOT NULL,
	"company_name" text NOT NULL,
	"footprint" "footprint" NOT NULL,
	"biller_type" "biller_type" NOT NULL,
	"biller_site_id" text NOT NULL,
	"biller_company" text NOT NULL,
	"biller_franchise" text NOT NULL,
	"biller_principle" text NOT NULL,
	"biller_agent" text NOT NULL,
	"cycle_day" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"status" "account_status" DEFAULT 'active' NOT NULL,
	"is_enterprise" boolean DEFAULT false NOT NULL,
	"payment_restriction" "payment_restriction" DEFAULT 'none' NOT NULL,
	"paperless" boolean DEFAULT false NOT NULL,
	"has_bulk_agreement" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_accountNumber_unique" UNIQUE("account_number"),
	CONSTRAINT "accounts_cycle_day" CHECK ("accounts"."cycle_day" between 1 and 28)
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" "address_kind" NOT NULL,
	"address_line1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	CONSTRAINT "addresses_zip" CHECK ("addresses"."zip" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" "portal_role" NOT NULL,
	"enterprise_role" "enterprise_role" DEFAULT 'NONE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"user_type" "user_type" DEFAULT 'CONSUMER' NOT NULL,
	"status" "user_status" DEFAULT 'active' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "voice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"label" text NOT NULL,
	"assigned_user_id" uuid,
	CONSTRAINT "voice_lines_phoneNumber_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "account_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" "account_event_type" NOT NULL,
	"occurred_on" date NOT NULL,
	"source_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" charge_kind NOT NULL,
	"category" "billing_category" NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"charged_on" date NOT NULL,
	"posted_on" date NOT NULL,
	"statement_id" uuid
);
--> statement-breakpoint
CREATE TABLE "recurring_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"category" "billing_category" NOT NULL,
	"kind" "recurring_kind" NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	CONSTRAINT "recurring_charges_promotion_sign" CHECK (("recurring_charges"."kind" = 'promotion') = ("recurring_charges"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"category" "billing_category" NOT NULL,
	"kind" "line_kind" NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"source_id" uuid,
	"period_start" date,
	"period_end" date
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"statement_date" date NOT NULL,
	"due_date" date NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"previous_balance_cents" integer NOT NULL,
	"payments_received_cents" integer NOT NULL,
	"adjustments_cents" integer NOT NULL,
	"new_charges_cents" integer NOT NULL,
	"total_due_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statements_total_reconciles" CHECK ("statements"."total_due_cents" = "statements"."previous_balance_cents" - "statements"."payments_received_cents" + "statements"."adjustments_cents" + "statements"."new_charges_cents")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"category" "billing_category" NOT NULL,
	"basis_points" integer NOT NULL,
	"effective_from" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"model" text NOT NULL,
	"financed_cents" integer NOT NULL,
	"monthly_instalment_cents" integer NOT NULL,
	"instalments_total" integer NOT NULL,
	"instalments_paid" integer NOT NULL,
	"remaining_cents" integer NOT NULL,
	"purchased_on" date NOT NULL,
	CONSTRAINT "mobile_devices_remaining" CHECK ("mobile_devices"."remaining_cents" between 0 and "mobile_devices"."financed_cents")
);
--> statement-breakpoint
CREATE TABLE "mobile_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"label" text NOT NULL,
	"plan_name" text NOT NULL,
	"status" "mobile_line_status" DEFAULT 'active' NOT NULL,
	"activated_on" date NOT NULL,
	CONSTRAINT "mobile_lines_phoneNumber_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "streaming_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"plan_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" "subscription_status" NOT NULL,
	"started_on" date NOT NULL,
	"next_charge_on" date,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "autopay_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"scope" "autopay_scope" NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"debit_day" smallint NOT NULL,
	"status" "autopay_status" NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "autopay_debit_day" CHECK ("autopay_enrollments"."debit_day" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" "payment_method_type" NOT NULL,
	"vault_token" text NOT NULL,
	"last_four" text NOT NULL,
	"card_brand" "card_brand",
	"card_funding" "card_funding",
	"exp_month" smallint,
	"exp_year" smallint,
	"name_on_card" text,
	"zip" text,
	"bank_account_type" "bank_account_type",
	"routing_number" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_methods_vaultToken_unique" UNIQUE("vault_token"),
	CONSTRAINT "payment_methods_last_four" CHECK ("payment_methods"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_shape" CHECK (("payment_methods"."type" = 'card' and "payment_methods"."card_brand" is not null and "payment_methods"."exp_month" between 1 and 12 and "payment_methods"."exp_year" is not null)
        or ("payment_methods"."type" = 'bank' and "payment_methods"."bank_account_type" is not null and "payment_methods"."routing_number" ~ '^[0-9]{9}$'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"confirmation_number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_method_id" uuid,
	"method_label" text NOT NULL,
	"payment_date" date NOT NULL,
	"status" "payment_status" NOT NULL,
	"channel" "payment_channel" NOT NULL,
	"entered_by_user_id" uuid,
	"entry_date" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone,
	"processor_reference" text,
	"failure_code" text,
	CONSTRAINT "payments_confirmationNumber_unique" UNIQUE("confirmation_number"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"account_id" uuid,
	"action" text NOT NULL,
	"target_id" text,
	"request_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clock_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clock_state_single_row" CHECK ("clock_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" "idempotency_status" NOT NULL,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"unique_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"completed_at" timestamp with time zone,
	CONSTRAINT "jobs_uniqueKey_unique" UNIQUE("unique_key")
);
--> statement-breakpoint
ALTER TABLE "account_services" ADD CONSTRAINT "account_services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_lines" ADD CONSTRAINT "voice_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_lines" ADD CONSTRAINT "voice_lines_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_line_id_mobile_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."mobile_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_lines" ADD CONSTRAINT "mobile_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaming_subscriptions" ADD CONSTRAINT "streaming_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_enrollments" ADD CONSTRAINT "autopay_enrollments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_services_account_key" ON "account_services" USING btree ("account_id","service_key");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_account_kind" ON "addresses" USING btree ("account_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_account" ON "memberships" USING btree ("user_id","account_id");--> statement-breakpoint
CREATE INDEX "memberships_account" ON "memberships" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "properties_account" ON "properties" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "voice_lines_account" ON "voice_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_events_account_keyset" ON "account_events" USING btree ("account_id","occurred_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_account_keyset" ON "charges" USING btree ("account_id","posted_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recurring_charges_account" ON "recurring_charges" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_statement_position" ON "statement_lines" USING btree ("statement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_account_date" ON "statements" USING btree ("account_id","statement_date");--> statement-breakpoint
CREATE INDEX "statements_account_keyset" ON "statements" USING btree ("account_id","statement_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_state_category_from" ON "tax_rates" USING btree ("state","category","effective_from");--> statement-breakpoint
CREATE INDEX "mobile_devices_account" ON "mobile_devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "mobile_lines_account" ON "mobile_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "streaming_subscriptions_account" ON "streaming_subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_one_enrolled" ON "autopay_enrollments" USING btree ("account_id","scope") WHERE "autopay_enrollments"."status" = 'enrolled';--> statement-breakpoint
CREATE INDEX "outbox_created" ON "outbox_emails" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_methods_account" ON "payment_methods" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payments_account_keyset" ON "payments" USING btree ("account_id","payment_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_scheduled" ON "payments" USING btree ("account_id") WHERE "payments"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "audit_events_account_keyset" ON "audit_events" USING btree ("account_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';