-- The community variant's bulk agreements and ramp ledger (issue 22 item 6, wider-portal.md §10): the portal's record
-- of each account's bulk agreement (term, renewal; per property the units contracted, the rate per unit per service
-- and the ramp's steps), and the simulated billing engine's bulk bills (per property and month, the units billed by
-- number and the amount). Read by account: the *_account indexes; the bills over a range of months:
-- bulk_bills_account_month.
CREATE TABLE "bulk_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"term_start" date NOT NULL,
	"term_end" date NOT NULL,
	"auto_renews" boolean NOT NULL,
	"renewal_term_months" integer NOT NULL,
	"notice_days" integer NOT NULL,
	"signed_on" date NOT NULL,
	CONSTRAINT "bulk_agreements_account" UNIQUE("account_id"),
	CONSTRAINT "bulk_agreements_reference" UNIQUE("reference"),
	CONSTRAINT "bulk_agreements_term" CHECK ("bulk_agreements"."term_end" > "bulk_agreements"."term_start" and "bulk_agreements"."signed_on" <= "bulk_agreements"."term_start"),
	CONSTRAINT "bulk_agreements_renewal" CHECK ("bulk_agreements"."renewal_term_months" between 1 and 120 and "bulk_agreements"."notice_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "bulk_agreement_properties" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"agreement_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"units_contracted" integer NOT NULL,
	CONSTRAINT "bulk_agreement_properties_units" CHECK ("bulk_agreement_properties"."units_contracted" > 0)
);
--> statement-breakpoint
CREATE TABLE "bulk_agreement_rates" (
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"service" "service_key" NOT NULL,
	"rate_cents" integer NOT NULL,
	CONSTRAINT "bulk_agreement_rates_pk" PRIMARY KEY("property_id","service"),
	CONSTRAINT "bulk_agreement_rates_cents" CHECK ("bulk_agreement_rates"."rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bulk_agreement_ramp_steps" (
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "bulk_agreement_ramp_steps_pk" PRIMARY KEY("property_id","starts_on"),
	CONSTRAINT "bulk_agreement_ramp_steps_units" CHECK ("bulk_agreement_ramp_steps"."units" >= 0),
	CONSTRAINT "bulk_agreement_ramp_steps_month" CHECK (extract(day from "bulk_agreement_ramp_steps"."starts_on") = 1)
);
--> statement-breakpoint
CREATE TABLE "bulk_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"month" date NOT NULL,
	"units" text[] NOT NULL,
	"amount_cents" integer NOT NULL,
	"billed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bulk_bills_property_month" UNIQUE("property_id","month"),
	CONSTRAINT "bulk_bills_amount" CHECK ("bulk_bills"."amount_cents" >= 0),
	CONSTRAINT "bulk_bills_month" CHECK (extract(day from "bulk_bills"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "bulk_agreements" ADD CONSTRAINT "bulk_agreements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_agreement_properties" ADD CONSTRAINT "bulk_agreement_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_agreement_properties" ADD CONSTRAINT "bulk_agreement_properties_agreement_id_bulk_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."bulk_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_agreement_properties" ADD CONSTRAINT "bulk_agreement_properties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_agreement_rates" ADD CONSTRAINT "bulk_agreement_rates_property_fk" FOREIGN KEY ("property_id") REFERENCES "public"."bulk_agreement_properties"("property_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_agreement_rates" ADD CONSTRAINT "bulk_agreement_rates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_agreement_ramp_steps" ADD CONSTRAINT "bulk_agreement_ramp_steps_property_fk" FOREIGN KEY ("property_id") REFERENCES "public"."bulk_agreement_properties"("property_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_agreement_ramp_steps" ADD CONSTRAINT "bulk_agreement_ramp_steps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_bills" ADD CONSTRAINT "bulk_bills_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_bills" ADD CONSTRAINT "bulk_bills_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_agreement_properties_account" ON "bulk_agreement_properties" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bulk_agreement_rates_account" ON "bulk_agreement_rates" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bulk_agreement_ramp_steps_account" ON "bulk_agreement_ramp_steps" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bulk_bills_account_month" ON "bulk_bills" USING btree ("account_id","month");
