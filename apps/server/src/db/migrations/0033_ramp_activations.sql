-- The units activated at each covered property each month (issue 22 item 6): the ramp ledger's past months, recorded by
-- the background pass (the last count it saw in the month). Read by account and a range of months.
CREATE TABLE "ramp_activations" (
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"activated_units" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ramp_activations_property_id_month_pk" PRIMARY KEY("property_id","month"),
	CONSTRAINT "ramp_activations_units" CHECK ("ramp_activations"."activated_units" >= 0),
	CONSTRAINT "ramp_activations_month" CHECK (extract(day from "ramp_activations"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "ramp_activations" ADD CONSTRAINT "ramp_activations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ramp_activations" ADD CONSTRAINT "ramp_activations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ramp_activations_account_month" ON "ramp_activations" USING btree ("account_id","month");