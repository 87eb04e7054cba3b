-- A community property's settings (issue 22 item 5, wider-portal.md §10): its business hours (the week, and dated
-- exceptions: holidays, closures, special hours), its contacts and which contact gets which notice by which channel.
-- Times are minutes of the day on the account's wall clock, on a 15-minute grid; a day is closed or one or two
-- intervals, the second after the first. Exceptions are read a page at a time by start date (keyset:
-- property_hours_exceptions_page); the background notices read a property's contacts chosen for a notice
-- (property_contact_preferences_notice).
CREATE TABLE "property_hours" (
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"open1" smallint,
	"close1" smallint,
	"open2" smallint,
	"close2" smallint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "property_hours_property_id_weekday_pk" PRIMARY KEY("property_id","weekday"),
	CONSTRAINT "property_hours_weekday" CHECK ("property_hours"."weekday" between 0 and 6),
	CONSTRAINT "property_hours_grid" CHECK ("property_hours"."open1" % 15 = 0 and "property_hours"."close1" % 15 = 0 and "property_hours"."open2" % 15 = 0 and "property_hours"."close2" % 15 = 0
        and "property_hours"."open1" between 0 and 1440 and "property_hours"."close1" between 0 and 1440
        and "property_hours"."open2" between 0 and 1440 and "property_hours"."close2" between 0 and 1440),
	CONSTRAINT "property_hours_intervals" CHECK (("property_hours"."open1" is null and "property_hours"."close1" is null and "property_hours"."open2" is null and "property_hours"."close2" is null)
        or ("property_hours"."open1" is not null and "property_hours"."close1" is not null and "property_hours"."open1" < "property_hours"."close1"
          and (("property_hours"."open2" is null and "property_hours"."close2" is null)
            or ("property_hours"."open2" is not null and "property_hours"."close2" is not null and "property_hours"."close1" <= "property_hours"."open2" and "property_hours"."open2" < "property_hours"."close2"))))
);
--> statement-breakpoint
CREATE TABLE "property_hours_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"open1" smallint,
	"close1" smallint,
	"open2" smallint,
	"close2" smallint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "property_hours_exceptions_kind" CHECK ("property_hours_exceptions"."kind" in ('closed', 'special')),
	CONSTRAINT "property_hours_exceptions_dates" CHECK ("property_hours_exceptions"."starts_on" <= "property_hours_exceptions"."ends_on"),
	CONSTRAINT "property_hours_exceptions_label" CHECK (char_length("property_hours_exceptions"."label") between 1 and 60),
	CONSTRAINT "property_hours_exceptions_shape" CHECK (("property_hours_exceptions"."kind" = 'closed' and "property_hours_exceptions"."open1" is null and "property_hours_exceptions"."close1" is null and "property_hours_exceptions"."open2" is null and "property_hours_exceptions"."close2" is null)
        or ("property_hours_exceptions"."kind" = 'special' and "property_hours_exceptions"."open1" is not null and "property_hours_exceptions"."starts_on" = "property_hours_exceptions"."ends_on")),
	CONSTRAINT "property_hours_exceptions_grid" CHECK ("property_hours_exceptions"."open1" % 15 = 0 and "property_hours_exceptions"."close1" % 15 = 0 and "property_hours_exceptions"."open2" % 15 = 0 and "property_hours_exceptions"."close2" % 15 = 0
        and "property_hours_exceptions"."open1" between 0 and 1440 and "property_hours_exceptions"."close1" between 0 and 1440
        and "property_hours_exceptions"."open2" between 0 and 1440 and "property_hours_exceptions"."close2" between 0 and 1440),
	CONSTRAINT "property_hours_exceptions_intervals" CHECK (("property_hours_exceptions"."open1" is null and "property_hours_exceptions"."close1" is null and "property_hours_exceptions"."open2" is null and "property_hours_exceptions"."close2" is null)
        or ("property_hours_exceptions"."open1" is not null and "property_hours_exceptions"."close1" is not null and "property_hours_exceptions"."open1" < "property_hours_exceptions"."close1"
          and (("property_hours_exceptions"."open2" is null and "property_hours_exceptions"."close2" is null)
            or ("property_hours_exceptions"."open2" is not null and "property_hours_exceptions"."close2" is not null and "property_hours_exceptions"."close1" <= "property_hours_exceptions"."open2" and "property_hours_exceptions"."open2" < "property_hours_exceptions"."close2"))))
);
--> statement-breakpoint
CREATE TABLE "property_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"phone" text,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "property_contacts_role" CHECK ("property_contacts"."role" in ('property_manager', 'maintenance', 'leasing', 'emergency')),
	CONSTRAINT "property_contacts_phone" CHECK ("property_contacts"."phone" ~ '^\+[1-9][0-9]{1,14}$'),
	CONSTRAINT "property_contacts_language" CHECK ("property_contacts"."language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "property_contact_preferences" (
	"contact_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"notice" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "property_contact_preferences_contact_id_notice_channel_pk" PRIMARY KEY("contact_id","notice","channel"),
	CONSTRAINT "property_contact_preferences_notice" CHECK ("property_contact_preferences"."notice" in ('outages', 'visits', 'billing', 'contract')),
	CONSTRAINT "property_contact_preferences_channel" CHECK ("property_contact_preferences"."channel" in ('email', 'text'))
);
--> statement-breakpoint
ALTER TABLE "property_hours" ADD CONSTRAINT "property_hours_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_hours" ADD CONSTRAINT "property_hours_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_hours_exceptions" ADD CONSTRAINT "property_hours_exceptions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_hours_exceptions" ADD CONSTRAINT "property_hours_exceptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_contacts" ADD CONSTRAINT "property_contacts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_contacts" ADD CONSTRAINT "property_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_contact_preferences" ADD CONSTRAINT "property_contact_preferences_contact_id_property_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."property_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_contact_preferences" ADD CONSTRAINT "property_contact_preferences_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_contact_preferences" ADD CONSTRAINT "property_contact_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_hours_exceptions_page" ON "property_hours_exceptions" USING btree ("property_id","starts_on","id");--> statement-breakpoint
CREATE INDEX "property_contacts_property" ON "property_contacts" USING btree ("property_id","name","id");--> statement-breakpoint
CREATE INDEX "property_contact_preferences_notice" ON "property_contact_preferences" USING btree ("property_id","notice");
