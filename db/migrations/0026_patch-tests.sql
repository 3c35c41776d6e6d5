CREATE TABLE `patch_tests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`tested_at` text NOT NULL,
	`result` text NOT NULL,
	`product` text,
	`notes` text,
	`recorded_by_user_id` integer,
	`recorded_by_name` text NOT NULL,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `patch_tests_client_idx` ON `patch_tests` (`client_id`,`tested_at`);--> statement-breakpoint
ALTER TABLE `appointment_history` ADD `patch_test` text;--> statement-breakpoint
ALTER TABLE `appointment_history` ADD `patch_test_reason` text;--> statement-breakpoint
ALTER TABLE `services` ADD `requires_patch_test` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `patch_test_valid_days` integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `patch_test_lead_hours` integer DEFAULT 48 NOT NULL;--> statement-breakpoint
-- Hand-added (decision 0126): patch tests are a record of what was done to a client, so
-- they cannot be edited or deleted, only added. A merge may relink them to the kept client
-- (only client_id changes); they are deleted only once their client row is gone (the
-- client's deletion or erasure deletes the client first, then their tests).
CREATE TRIGGER `patch_tests_no_update` BEFORE UPDATE ON `patch_tests` FOR EACH ROW
WHEN NEW.`id` IS NOT OLD.`id`
	OR NEW.`tested_at` IS NOT OLD.`tested_at`
	OR NEW.`result` IS NOT OLD.`result`
	OR NEW.`product` IS NOT OLD.`product`
	OR NEW.`notes` IS NOT OLD.`notes`
	OR NEW.`recorded_by_user_id` IS NOT OLD.`recorded_by_user_id`
	OR NEW.`recorded_by_name` IS NOT OLD.`recorded_by_name`
	OR NEW.`recorded_at` IS NOT OLD.`recorded_at`
	OR NOT EXISTS (SELECT 1 FROM `clients` WHERE `id` = NEW.`client_id`)
BEGIN
	SELECT RAISE(ABORT, 'patch_tests are append-only: a test cannot be changed');
END;
--> statement-breakpoint
CREATE TRIGGER `patch_tests_no_delete` BEFORE DELETE ON `patch_tests` FOR EACH ROW
WHEN EXISTS (SELECT 1 FROM `clients` WHERE `id` = OLD.`client_id`)
BEGIN
	SELECT RAISE(ABORT, 'patch_tests are append-only: a test is deleted only with its client');
END;
--> statement-breakpoint
-- The calendar's block marker reads a client's tests (decision 0089).
CREATE TRIGGER `data_revision_patch_tests_insert` AFTER INSERT ON `patch_tests` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_patch_tests_update` AFTER UPDATE ON `patch_tests` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_patch_tests_delete` AFTER DELETE ON `patch_tests` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- The history's new columns are append-only too: what was confirmed never changes, and an
-- override's reason may only become "[erased]" (an erasure of the client).
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
	OR NEW.`patch_test` IS NOT OLD.`patch_test`
	OR (NEW.`notes_before` IS NOT OLD.`notes_before` AND NEW.`notes_before` IS NOT '[erased]' AND NEW.`notes_before` IS NOT NULL)
	OR (NEW.`notes_after` IS NOT OLD.`notes_after` AND NEW.`notes_after` IS NOT '[erased]' AND NEW.`notes_after` IS NOT NULL)
	OR (NEW.`patch_test_reason` IS NOT OLD.`patch_test_reason` AND NEW.`patch_test_reason` IS NOT '[erased]')
BEGIN
	SELECT RAISE(ABORT, 'appointment_history is append-only: only client links and notes can be erased');
END;
