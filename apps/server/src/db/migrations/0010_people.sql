DROP INDEX "audit_events_account_keyset";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "access_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "access_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_kind" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "area" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "result" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "ip_prefix" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_primary" ON "memberships" USING btree ("account_id") WHERE role = 'PRIMARY';--> statement-breakpoint
CREATE INDEX "memberships_access_ends" ON "memberships" USING btree ("access_ends_at");--> statement-breakpoint
CREATE INDEX "audit_events_account_at" ON "audit_events" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_account_actor_at" ON "audit_events" USING btree ("account_id","actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_account_area_at" ON "audit_events" USING btree ("account_id","area","at","id");--> statement-breakpoint
-- entries written before the audit log had these columns: a user's when one acted; the area by the action's prefix
-- (constants.ts auditAreaOf)
UPDATE "audit_events" SET "actor_kind" = 'user' WHERE "actor_user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "audit_events" SET "area" = CASE split_part("action", '.', 1)
  WHEN 'payment' THEN 'payments' WHEN 'quick_pay' THEN 'payments' WHEN 'autopay' THEN 'autopay'
  WHEN 'payment_method' THEN 'wallet' WHEN 'paperless' THEN 'paperless' WHEN 'pay_link' THEN 'pay_links'
  WHEN 'user' THEN 'users' WHEN 'invitation' THEN 'users' WHEN 'registration' THEN 'users'
  WHEN 'service' THEN 'services' WHEN 'subscription' THEN 'services' WHEN 'mobile' THEN 'services'
  ELSE 'account' END;--> statement-breakpoint
-- wider-portal.md §4: exactly one PRIMARY per account. At most one is the unique index memberships_one_primary; at
-- least one (while the account has members) is this trigger, checked at commit, so a transfer may demote before it
-- promotes within its transaction
CREATE FUNCTION "memberships_keep_primary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'PRIMARY'
    AND EXISTS (SELECT 1 FROM memberships m WHERE m.account_id = OLD.account_id)
    AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.account_id = OLD.account_id AND m.role = 'PRIMARY') THEN
    RAISE EXCEPTION 'account % would be left without a PRIMARY', OLD.account_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "memberships_keep_primary" AFTER UPDATE OF "role" OR DELETE ON "memberships"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "memberships_keep_primary"();
