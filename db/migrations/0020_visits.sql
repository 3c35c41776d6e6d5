ALTER TABLE `appointments` ADD `visit_id` text;--> statement-breakpoint
CREATE INDEX `appointments_visit_idx` ON `appointments` (`visit_id`,`start_time`);