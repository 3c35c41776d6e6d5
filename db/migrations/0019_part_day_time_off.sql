ALTER TABLE `time_off` ADD `start_time` text;--> statement-breakpoint
ALTER TABLE `time_off` ADD `end_time` text;