-- The Day view marks an appointment a sale was taken for ("Paid"), so the sales table joins
-- the data revision's tables (decision 0089): each sale raises it. Sales are never updated
-- or deleted except an erasure's removal of the client's name, but every covered table
-- carries all three triggers.
CREATE TRIGGER `data_revision_sales_insert` AFTER INSERT ON `sales` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_sales_update` AFTER UPDATE ON `sales` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `data_revision_sales_delete` AFTER DELETE ON `sales` BEGIN
	UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;
END;
