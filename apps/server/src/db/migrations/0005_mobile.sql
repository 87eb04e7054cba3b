CREATE TYPE "public"."mobile_order_status" AS ENUM('processing', 'shipped', 'delivered', 'cancelled', 'returned');--> statement-breakpoint
CREATE TYPE "public"."payment_target" AS ENUM('account', 'mobile', 'device');--> statement-breakpoint
CREATE TABLE "mobile_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"placed_on" date NOT NULL,
	"status" "mobile_order_status" NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"ship_to" text NOT NULL,
	CONSTRAINT "mobile_orders_orderNumber_unique" UNIQUE("order_number"),
	CONSTRAINT "mobile_orders_total" CHECK ("mobile_orders"."total_cents" = "mobile_orders"."subtotal_cents" + "mobile_orders"."tax_cents" + "mobile_orders"."shipping_cents")
);
--> statement-breakpoint
CREATE TABLE "mobile_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid,
	"refunded_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"method_label" text NOT NULL,
	"reference" text NOT NULL,
	CONSTRAINT "mobile_refunds_amount_positive" CHECK ("mobile_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD COLUMN "recurring_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "streaming_subscriptions" ADD COLUMN "recurring_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "target" "payment_target" DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "mobile_orders" ADD CONSTRAINT "mobile_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_refunds" ADD CONSTRAINT "mobile_refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_refunds" ADD CONSTRAINT "mobile_refunds_order_id_mobile_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mobile_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_orders_account" ON "mobile_orders" USING btree ("account_id","placed_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_refunds_reference" ON "mobile_refunds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "mobile_refunds_account_keyset" ON "mobile_refunds" USING btree ("account_id","refunded_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_recurring_charge_id_recurring_charges_id_fk" FOREIGN KEY ("recurring_charge_id") REFERENCES "public"."recurring_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaming_subscriptions" ADD CONSTRAINT "streaming_subscriptions_recurring_charge_id_recurring_charges_id_fk" FOREIGN KEY ("recurring_charge_id") REFERENCES "public"."recurring_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_device_id_mobile_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."mobile_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_device_target" CHECK (("payments"."target" = 'device') = ("payments"."device_id" is not null));