-- The help search within its 25 ms p99 over 10,000 articles (issue 21 item 2, quality-bars.md). Measured on the embedded
-- database, a frequent word's matches cost 100 ms or more. The changes:
--
-- 1. Ranking read the whole text's vector of every match (decompressed, thousands of times for a frequent word). It now
--    reads `head`: the title's and summary's vectors and the words the text repeats (support.repository.ts `headOf`),
--    a tenth of the size, kept in the row. The start-up sync writes it, `sole` (the article is written in that language
--    alone) and the passages below: the rows' hashes are cleared so that it rewrites every row (it compares them with the files').
ALTER TABLE "support_articles" ADD COLUMN "head" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "support_articles" ALTER COLUMN "head" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "support_articles" ADD COLUMN "sole" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_articles" ALTER COLUMN "sole" DROP DEFAULT;--> statement-breakpoint
-- A snippet is cut from one passage of a few lines (article-files.ts `passagesOf`), the one that holds the most of the
-- query's words: ts_headline parses the text it is given, and the whole text cost ~2 ms an article.
ALTER TABLE "support_articles" ADD COLUMN "passages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "support_articles" ALTER COLUMN "passages" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "support_articles" ADD COLUMN "passage_search" tsvector[] DEFAULT '{}'::tsvector[] NOT NULL;--> statement-breakpoint
ALTER TABLE "support_articles" ALTER COLUMN "passage_search" DROP DEFAULT;--> statement-breakpoint
-- 2. The search visits the row of every match: the row holds the keys, the title, the summary and `head` (short, never
--    compressed: a compressed slug is decompressed at each comparison of a sort) and the long texts and the whole
--    text's vector live out of line (toast_tuple_target), read only for the page's rows. The sync rewrites the rows so.
ALTER TABLE "support_articles" SET (toast_tuple_target = 256);--> statement-breakpoint
ALTER TABLE "support_articles" ALTER COLUMN "slug" SET STORAGE PLAIN, ALTER COLUMN "lang" SET STORAGE PLAIN,
  ALTER COLUMN "category" SET STORAGE PLAIN, ALTER COLUMN "title" SET STORAGE PLAIN,
  ALTER COLUMN "summary" SET STORAGE PLAIN, ALTER COLUMN "source_hash" SET STORAGE PLAIN,
  ALTER COLUMN "head" SET STORAGE PLAIN;--> statement-breakpoint
UPDATE "support_articles" SET "source_hash" = '';--> statement-breakpoint
-- 3. Only the GIN indexes may find the matches: the planner charges nothing for reading a row's vector to test it, so
--    for a frequent word it chose to test every row of the language (through any index that has `lang`) at several
--    times the index's cost. Each language's vectors, and those of the articles written in one language alone, get an
--    index of their own, looked up by the same expression (no other index can answer it), and `support_search_hits`
--    runs without sequential scans (a function's SET clause holds for its own statements alone). The category's list
--    reads (category, title): `lang` leaves that index.
DROP INDEX "support_articles_search";--> statement-breakpoint
DROP INDEX "support_articles_category";--> statement-breakpoint
CREATE INDEX "support_articles_search_en" ON "support_articles" USING gin ((case when "lang" = 'en' then "search" end));--> statement-breakpoint
CREATE INDEX "support_articles_search_es" ON "support_articles" USING gin ((case when "lang" = 'es' then "search" end));--> statement-breakpoint
CREATE INDEX "support_articles_search_sole" ON "support_articles" USING gin ((case when "sole" then "search" end));--> statement-breakpoint
CREATE INDEX "support_articles_category" ON "support_articles" USING btree ("category","title");--> statement-breakpoint
-- 4. A search reads the texts in its language and those of the articles written in the other language alone (spec:
--    "a Spanish query finds English-only articles"), one row per article: no sort of twice the matches to keep one;
--    the other language's texts only when its own find nothing (support.service.ts `search`). Each branch runs only
--    when asked for (a condition on the arguments alone is tested once). Score: ts_rank of `head`, in millionths. No
--    parallel workers: starting them costs more than these few thousand rows.
CREATE FUNCTION "support_search_hits"(q_en tsquery, q_es tsquery, want text, sole boolean)
RETURNS TABLE ("slug" text, "lang" text, "score" bigint)
LANGUAGE sql STABLE SET enable_seqscan = off SET max_parallel_workers_per_gather = 0
AS $$
  SELECT a.slug, a.lang, (ts_rank(a.head, q_en) * 1000000)::bigint FROM support_articles a
  WHERE want = 'en' AND (CASE WHEN a.lang = 'en' THEN a.search END) @@ q_en
  UNION ALL
  SELECT a.slug, a.lang, (ts_rank(a.head, q_es) * 1000000)::bigint FROM support_articles a
  WHERE want = 'es' AND (CASE WHEN a.lang = 'es' THEN a.search END) @@ q_es
  UNION ALL
  SELECT a.slug, a.lang, (ts_rank(a.head, q_en) * 1000000)::bigint FROM support_articles a
  WHERE sole AND want <> 'en' AND (CASE WHEN a.sole THEN a.search END) @@ q_en AND a.lang = 'en'
  UNION ALL
  SELECT a.slug, a.lang, (ts_rank(a.head, q_es) * 1000000)::bigint FROM support_articles a
  WHERE sole AND want <> 'es' AND (CASE WHEN a.sole THEN a.search END) @@ q_es AND a.lang = 'es'
$$;--> statement-breakpoint
-- 5. When no article holds every word, the fallback (any of the words) looks at what each article is about, `head`,
--    not at every word of its text: a word named once in passing does not make an article an answer to half a query,
--    and the fallback of three frequent words matched most of the texts. `head`'s own indexes, as in 3.
CREATE INDEX "support_articles_head_en" ON "support_articles" USING gin ((case when "lang" = 'en' then "head" end));--> statement-breakpoint
CREATE INDEX "support_articles_head_es" ON "support_articles" USING gin ((case when "lang" = 'es' then "head" end));--> statement-breakpoint
CREATE INDEX "support_articles_head_sole" ON "support_articles" USING gin ((case when "sole" then "head" end));--> statement-breakpoint
CREATE FUNCTION "support_search_heads"(q_en tsquery, q_es tsquery, want text, sole boolean)
RETURNS TABLE ("slug" text, "lang" text, "score" bigint)
LANGUAGE sql STABLE SET enable_seqscan = off SET max_parallel_workers_per_gather = 0
AS $$
  SELECT a.slug, a.lang, (ts_rank(a.head, q_en) * 1000000)::bigint FROM support_articles a
  WHERE want = 'en' AND (CASE WHEN a.lang = 'en' THEN a.head END) @@ q_en
  UNION ALL
  SELECT a.slug, a.lang, (ts_rank(a.head, q_es) * 1000000)::bigint FROM support_articles a
  WHERE want = 'es' AND (CASE WHEN a.lang = 'es' THEN a.head END) @@ q_es
  UNION ALL
  SELECT a.slug, a.lang, (ts_rank(a.head, q_en) * 1000000)::bigint FROM support_articles a
  WHERE sole AND want <> 'en' AND (CASE WHEN a.sole THEN a.head END) @@ q_en AND a.lang = 'en'
  UNION ALL
  SELECT a.slug, a.lang, (ts_rank(a.head, q_es) * 1000000)::bigint FROM support_articles a
  WHERE sole AND want <> 'es' AND (CASE WHEN a.sole THEN a.head END) @@ q_es AND a.lang = 'es'
$$;
