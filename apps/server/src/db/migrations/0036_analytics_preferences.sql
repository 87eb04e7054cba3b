-- A person's usage analytics choice (issue 23 item 3): no row is on; off keeps only their operational events.
CREATE TABLE "analytics_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"usage_analytics" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_preferences" ADD CONSTRAINT "analytics_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;