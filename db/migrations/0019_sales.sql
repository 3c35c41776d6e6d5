CREATE TABLE `cash_ups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`counted_cash` integer NOT NULL,
	`expected_cash` integer NOT NULL,
	`difference` integer NOT NULL,
	`notes` text,
	`by_user_id` integer,
	`by_name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cash_ups_date_idx` ON `cash_ups` (`date`,`id`);--> statement-breakpoint
CREATE TABLE `commission_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stylist_id` integer NOT NULL,
	`service_rate` real NOT NULL,
	`product_rate` real NOT NULL,
	`effective_from` text NOT NULL,
	`set_by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `commission_rates_stylist_idx` ON `commission_rates` (`stylist_id`,`effective_from`,`id`);--> statement-breakpoint
CREATE TABLE `refund_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`refund_id` integer NOT NULL,
	`sale_line_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_line_id`) REFERENCES `sale_lines`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refund_lines_refund_idx` ON `refund_lines` (`refund_id`);--> statement-breakpoint
CREATE INDEX `refund_lines_line_idx` ON `refund_lines` (`sale_line_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`by_user_id` integer,
	`by_name` text NOT NULL,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`reason` text NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refunds_sale_idx` ON `refunds` (`sale_id`);--> statement-breakpoint
CREATE INDEX `refunds_created_idx` ON `refunds` (`created_at`);--> statement-breakpoint
CREATE TABLE `sale_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`service_id` integer,
	`product_id` integer,
	`description` text NOT NULL,
	`stylist_id` integer,
	`stylist_name` text,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`price` integer NOT NULL,
	`discount` integer NOT NULL,
	`net` integer NOT NULL,
	`vat` integer NOT NULL,
	`commission_rate` real,
	`commission` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sale_lines_sale_idx` ON `sale_lines` (`sale_id`);--> statement-breakpoint
CREATE INDEX `sale_lines_stylist_idx` ON `sale_lines` (`stylist_id`,`sale_id`);--> statement-breakpoint
CREATE TABLE `sale_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sale_payments_sale_idx` ON `sale_payments` (`sale_id`);--> statement-breakpoint
CREATE TABLE `sale_tips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`stylist_id` integer NOT NULL,
	`stylist_name` text NOT NULL,
	`amount` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sale_tips_sale_idx` ON `sale_tips` (`sale_id`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receipt_number` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sold_by_user_id` integer,
	`sold_by_name` text NOT NULL,
	`appointment_id` integer,
	`client_id` integer,
	`client_name` text,
	`subtotal` integer NOT NULL,
	`discount_total` integer NOT NULL,
	`total` integer NOT NULL,
	`vat_rate` real,
	`vat_number` text,
	`vat` integer NOT NULL,
	`tips_total` integer NOT NULL,
	`paid` integer NOT NULL,
	`change` integer NOT NULL,
	`idempotency_key` text,
	`request_hash` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_receipt_number_idx` ON `sales` (`receipt_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_idempotency_key_idx` ON `sales` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_appointment_idx` ON `sales` (`appointment_id`);--> statement-breakpoint
CREATE INDEX `sales_created_idx` ON `sales` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_client_idx` ON `sales` (`client_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `retail_price` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `stock_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `reorder_level` integer;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `vat_number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `salon_settings` ADD `vat_rate` real DEFAULT 20 NOT NULL;--> statement-breakpoint
-- Hand-added (decision 0117): sales, their lines, tips and payments, refunds, cash-ups and
-- commission rates are accounting records. No row is ever deleted or changed by any writer,
-- raw SQL included; corrections are refunds. The one exception: an erasure may clear a
-- sale's client link and name (to null), keeping its amounts.
CREATE TRIGGER `sales_no_delete` BEFORE DELETE ON `sales`
BEGIN
	SELECT RAISE(ABORT, 'sales are immutable: corrections are refunds');
END;--> statement-breakpoint
CREATE TRIGGER `sales_no_update` BEFORE UPDATE ON `sales` FOR EACH ROW
WHEN NEW.`id` IS NOT OLD.`id`
	OR NEW.`receipt_number` IS NOT OLD.`receipt_number`
	OR NEW.`created_at` IS NOT OLD.`created_at`
	OR NEW.`sold_by_user_id` IS NOT OLD.`sold_by_user_id`
	OR NEW.`sold_by_name` IS NOT OLD.`sold_by_name`
	OR NEW.`appointment_id` IS NOT OLD.`appointment_id`
	OR (NEW.`client_id` IS NOT OLD.`client_id` AND NEW.`client_id` IS NOT NULL)
	OR (NEW.`client_name` IS NOT OLD.`client_name` AND NEW.`client_name` IS NOT NULL)
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
	SELECT RAISE(ABORT, 'sales are immutable: only the client link and name can be erased');
END;--> statement-breakpoint
CREATE TRIGGER `sale_lines_no_delete` BEFORE DELETE ON `sale_lines`
BEGIN
	SELECT RAISE(ABORT, 'sale lines are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `sale_lines_no_update` BEFORE UPDATE ON `sale_lines`
BEGIN
	SELECT RAISE(ABORT, 'sale lines are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `sale_tips_no_delete` BEFORE DELETE ON `sale_tips`
BEGIN
	SELECT RAISE(ABORT, 'sale tips are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `sale_tips_no_update` BEFORE UPDATE ON `sale_tips`
BEGIN
	SELECT RAISE(ABORT, 'sale tips are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `sale_payments_no_delete` BEFORE DELETE ON `sale_payments`
BEGIN
	SELECT RAISE(ABORT, 'sale payments are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `sale_payments_no_update` BEFORE UPDATE ON `sale_payments`
BEGIN
	SELECT RAISE(ABORT, 'sale payments are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `refunds_no_delete` BEFORE DELETE ON `refunds`
BEGIN
	SELECT RAISE(ABORT, 'refunds are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `refunds_no_update` BEFORE UPDATE ON `refunds`
BEGIN
	SELECT RAISE(ABORT, 'refunds are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `refund_lines_no_delete` BEFORE DELETE ON `refund_lines`
BEGIN
	SELECT RAISE(ABORT, 'refund lines are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `refund_lines_no_update` BEFORE UPDATE ON `refund_lines`
BEGIN
	SELECT RAISE(ABORT, 'refund lines are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `cash_ups_no_delete` BEFORE DELETE ON `cash_ups`
BEGIN
	SELECT RAISE(ABORT, 'cash-ups are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `cash_ups_no_update` BEFORE UPDATE ON `cash_ups`
BEGIN
	SELECT RAISE(ABORT, 'cash-ups are immutable');
END;--> statement-breakpoint
CREATE TRIGGER `commission_rates_no_delete` BEFORE DELETE ON `commission_rates`
BEGIN
	SELECT RAISE(ABORT, 'commission rates are append-only');
END;--> statement-breakpoint
CREATE TRIGGER `commission_rates_no_update` BEFORE UPDATE ON `commission_rates`
BEGIN
	SELECT RAISE(ABORT, 'commission rates are append-only');
END;
