-- Spec §3/§5: subscriptions.data_sources_used counts the analytics properties in the workspaces
-- the user owns, and the property limit is checked against it. Triggers keep it equal to that
-- count on every path that changes it (a property added, removed or moved; a workspace deleted
-- or handed to another owner), so no code path can let it drift.
--
-- The count is taken again rather than incremented, after locking the subscription row: under
-- READ COMMITTED the second statement gets a fresh snapshot, so two transactions adding
-- properties for the same owner at once each see the other's committed row.
CREATE FUNCTION recount_data_sources_used(owner_user_id text) RETURNS void AS $$
BEGIN
  IF owner_user_id IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM subscriptions WHERE user_id = owner_user_id FOR UPDATE;
  UPDATE subscriptions
     SET data_sources_used = (
           SELECT count(*)::int
             FROM data_sources ds
             JOIN workspaces w ON w.id = ds.workspace_id
            WHERE w.owner_id = owner_user_id
         ),
         updated_at = now()
   WHERE user_id = owner_user_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- When a workspace is deleted its properties go by cascade; by then the workspace row is gone
-- and no owner can be found from them, so the workspace trigger below recounts instead.
CREATE FUNCTION data_sources_recount_owner() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.workspace_id IS NOT DISTINCT FROM NEW.workspace_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM recount_data_sources_used((SELECT owner_id FROM workspaces WHERE id = NEW.workspace_id));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM recount_data_sources_used((SELECT owner_id FROM workspaces WHERE id = OLD.workspace_id));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER data_sources_count_for_owner
  AFTER INSERT OR DELETE OR UPDATE OF workspace_id ON data_sources
  FOR EACH ROW EXECUTE FUNCTION data_sources_recount_owner();
--> statement-breakpoint
CREATE FUNCTION workspaces_recount_owner() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.owner_id IS NOT DISTINCT FROM NEW.owner_id THEN
    RETURN NULL;
  END IF;
  PERFORM recount_data_sources_used(OLD.owner_id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM recount_data_sources_used(NEW.owner_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER workspaces_count_for_owner
  AFTER DELETE OR UPDATE OF owner_id ON workspaces
  FOR EACH ROW EXECUTE FUNCTION workspaces_recount_owner();
--> statement-breakpoint
-- Counts as they stand when this migration runs.
UPDATE subscriptions s
   SET data_sources_used = (
         SELECT count(*)::int
           FROM data_sources ds
           JOIN workspaces w ON w.id = ds.workspace_id
          WHERE w.owner_id = s.user_id
       );
