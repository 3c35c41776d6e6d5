-- No-shows in the reports rollup (docs/decisions/0082): a `no_shows` count per stylist and
-- salon day, and the trigger that applies one appointment's change counting them. A no-show
-- is a client appointment (in `appointments`, the no-show rate's denominator) but neither
-- completed (no revenue) nor cancelled (not in the cancellation rate); its slot was kept for
-- the client, so it stays in the booked time. No appointment could be a no-show before this
-- migration, so the existing rows are right with 0.
ALTER TABLE `report_stylist_days` ADD `no_shows` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP TRIGGER `report_changes_apply`;
--> statement-breakpoint
CREATE TRIGGER `report_changes_apply` INSTEAD OF INSERT ON `report_changes` BEGIN
	INSERT INTO report_stylist_days (stylist_id, day, appointments, completed, cancelled, no_shows, revenue, booked_seconds)
		SELECT s.id, NEW.day, NEW.sign, NEW.sign * (NEW.status = 'completed'), NEW.sign * (NEW.status = 'cancelled'), NEW.sign * (NEW.status = 'no_show'),
			CASE WHEN NEW.status = 'completed' THEN NEW.sign * NEW.price ELSE 0 END,
			CASE WHEN NEW.status <> 'cancelled' THEN NEW.sign * (unixepoch(NEW.end_time) - unixepoch(NEW.start_time)) ELSE 0 END
		FROM (SELECT 0 AS id UNION ALL SELECT NEW.stylist_id) s
		WHERE NEW.status <> 'blocked'
		ON CONFLICT (stylist_id, day) DO UPDATE SET appointments = appointments + excluded.appointments, completed = completed + excluded.completed,
			cancelled = cancelled + excluded.cancelled, no_shows = no_shows + excluded.no_shows, revenue = revenue + excluded.revenue,
			booked_seconds = booked_seconds + excluded.booked_seconds;
	DELETE FROM report_stylist_days WHERE stylist_id IN (0, NEW.stylist_id) AND day = NEW.day AND appointments = 0;

	INSERT INTO report_service_days (stylist_id, service_id, day, completed, revenue)
		SELECT s.id, NEW.service_id, NEW.day, NEW.sign, NEW.sign * NEW.price
		FROM (SELECT 0 AS id UNION ALL SELECT NEW.stylist_id) s
		WHERE NEW.status = 'completed' AND NEW.service_id IS NOT NULL
		ON CONFLICT (stylist_id, service_id, day) DO UPDATE SET completed = completed + excluded.completed, revenue = revenue + excluded.revenue;
	DELETE FROM report_service_days WHERE stylist_id IN (0, NEW.stylist_id) AND service_id = NEW.service_id AND day = NEW.day AND completed = 0;

	INSERT INTO report_client_days (stylist_id, client_id, day, completed, revenue, cum_completed, cum_revenue)
		SELECT s.id, NEW.client_id, NEW.day, 0, 0,
			coalesce((SELECT p.cum_completed FROM report_client_days p WHERE p.stylist_id = s.id AND p.client_id = NEW.client_id AND p.day < NEW.day ORDER BY p.day DESC LIMIT 1), 0),
			coalesce((SELECT p.cum_revenue FROM report_client_days p WHERE p.stylist_id = s.id AND p.client_id = NEW.client_id AND p.day < NEW.day ORDER BY p.day DESC LIMIT 1), 0)
		FROM (SELECT 0 AS id UNION ALL SELECT NEW.stylist_id) s
		WHERE NEW.status = 'completed' AND NEW.client_id IS NOT NULL
		ON CONFLICT (stylist_id, client_id, day) DO NOTHING;
	UPDATE report_client_days SET
			completed = completed + CASE WHEN day = NEW.day THEN NEW.sign ELSE 0 END,
			revenue = revenue + CASE WHEN day = NEW.day THEN NEW.sign * NEW.price ELSE 0 END,
			cum_completed = cum_completed + NEW.sign,
			cum_revenue = cum_revenue + NEW.sign * NEW.price
		WHERE NEW.status = 'completed' AND stylist_id IN (0, NEW.stylist_id) AND client_id = NEW.client_id AND day >= NEW.day;
	DELETE FROM report_client_days WHERE stylist_id IN (0, NEW.stylist_id) AND client_id = NEW.client_id AND day = NEW.day AND completed = 0;
END;
