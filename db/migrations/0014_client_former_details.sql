CREATE TABLE `client_former_details` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`field` text NOT NULL,
	`value` text NOT NULL,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_former_details_unique_idx` ON `client_former_details` (`client_id`,`field`,`value`);--> statement-breakpoint
-- Hand-added (decision 0094): an erasure replaces a history note that mentions the client
-- whole, so the notes may change only to null or to exactly "[erased]". A rewrite that
-- merely contains "[erased]" is refused like any other.
DROP TRIGGER `appointment_history_no_update`;--> statement-breakpoint
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
	OR (NEW.`notes_before` IS NOT OLD.`notes_before` AND NEW.`notes_before` IS NOT '[erased]' AND NEW.`notes_before` IS NOT NULL)
	OR (NEW.`notes_after` IS NOT OLD.`notes_after` AND NEW.`notes_after` IS NOT '[erased]' AND NEW.`notes_after` IS NOT NULL)
BEGIN
	SELECT RAISE(ABORT, 'appointment_history is append-only: only client links and notes can be erased');
END;
