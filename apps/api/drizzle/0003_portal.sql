CREATE TABLE "esim_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"esim_id" integer NOT NULL,
	"order_line_id" integer,
	"kind" text NOT NULL,
	"provider_assignment_id" text,
	"api_bundle_name" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"data_mb" integer,
	"validity_days" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"unlimited" boolean NOT NULL,
	"initial_bytes" bigint,
	"remaining_bytes" bigint,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_esim_bundles" (
	"id" text PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"reference" text NOT NULL,
	"bundle" text NOT NULL,
	"unlimited" boolean NOT NULL,
	"initial_bytes" bigint,
	"duration_days" integer NOT NULL,
	"extra_used_bytes" bigint DEFAULT 0 NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_esim_bundles_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_esims" (
	"iccid" text PRIMARY KEY NOT NULL,
	"order_reference" text NOT NULL,
	"smdp_address" text NOT NULL,
	"matching_id" text NOT NULL,
	"profile_state" text DEFAULT 'released' NOT NULL,
	"first_used_at" timestamp with time zone,
	"clock_offset_ms" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "access_token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "esims" ADD COLUMN "profile_state" text DEFAULT 'released' NOT NULL;--> statement-breakpoint
ALTER TABLE "esims" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esims" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esims" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parent_order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "topup_esim_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_bundles" ADD CONSTRAINT "esim_bundles_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_bundles" ADD CONSTRAINT "esim_bundles_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_esim_bundles" ADD CONSTRAINT "sandbox_esim_bundles_iccid_sandbox_esims_iccid_fk" FOREIGN KEY ("iccid") REFERENCES "public"."sandbox_esims"("iccid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esim_bundles_esim_line_idx" ON "esim_bundles" USING btree ("esim_id","order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_bundles_assignment_idx" ON "esim_bundles" USING btree ("esim_id","provider_assignment_id");--> statement-breakpoint
CREATE INDEX "sandbox_esim_bundles_iccid_idx" ON "sandbox_esim_bundles" USING btree ("iccid");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_order_id_orders_id_fk" FOREIGN KEY ("parent_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_topup_esim_id_esims_id_fk" FOREIGN KEY ("topup_esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_order_id");--> statement-breakpoint
-- Orders placed before access tokens expired: valid for 730 days from purchase, like new ones.
UPDATE "orders" SET "access_token_expires_at" = "created_at" + interval '730 days'
  WHERE "access_token_hash" IS NOT NULL AND "access_token_expires_at" IS NULL;--> statement-breakpoint
-- eSIMs delivered before bundles were tracked: their main bundle, waiting for the first sync.
INSERT INTO "esim_bundles" ("esim_id", "order_line_id", "kind", "api_bundle_name", "name", "country_code", "data_mb", "validity_days", "unlimited", "initial_bytes", "remaining_bytes", "assigned_at")
  SELECT e."id", e."order_line_id", 'main', l."api_bundle_name", l."name", l."country_code", p."data_mb", l."validity_days",
         p."data_mb" IS NULL, p."data_mb"::bigint * 1048576, p."data_mb"::bigint * 1048576, e."created_at"
  FROM "esims" e
  JOIN "order_lines" l ON l."id" = e."order_line_id"
  JOIN "products" p ON p."id" = l."product_id"
  ON CONFLICT DO NOTHING;
