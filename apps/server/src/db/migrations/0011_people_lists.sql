DROP INDEX "email_links_account";--> statement-breakpoint
CREATE INDEX "users_sort_name" ON "users" USING btree (lower("last_name" || ' ' || "first_name"),"id");--> statement-breakpoint
CREATE INDEX "email_links_account" ON "email_links" USING btree ("account_id","purpose","created_at","id");