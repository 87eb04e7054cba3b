CREATE TYPE "public"."device_type" AS ENUM('modem', 'router', 'voice_adapter', 'dvr', 'digital_receiver', 'transport_adapter', 'cable_card', 'tv_device');--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_key" "service_key" NOT NULL,
	"device_type" "device_type" NOT NULL,
	"model" text NOT NULL,
	"identifier" text NOT NULL,
	"nickname" text,
	"installed_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_account" ON "equipment" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_identifier" ON "equipment" USING btree ("identifier");