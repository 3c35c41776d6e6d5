CREATE TABLE `appointment_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`appointment_id` integer NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`kind` text NOT NULL,
	`stylist_before` integer,
	`stylist_after` integer,
	`start_before` text,
	`start_after` text,
	`end_before` text,
	`end_after` text,
	`service_before` integer,
	`service_after` integer,
	`status_before` text,
	`status_after` text,
	`price_before` integer,
	`price_after` integer,
	`client_before` integer,
	`client_after` integer,
	`notes_before` text,
	`notes_after` text
);
--> statement-breakpoint
CREATE INDEX `appointment_history_appointment_idx` ON `appointment_history` (`appointment_id`,`id`);--> statement-breakpoint
CREATE INDEX `appointment_history_client_before_idx` ON `appointment_history` (`client_before`);--> statement-breakpoint
CREATE INDEX `appointment_history_client_after_idx` ON `appointment_history` (`client_after`);--> statement-breakpoint
-- Hand-added (decision 0085): the history is append-only for every writer, raw SQL included.
-- No row is ever deleted.
CREATE TRIGGER `appointment_history_no_delete` BEFORE DELETE ON `appointment_history`
BEGIN
	SELECT RAISE(ABORT, 'appointment_history is append-only');
END;--> statement-breakpoint
-- An UPDATE may change only the client links (merging relinks them to the kept client,
-- erasure clears them) and the notes, and notes only to null or to a text redacted with
-- "[erased]" (the erasure scrub). Anything else is refused.
CREATE TRIGGER `appointment_history_no_update` BEFORE UPDATE ON `appointment_history` FOR EACH ROW
WHEN NEW.`id` IS NOT OLD.`id`
	OR NEW.`appointment_id` IS NOT OLD.`appointment_id`
	OR NEW.`at` IS NOT OLD.`at`
	OR NEW.`actor_user_id` IS NOT OLD.`actor_user_id`
	OR NEW.`actor_name` IS NOT OLD.`actor_name`
	OR NEW.`kind` IS NOT OLD.`kind`
	OR NEW.`stylist_before` IS NOT OLD.`stylist_before`
	OR NEW.`stylist_after` IS NOT OLD.`stylist_after`
	OR NEW.`start_before` IS NOT OLD.`start_before`
	OR NEW.`start_after` IS NOT OLD.`start_after`
	OR NEW.`end_before` IS NOT OLD.`end_before`
	OR NEW.`end_after` IS NOT OLD.`end_after`
	OR NEW.`service_before` IS NOT OLD.`service_before`
	OR NEW.`service_after` IS NOT OLD.`service_after`
	OR NEW.`status_before` IS NOT OLD.`status_before`
	OR NEW.`status_after` IS NOT OLD.`status_after`
	OR NEW.`price_before` IS NOT OLD.`price_before`
	OR NEW.`price_after` IS NOT OLD.`price_after`
	OR (NEW.`notes_before` IS NOT OLD.`notes_before` AND NEW.`notes_before` IS NOT NULL AND instr(NEW.`notes_before`, '[erased]') = 0)
	OR (NEW.`notes_after` IS NOT OLD.`notes_after` AND NEW.`notes_after` IS NOT NULL AND instr(NEW.`notes_after`, '[erased]') = 0)
BEGIN
	SELECT RAISE(ABORT, 'appointment_history is append-only: only client links and notes can be erased');
END;
