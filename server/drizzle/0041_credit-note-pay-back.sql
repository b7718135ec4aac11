ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_amounts";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "paid_back_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "paid_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "paid_back_reference" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "paid_back_by" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_paid_back_by_user_id_fk" FOREIGN KEY ("paid_back_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_amounts" CHECK ("credit_notes"."total_cents" = "credit_notes"."subtotal_cents" + "credit_notes"."tax_cents" + "credit_notes"."freight_cents" - "credit_notes"."fee_cents"
        and "credit_notes"."total_cents" >= 0 and "credit_notes"."applied_cents" between 0 and "credit_notes"."total_cents"
        and "credit_notes"."paid_back_cents" between 0 and "credit_notes"."total_cents" - "credit_notes"."applied_cents");