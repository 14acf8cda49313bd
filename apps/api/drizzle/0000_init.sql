CREATE TABLE "catalogue_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"deactivated" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "pricing_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"scope_value" text,
	"markup_bps" integer DEFAULT 0 NOT NULL,
	"fixed_margin_cents" integer DEFAULT 0 NOT NULL,
	"ending_cents" integer,
	"floor_cents" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"api_bundle_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"country_code" text NOT NULL,
	"coverage_type" text NOT NULL,
	"bundle_type" text NOT NULL,
	"tier" text,
	"data_mb" integer,
	"validity_days" integer NOT NULL,
	"wholesale_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"covered_countries" jsonb NOT NULL,
	"networks" jsonb NOT NULL,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_api_bundle_name_unique" UNIQUE("api_bundle_name")
);
--> statement-breakpoint
CREATE INDEX "products_country_idx" ON "products" USING btree ("country_code","active");--> statement-breakpoint
CREATE INDEX "products_covered_idx" ON "products" USING gin ("covered_countries");