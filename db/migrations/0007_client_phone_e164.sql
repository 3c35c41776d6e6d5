ALTER TABLE `clients` ADD `phone_e164` text;--> statement-breakpoint
CREATE INDEX `clients_phone_e164_idx` ON `clients` (`phone_e164`);--> statement-breakpoint
-- E-mails written before they were stored lower-cased: lower-case them, so a
-- case-insensitive match is an equality on the index. phone_e164 is filled in by the
-- backfill that runs after the migrations (db/phone-numbers.ts): SQL cannot parse phones.
UPDATE `clients` SET `email` = NULLIF(lower(trim(`email`)), '') WHERE `email` IS NOT NULL AND (`email` <> lower(trim(`email`)) OR trim(`email`) = '');
