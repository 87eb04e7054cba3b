-- A unit's next tenancy (issue 22 item 4): a resident who moves in after the current one's move-out date, entered
-- ahead by the form or an import; the move-in job of its day makes it the unit's resident. One per unit.
CREATE TABLE "community_next_tenancies" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"resident_name" text NOT NULL,
	"resident_email" text,
	"resident_phone" text,
	"move_in" date NOT NULL,
	"move_out" date,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_next_tenancies_phone" CHECK ("community_next_tenancies"."resident_phone" ~ '^\+[1-9][0-9]{1,14}$'),
	CONSTRAINT "community_next_tenancies_dates" CHECK ("community_next_tenancies"."move_out" is null or "community_next_tenancies"."move_out" >= "community_next_tenancies"."move_in")
);
--> statement-breakpoint
ALTER TABLE "community_next_tenancies" ADD CONSTRAINT "community_next_tenancies_unit_id_community_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."community_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_next_tenancies" ADD CONSTRAINT "community_next_tenancies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;