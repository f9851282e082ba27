-- Spec §3: every user has one subscription, created with the account (tier free, status
-- active, one analytics property). A trigger keeps it in the sign-up transaction, whatever
-- path creates the user.
CREATE FUNCTION create_free_subscription() RETURNS trigger AS $$
BEGIN
  INSERT INTO subscriptions (user_id) VALUES (NEW.id) ON CONFLICT (user_id) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_create_free_subscription
  AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION create_free_subscription();
