-- Client search (decision 0123): a trigram index of each client's name, e-mail, phone and the
-- phone's digits, so a search reads the matching clients, not every client. Contentless: the
-- index holds no copy of the text, only its trigrams, and secure-delete removes a deleted
-- client's trigrams at once (an erasure leaves nothing behind in the index).
CREATE VIRTUAL TABLE `clients_search` USING fts5(
	`name`, `email`, `phone`, `digits`,
	content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO `clients_search` (`clients_search`, `rank`) VALUES ('secure-delete', 1);
--> statement-breakpoint
INSERT INTO `clients_search` (`rowid`, `name`, `email`, `phone`, `digits`)
	SELECT `id`, `name`, coalesce(`email`, ''), `phone`,
		replace(replace(replace(replace(replace(replace(`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
	FROM `clients`;
--> statement-breakpoint
CREATE TRIGGER `clients_search_insert` AFTER INSERT ON `clients` BEGIN
	INSERT INTO `clients_search` (`rowid`, `name`, `email`, `phone`, `digits`) VALUES (new.`id`, new.`name`, coalesce(new.`email`, ''), new.`phone`,
		replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `clients_search_update` AFTER UPDATE OF `name`, `email`, `phone` ON `clients` BEGIN
	DELETE FROM `clients_search` WHERE `rowid` = old.`id`;
	INSERT INTO `clients_search` (`rowid`, `name`, `email`, `phone`, `digits`) VALUES (new.`id`, new.`name`, coalesce(new.`email`, ''), new.`phone`,
		replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `clients_search_delete` AFTER DELETE ON `clients` BEGIN
	DELETE FROM `clients_search` WHERE `rowid` = old.`id`;
END;
