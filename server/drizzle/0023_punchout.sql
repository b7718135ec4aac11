CREATE TABLE "punchout_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"from_domain" text DEFAULT '' NOT NULL,
	"from_identity" text NOT NULL,
	"secret_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "punchout_orders" (
	"connection_id" uuid NOT NULL,
	"order_ref" text NOT NULL,
	"order_id" uuid NOT NULL,
	"payload_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_orders_connection_id_order_ref_pk" PRIMARY KEY("connection_id","order_ref")
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"start_token_hash" text NOT NULL,
	"buyer_cookie" text,
	"return_url" text NOT NULL,
	"auth_session_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "unspsc" text;--> statement-breakpoint
ALTER TABLE "punchout_connections" ADD CONSTRAINT "punchout_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_connections" ADD CONSTRAINT "punchout_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_connections" ADD CONSTRAINT "punchout_connections_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_connection_id_punchout_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."punchout_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_connection_id_punchout_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."punchout_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_connections_identity_unique" ON "punchout_connections" USING btree ("protocol",lower("from_domain"),lower("from_identity")) WHERE "punchout_connections"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "punchout_connections_newest_idx" ON "punchout_connections" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_start_token_unique" ON "punchout_sessions" USING btree ("start_token_hash");--> statement-breakpoint
CREATE INDEX "punchout_sessions_auth_session_idx" ON "punchout_sessions" USING btree ("auth_session_token_hash");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_unspsc_digits" CHECK ("categories"."unspsc" ~ '^[0-9]{8}$');--> statement-breakpoint
UPDATE "categories" SET "unspsc" = v.code FROM (VALUES ('bearings', '31171500'), ('bolts-and-screws', '31161600'), ('nuts-and-washers', '31161700'), ('filters', '40161500'), ('brakes', '25171700'), ('hand-tools', '27111700'), ('power-tools', '27112700')) AS v(slug, code) WHERE "categories"."slug" = v.slug;
