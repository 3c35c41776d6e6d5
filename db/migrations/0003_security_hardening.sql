ALTER TABLE `sessions` ADD `last_seen_at` text;--> statement-breakpoint
CREATE INDEX `login_attempts_address_idx` ON `login_attempts` (`address`,`attempted_at`);