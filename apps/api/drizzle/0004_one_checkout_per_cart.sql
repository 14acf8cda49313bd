ALTER TABLE "orders" ADD COLUMN "capture_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "token_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_token_id_unique" UNIQUE("token_id");--> statement-breakpoint
-- Sessions that hold more than one unpaid checkout (possible before this migration): the newest
-- stays open, the older ones are cancelled as superseded, with their status change recorded.
WITH "stale" AS (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "session_id" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
    FROM "orders" WHERE "kind" = 'order' AND "status" = 'pending'
  ) "ranked" WHERE "rank" > 1
), "cancelled" AS (
  UPDATE "orders" SET "status" = 'cancelled', "payment_status" = 'cancelled', "updated_at" = now()
  WHERE "id" IN (SELECT "id" FROM "stale") RETURNING "id"
)
INSERT INTO "order_status_changes" ("order_id", "from_status", "to_status", "actor", "note")
  SELECT "id", 'pending', 'cancelled', 'system', 'superseded' FROM "cancelled";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_checkout_idx" ON "orders" USING btree ("session_id") WHERE "orders"."kind" = 'order' and "orders"."status" = 'pending';
