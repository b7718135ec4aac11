CREATE TABLE "fitments" (
	"vehicle_id" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"submodel" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "fitments_vehicle_id_product_id_position_submodel_pk" PRIMARY KEY("vehicle_id","product_id","position","submodel"),
	CONSTRAINT "fitments_position" CHECK ("fitments"."position" in ('', 'front', 'rear', 'left', 'right', 'front left', 'front right', 'rear left', 'rear right'))
);
--> statement-breakpoint
CREATE TABLE "garage_vehicles" (
	"user_id" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garage_vehicles_user_id_vehicle_id_pk" PRIMARY KEY("user_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"engine" text NOT NULL,
	"engine_code" text DEFAULT '' NOT NULL,
	"fuel" text NOT NULL,
	CONSTRAINT "vehicles_year_range" CHECK ("vehicles"."year" between 1900 and 2100),
	CONSTRAINT "vehicles_fuel" CHECK ("vehicles"."fuel" in ('gas', 'diesel', 'hybrid', 'electric'))
);
--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fitments_product_idx" ON "fitments" USING btree ("product_id","vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_one_current" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."current";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_unique" ON "vehicles" USING btree ("year","make","model","engine","engine_code");