-- Reports rollup (docs/decisions/0041): per salon day, kept in step with `appointments` by
-- the triggers below, so a year's report reads a few thousand rows instead of every
-- appointment. Stylist 0 stands for the whole salon. The rows are (re)built in one go by
-- db/report-rollup.server.ts (first report after this migration, a change of the salon's
-- time zone, the seed); until then `report_rollup_state` is empty and the triggers idle.
CREATE TABLE `report_rollup_state` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`time_zone` text NOT NULL,
	`built_at` text NOT NULL
);
--> statement-breakpoint
-- The salon zone's UTC offset from each instant on ('' = since the beginning of time), as
-- a date() modifier: the salon day of an instant is date(start_time, <its modifier>).
CREATE TABLE `report_zone_offsets` (
	`starts_at` text PRIMARY KEY NOT NULL,
	`modifier` text NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- Client appointments (every status but blocked) per stylist and salon day.
CREATE TABLE `report_stylist_days` (
	`stylist_id` integer NOT NULL,
	`day` text NOT NULL,
	`appointments` integer NOT NULL,
	`completed` integer NOT NULL,
	`cancelled` integer NOT NULL,
	`revenue` integer NOT NULL,
	`booked_seconds` integer NOT NULL,
	PRIMARY KEY (`stylist_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Completed appointments per stylist, service and salon day.
CREATE TABLE `report_service_days` (
	`stylist_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`day` text NOT NULL,
	`completed` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY (`stylist_id`, `service_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Completed appointments per stylist, client and salon day, with running totals up to and
-- including that day: a client's figures for any period are two look-ups.
CREATE TABLE `report_client_days` (
	`stylist_id` integer NOT NULL,
	`client_id` integer NOT NULL,
	`day` text NOT NULL,
	`completed` integer NOT NULL,
	`revenue` integer NOT NULL,
	`cum_completed` integer NOT NULL,
	`cum_revenue` integer NOT NULL,
	PRIMARY KEY (`stylist_id`, `client_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
-- One appointment added to (sign 1) or taken from (sign -1) the rollup: written once here,
-- used by the insert, update and delete triggers on appointments.
CREATE VIEW `report_changes` AS
	SELECT 0 AS `sign`, '' AS `day`, '' AS `start_time`, '' AS `end_time`, '' AS `status`, 0 AS `stylist_id`, 0 AS `client_id`, 0 AS `service_id`, 0 AS `price` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `report_changes_apply` INSTEAD OF INSERT ON `report_changes` BEGIN
	INSERT INTO report_stylist_days (stylist_id, day, appointments, completed, cancelled, revenue, booked_seconds)
		SELECT s.id, NEW.day, NEW.sign, NEW.sign * (NEW.status = 'completed'), NEW.sign * (NEW.status = 'cancelled'),
			CASE WHEN NEW.status = 'completed' THEN NEW.sign * NEW.price ELSE 0 END,
			CASE WHEN NEW.status <> 'cancelled' THEN NEW.sign * (unixepoch(NEW.end_time) - unixepoch(NEW.start_time)) ELSE 0 END
		FROM (SELECT 0 AS id UNION ALL SELECT NEW.stylist_id) s
		WHERE NEW.status <> 'blocked'
		ON CONFLICT (stylist_id, day) DO UPDATE SET appointments = appointments + excluded.appointments, completed = completed + excluded.completed,
			cancelled = cancelled + excluded.cancelled, revenue = revenue + excluded.revenue, booked_seconds = booked_seconds + excluded.booked_seconds;
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
--> statement-breakpoint
CREATE TRIGGER `report_appointments_insert` AFTER INSERT ON `appointments` WHEN EXISTS (SELECT 1 FROM report_rollup_state) BEGIN
	INSERT INTO report_changes (sign, day, start_time, end_time, status, stylist_id, client_id, service_id, price)
		VALUES (1, date(NEW.start_time, (SELECT o.modifier FROM report_zone_offsets o WHERE o.starts_at <= NEW.start_time ORDER BY o.starts_at DESC LIMIT 1)),
			NEW.start_time, NEW.end_time, NEW.status, NEW.stylist_id, NEW.client_id, NEW.service_id, NEW.price);
END;
--> statement-breakpoint
CREATE TRIGGER `report_appointments_delete` AFTER DELETE ON `appointments` WHEN EXISTS (SELECT 1 FROM report_rollup_state) BEGIN
	INSERT INTO report_changes (sign, day, start_time, end_time, status, stylist_id, client_id, service_id, price)
		VALUES (-1, date(OLD.start_time, (SELECT o.modifier FROM report_zone_offsets o WHERE o.starts_at <= OLD.start_time ORDER BY o.starts_at DESC LIMIT 1)),
			OLD.start_time, OLD.end_time, OLD.status, OLD.stylist_id, OLD.client_id, OLD.service_id, OLD.price);
END;
--> statement-breakpoint
CREATE TRIGGER `report_appointments_update` AFTER UPDATE OF `start_time`, `end_time`, `status`, `stylist_id`, `client_id`, `service_id`, `price` ON `appointments`
WHEN EXISTS (SELECT 1 FROM report_rollup_state) BEGIN
	INSERT INTO report_changes (sign, day, start_time, end_time, status, stylist_id, client_id, service_id, price)
		VALUES (-1, date(OLD.start_time, (SELECT o.modifier FROM report_zone_offsets o WHERE o.starts_at <= OLD.start_time ORDER BY o.starts_at DESC LIMIT 1)),
			OLD.start_time, OLD.end_time, OLD.status, OLD.stylist_id, OLD.client_id, OLD.service_id, OLD.price);
	INSERT INTO report_changes (sign, day, start_time, end_time, status, stylist_id, client_id, service_id, price)
		VALUES (1, date(NEW.start_time, (SELECT o.modifier FROM report_zone_offsets o WHERE o.starts_at <= NEW.start_time ORDER BY o.starts_at DESC LIMIT 1)),
			NEW.start_time, NEW.end_time, NEW.status, NEW.stylist_id, NEW.client_id, NEW.service_id, NEW.price);
END;
