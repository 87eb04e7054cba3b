-- The community variant's units and residents (issue 22 items 2-3, wider-portal.md §10): each unit of a property
-- with its occupancy, service access and resident; a property's units are read a page at a time by number (keyset:
-- community_units_page). Read-only in this slice: suspending, restoring and importing come later.
CREATE TABLE "community_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"number" text NOT NULL,
	"occupancy" text NOT NULL,
	"access" text NOT NULL,
	"resident_name" text,
	"resident_email" text,
	"resident_phone" text,
	"move_in" date,
	"move_out" date,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_units_property_number" UNIQUE("property_id","number"),
	CONSTRAINT "community_units_occupancy" CHECK ("community_units"."occupancy" in ('occupied', 'vacant')),
	CONSTRAINT "community_units_access" CHECK ("community_units"."access" in ('active', 'suspended', 'inactive')),
	CONSTRAINT "community_units_phone" CHECK ("community_units"."resident_phone" ~ '^\+[1-9][0-9]{1,14}$'),
	CONSTRAINT "community_units_resident" CHECK (("community_units"."occupancy" = 'occupied' and "community_units"."resident_name" is not null and "community_units"."move_in" is not null)
        or ("community_units"."occupancy" = 'vacant' and "community_units"."resident_name" is null and "community_units"."resident_email" is null
          and "community_units"."resident_phone" is null and "community_units"."move_in" is null and "community_units"."move_out" is null))
);
--> statement-breakpoint
ALTER TABLE "community_units" ADD CONSTRAINT "community_units_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_units" ADD CONSTRAINT "community_units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_units_page" ON "community_units" USING btree ("property_id","number","id");