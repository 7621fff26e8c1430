-- ADR 0080: pg_trgm declares its similarity operators as cheap as integer addition (COST 1), so on a small
-- table like search_term the planner prefers a sequential scan that computes a trigram similarity for every
-- row (over 100 ms in PGlite) to the GIN index that would recheck only a handful. Their real cost is far
-- higher; saying so lets the planner pick the index. Skipped, with a notice, where the role does not own them.
DO $$
BEGIN
  ALTER FUNCTION similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION strict_word_similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
  RAISE NOTICE 'pg_trgm function costs left unchanged: %', SQLERRM;
END
$$;
