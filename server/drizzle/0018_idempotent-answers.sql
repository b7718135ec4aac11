-- Issue 31: every creating route honours Idempotency-Key, and a key keeps the first answer as it
-- was sent (route, status, body) instead of an order's id. Keys of /purchase from before keep
-- their order's answer, as /purchase gave it.
ALTER TABLE "idempotency_keys" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "status_code" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "answer" text;--> statement-breakpoint
UPDATE "idempotency_keys" k SET "route" = 'POST /api/v1/purchase', "status_code" = 200,
  "answer" = json_build_object('success', true, 'data', json_build_object('insertedId', o.id),
    'message', CASE WHEN o.status = 'awaiting_approval'
      THEN 'Order ' || o.id || ' placed: it is above your limit and awaits approval'
      ELSE 'Thanks For Purchase. Your Purchase Id ' || o.id END)::text
  FROM "orders" o WHERE o.id = k.order_id;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "route" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "order_id";
