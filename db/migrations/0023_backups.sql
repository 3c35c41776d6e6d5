CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`slot` text,
	`started_at` text NOT NULL,
	`finished_at` text,
	`status` text NOT NULL,
	`file` text,
	`size_bytes` integer,
	`error` text,
	`taken_by` text NOT NULL,
	`user_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `backup_runs_slot` ON `backup_runs` (`slot`);--> statement-breakpoint
CREATE INDEX `backup_runs_started` ON `backup_runs` (`started_at`);