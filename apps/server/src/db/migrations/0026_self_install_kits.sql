CREATE TABLE "self_install_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"model" text NOT NULL,
	"identifier" text NOT NULL,
	"install_type" text DEFAULT 'portal' NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"stage" text DEFAULT 'shipped' NOT NULL,
	"failed_step" text,
	"failure_reason" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"wifi_name" text,
	"activated_at" timestamp with time zone,
	CONSTRAINT "self_install_kits_accountId_unique" UNIQUE("account_id"),
	CONSTRAINT "self_install_kits_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
ALTER TABLE "self_install_kits" ADD CONSTRAINT "self_install_kits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;