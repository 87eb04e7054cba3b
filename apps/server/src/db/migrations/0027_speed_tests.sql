CREATE TABLE "speed_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"download_kbps" integer NOT NULL,
	"upload_kbps" integer NOT NULL,
	"idle_latency_ms" integer NOT NULL,
	"loaded_latency_ms" integer NOT NULL,
	"jitter_ms" integer NOT NULL,
	"plan_name" text,
	"plan_download_kbps" integer,
	"plan_upload_kbps" integer,
	"verdict" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "speed_tests" ADD CONSTRAINT "speed_tests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_tests" ADD CONSTRAINT "speed_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speed_tests_user" ON "speed_tests" USING btree ("user_id","at","id");