-- Every write to these tables tells the listening processes (server/src/db/change-feed.ts), so
-- caches of catalog reads and sessions stay fresh whoever writes: our routes, the CLI, psql.
-- One notification per statement (not per row): a bulk seed sends one, not thousands, and
-- PostgreSQL folds equal notifications of one transaction into one.
CREATE OR REPLACE FUNCTION pp_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('pp_changes', TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
--> statement-breakpoint
CREATE TRIGGER reviews_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
--> statement-breakpoint
-- Sessions: a new user or a new session (sign-up, sign-in) changes no one's access; only changes and
-- deletions (role, name, sign-out, revocation) empty the session caches.
CREATE TRIGGER user_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
--> statement-breakpoint
CREATE TRIGGER session_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
