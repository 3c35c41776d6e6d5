-- A receipt e-mailed to a client goes through the queue of client messages: a message names
-- its appointment or, for a receipt, its sale (the appointment becomes optional).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_client_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`appointment_id` integer,
	`sale_id` integer,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`claimed_by` text NOT NULL,
	`claimed_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`finished_at` text,
	`error` text,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_client_notices`("id", "appointment_id", "sale_id", "channel", "kind", "key", "status", "claimed_by", "claimed_at", "attempts", "next_attempt_at", "finished_at", "error") SELECT "id", "appointment_id", NULL, "channel", "kind", "key", "status", "claimed_by", "claimed_at", "attempts", "next_attempt_at", "finished_at", "error" FROM `client_notices`;--> statement-breakpoint
DROP TABLE `client_notices`;--> statement-breakpoint
ALTER TABLE `__new_client_notices` RENAME TO `client_notices`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `client_notices_unique_idx` ON `client_notices` (`appointment_id`,`channel`,`kind`,`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `client_notices_sale_unique_idx` ON `client_notices` (`sale_id`,`channel`,`kind`,`key`);--> statement-breakpoint
CREATE INDEX `client_notices_status_idx` ON `client_notices` (`status`,`next_attempt_at`);--> statement-breakpoint
-- Hand-added: a client merge moves the merged client's sales to the kept client. A sale's
-- client may change to another client only when its client no longer exists (the merge
-- deletes the duplicate first), and its name then with it; an erasure still clears both.
-- Every amount stays immutable.
DROP TRIGGER `sales_no_update`;--> statement-breakpoint
CREATE TRIGGER `sales_no_update` BEFORE UPDATE ON `sales` FOR EACH ROW
WHEN NEW.`id` IS NOT OLD.`id`
	OR NEW.`receipt_number` IS NOT OLD.`receipt_number`
	OR NEW.`created_at` IS NOT OLD.`created_at`
	OR NEW.`sold_by_user_id` IS NOT OLD.`sold_by_user_id`
	OR NEW.`sold_by_name` IS NOT OLD.`sold_by_name`
	OR NEW.`appointment_id` IS NOT OLD.`appointment_id`
	OR (NEW.`client_id` IS NOT OLD.`client_id` AND NEW.`client_id` IS NOT NULL
		AND (OLD.`client_id` IS NULL OR EXISTS (SELECT 1 FROM `clients` WHERE `id` = OLD.`client_id`)
			OR NOT EXISTS (SELECT 1 FROM `clients` WHERE `id` = NEW.`client_id`)))
	OR (NEW.`client_name` IS NOT OLD.`client_name` AND NEW.`client_name` IS NOT NULL
		AND (NEW.`client_id` IS OLD.`client_id` OR NEW.`client_id` IS NULL))
	OR NEW.`subtotal` IS NOT OLD.`subtotal`
	OR NEW.`discount_total` IS NOT OLD.`discount_total`
	OR NEW.`total` IS NOT OLD.`total`
	OR NEW.`vat_rate` IS NOT OLD.`vat_rate`
	OR NEW.`vat_number` IS NOT OLD.`vat_number`
	OR NEW.`vat` IS NOT OLD.`vat`
	OR NEW.`tips_total` IS NOT OLD.`tips_total`
	OR NEW.`paid` IS NOT OLD.`paid`
	OR NEW.`change` IS NOT OLD.`change`
	OR NEW.`idempotency_key` IS NOT OLD.`idempotency_key`
	OR NEW.`request_hash` IS NOT OLD.`request_hash`
BEGIN
	SELECT RAISE(ABORT, 'sales are immutable: only the client link and name can be erased or moved by a merge');
END;