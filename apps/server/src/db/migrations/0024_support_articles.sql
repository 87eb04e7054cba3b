-- The help search's configurations (issue 21 item 2, wider-portal.md §9): each language's stemmer after unaccent, so
-- "facturacion" finds "facturación". unaccent is a trusted extension (PostgreSQL 13+; PGlite loads its bundle).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION vireo_en (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION vireo_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION vireo_es (COPY = pg_catalog.spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION vireo_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
CREATE TABLE "support_articles" (
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"updated" date NOT NULL,
	"body" jsonb NOT NULL,
	"plain" text NOT NULL,
	"source_hash" text NOT NULL,
	"search" "tsvector" NOT NULL,
	CONSTRAINT "support_articles_slug_lang_pk" PRIMARY KEY("slug","lang"),
	CONSTRAINT "support_articles_lang" CHECK ("support_articles"."lang" in ('en', 'es'))
);
--> statement-breakpoint
CREATE INDEX "support_articles_search" ON "support_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "support_articles_category" ON "support_articles" USING btree ("category","lang","title");